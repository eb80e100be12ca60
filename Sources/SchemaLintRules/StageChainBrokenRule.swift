import SchemaLintFacts
import SchemaLintModel

/// Stages must step through `schemas` one neighbour at a time, forwards, once per step.
public struct StageChainBrokenRule: Rule {
    public let id = RuleID.stageChainBroken
    public let defaultSeverity = Severity.error
    public let summary = "Stages do not step through schemas in order (skipped, repeated or backwards steps)."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for plan in context.project.plans {
            guard let stages = plan.stages else { continue }
            let steps = context.steps(of: plan)
            var covered = Set<Int>()
            for stage in stages {
                guard let from = steps.index(of: stage.from?.version), let to = steps.index(of: stage.to?.version)
                else { continue }
                let names = "\(steps.versions[from].name) → \(steps.versions[to].name)"
                let subject = Finding.Subject.stage(plan: plan.name, stage: stage.displayName)
                if to < from {
                    findings.append(
                        finding(
                            stage.location, about: subject,
                            .stageBackwards(
                                names, plan: plan.name, to: steps.versions[to].name,
                                from: steps.versions[from].name)))
                } else if to == from {
                    findings.append(finding(stage.location, about: subject, .stageToItself(steps.versions[from].name)))
                } else if to != from + 1 {
                    let skipped = steps.versions[(from + 1)..<to].map(\.name)
                    findings.append(
                        finding(
                            stage.location, about: subject,
                            .stageSkips(skipped, names: names, plan: plan.name)))
                } else if !covered.insert(from).inserted {
                    findings.append(finding(stage.location, about: subject, .secondStage(names)))
                }
            }
            // A step with no stage is not reported: SwiftData infers a lightweight migration for it, and
            // lightweight_unsupported_change says when it cannot; a declared stage left out of `stages` is
            // stage_not_listed's. One root cause, one finding.
        }
        return findings
    }
}

extension RuleID {
    public static let stageChainBroken: RuleID = "stage_chain_broken"
}

extension Finding.Message {
    static func stageBackwards(_ names: String, plan: String, to: String, from: String) -> Self {
        Self(
            id: "backwards",
            "this stage goes backwards (\(names)): opening the container fails",
            detail: "\(plan).schemas lists \(to) before \(from), and migration only runs forwards: the plan is invalid",
            fix: "Swap fromVersion and toVersion, or fix the order of schemas")
    }

    static func stageToItself(_ version: String) -> Self {
        Self(
            id: "to-itself",
            "this stage goes from \(version) to itself: the app fails at launch, before any store is migrated",
            detail: "SwiftData refuses a plan with such a stage when the container opens",
            fix: "Remove the stage, or make it go from \(version) to the version after it")
    }

    static func stageSkips(_ skipped: [String], names: String, plan: String) -> Self {
        let headline =
            skipped.count == 1
            ? "this stage skips \(skipped[0]): its stores have no migration path"
            : "this stage skips \(skipped.count) versions: their stores have no migration path"
        return Self(
            id: "skips", headline,
            detail: "It goes \(names), skipping \(skipped.joined(separator: ", ")): stages must join neighbours in "
                + "\(plan).schemas, or stores of the skipped versions have no path",
            fix: "Add a stage per step")
    }

    static func secondStage(_ names: String) -> Self {
        Self(
            id: "second-stage",
            "a second stage for the step \(names): opening the container fails",
            detail: "Staged migration needs exactly one stage per step: the plan is invalid",
            fix: "Merge the two stages")
    }
}
