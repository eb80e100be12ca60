import SchemaLintModel

/// Edits to a plan's `schemas` and `stages`, planned in version order: what `check --fix` and `bump` write.
package enum PlanEdits {
    /// Lists the declared stage `stage` in `plan.stages`, after the listed stages of earlier steps.
    package static func listStage(_ stage: Stage, in plan: MigrationPlan, context: RuleContext) -> Finding.Fix {
        guard let list = plan.stagesLocation, plan.stages != nil else {
            return .refused("\(plan.name).stages is not an array literal schemalint can add to")
        }
        guard let name = stage.name else { return .refused("the stage has no name to list") }
        let steps = context.steps(of: plan)
        let from = steps.index(of: stage.from?.version)
        if let from, let to = steps.index(of: stage.to?.version), to == from + 1,
            let listed = steps.steps[from].stages.first
        {
            return .refused(
                "\(steps.versions[from].name) → \(steps.versions[to].name) already has a listed stage"
                    + "\(listed.name.map { " (\($0))" } ?? ""); decide which one runs")
        }
        let position = stagePosition(forStepFrom: from, in: plan, steps: steps)
        return Finding.Fix(
            "list \(name) in \(plan.name).stages",
            edits: [.insertElement(list: list, position: position, element: name, order: from ?? Int.max)])
    }

    /// An explicit `.lightweight` stage for the step `from` → `to`: declared like the plan's other declared stages
    /// and listed, or written inline when the list holds inline stages (or none).
    /// `index` is the position of `from` in `schemas` (`schemas.count - 1` for a version `bump` appends).
    package static func addLightweightStage(
        from: String, to: String, index: Int?, in plan: MigrationPlan, steps: PlanSteps
    ) -> Finding.Fix {
        guard let list = plan.stagesLocation, let listed = plan.stages else {
            return .refused("\(plan.name).stages is not an array literal schemalint can add to")
        }
        let call = "lightweight(fromVersion: \(from).self, toVersion: \(to).self)"
        let position = stagePosition(forStepFrom: index, in: plan, steps: steps)
        let summary = "add .lightweight(\(from) → \(to)) to \(plan.name).stages"
        // Declared like its siblings when the newest listed stage is a declared one.
        guard let sibling = listed.last(where: { $0.name != nil }),
            let declaration = plan.declaredStages.last(where: { $0.name == sibling.name })
        else {
            return Finding.Fix(
                summary,
                edits: [.insertElement(list: list, position: position, element: ".\(call)", order: index ?? Int.max)])
        }
        let name = stageName(like: sibling, from: from, to: to, steps: steps)
        guard !plan.declaredStages.contains(where: { $0.name == name }) else {
            return .refused("\(plan.name) already declares a member named \(name)")
        }
        return Finding.Fix(
            summary,
            edits: [
                .declareStage(after: declaration.location, name: name, call: call),
                .insertElement(list: list, position: position, element: name, order: index ?? Int.max),
            ])
    }

    /// After the last listed stage of an earlier step; first when there is none.
    static func stagePosition(forStepFrom from: Int?, in plan: MigrationPlan, steps: PlanSteps)
        -> SourceEdit.ListPosition
    {
        guard let from else { return .end }
        let earlier = (plan.stages ?? []).last { stage in
            steps.index(of: stage.from?.version).map { $0 < from } ?? false
        }
        return earlier.map { .after($0.location) } ?? .first
    }

    /// `migrateV1toV2` for V3 → V4 is `migrateV3toV4`: the sibling's numbers replaced when they are its versions'
    /// numbers, in order; otherwise `migrateV3ToV4` from the versions' names.
    static func stageName(like sibling: Stage, from: String, to: String, steps: PlanSteps) -> String {
        let simple = { (name: String) in name.split(separator: ".").last.map(String.init) ?? name }
        let fallback = "migrate\(simple(from))To\(simple(to))"
        guard let name = sibling.name,
            let siblingFrom = steps.versions.first(where: { $0.id == sibling.from?.version }),
            let siblingTo = steps.versions.first(where: { $0.id == sibling.to?.version }),
            let oldFrom = VersionNaming.trailingNumber(simple(siblingFrom.name)),
            let oldTo = VersionNaming.trailingNumber(simple(siblingTo.name)),
            let newFrom = VersionNaming.trailingNumber(simple(from)),
            let newTo = VersionNaming.trailingNumber(simple(to))
        else {
            return fallback
        }
        let runs = VersionNaming.digitRuns(name)
        guard runs.map(\.value) == [oldFrom, oldTo] else { return fallback }
        var result = name
        for (run, value) in zip(runs, [newFrom, newTo]).reversed() {
            result.replaceSubrange(run.range, with: String(value))
        }
        return result
    }
}

/// Version names that end in a number (`SchemaV3`, `ModelSchemaV12`, `DataV2`).
package enum VersionNaming {
    package static func trailingNumber(_ name: String) -> Int? {
        let digits = name.reversed().prefix { $0.isASCII && $0.isNumber }
        return digits.isEmpty ? nil : Int(String(digits.reversed()))
    }

    /// `SchemaV3` → `SchemaV4`; nil when the name does not end in a number.
    package static func next(after name: String) -> String? {
        guard let number = trailingNumber(name) else { return nil }
        let digits = name.reversed().prefix { $0.isASCII && $0.isNumber }.count
        return String(name.dropLast(digits)) + String(number + 1)
    }

    static func digitRuns(_ text: String) -> [(range: Range<String.Index>, value: Int)] {
        var runs: [(Range<String.Index>, Int)] = []
        var index = text.startIndex
        while index < text.endIndex {
            guard text[index].isASCII && text[index].isNumber else {
                index = text.index(after: index)
                continue
            }
            let start = index
            while index < text.endIndex, text[index].isASCII && text[index].isNumber {
                index = text.index(after: index)
            }
            runs.append((start..<index, Int(text[start..<index]) ?? 0))
        }
        return runs
    }
}
