import SchemaLintModel

/// Stages must step through `schemas` one neighbour at a time, forwards, once per step.
public struct StageChainBrokenRule: Rule {
    public let id = "stage_chain_broken"
    public let defaultSeverity = Severity.error
    public let summary = "Stages do not step through schemas in order (skipped, repeated or backwards steps)."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for plan in context.project.plans {
            guard let stages = plan.stages else { continue }
            let steps = context.steps(of: plan)
            var covered = Set<Int>()
            for stage in stages {
                guard let from = steps.index(of: stage.from?.version), let to = steps.index(of: stage.to?.version) else { continue }
                let names = "\(steps.versions[from].name) → \(steps.versions[to].name)"
                if to < from {
                    findings.append(finding(stage.location, "this stage goes backwards (\(names)): \(plan.name).schemas lists \(steps.versions[to].name) before \(steps.versions[from].name), and migration only runs forwards. Swap fromVersion and toVersion, or fix the order of schemas"))
                } else if to == from {
                    findings.append(finding(stage.location, "this stage goes from \(steps.versions[from].name) to itself"))
                } else if to != from + 1 {
                    let skipped = steps.versions[(from + 1)..<to].map(\.name).joined(separator: ", ")
                    findings.append(finding(stage.location, "this stage skips \(skipped) (\(names)): stages must join neighbours in \(plan.name).schemas, or stores of the skipped versions have no path. Add a stage per step"))
                } else if !covered.insert(from).inserted {
                    findings.append(finding(stage.location, "a second stage for the step \(names): staged migration needs exactly one stage per step. Merge the two stages"))
                }
            }
            // A step with no stage is not reported: SwiftData infers a lightweight migration for it, and
            // lightweight_unsupported_change says when it cannot; a declared stage left out of `stages` is
            // stage_not_listed's. One root cause, one finding.
        }
        return findings
    }
}
