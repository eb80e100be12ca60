import SchemaLintFacts
import SchemaLintModel

/// A state that shipped (a locked version, or an unversioned app's locked state) whose checksum no version of the plan
/// that runs stages has: SwiftData's staged migration does not know the stores it wrote, and they fail to open with
/// 134504 "unknown model version". The moment a plan with stages is adopted after unversioned releases, and a
/// version dropped from `schemas` while its type stays in the sources, are both this.
public struct ShippedVersionNotInPlanRule: Rule {
    public let id = RuleID.shippedVersionNotInPlan
    public let defaultSeverity = Severity.error
    public let severities: [Severity] = [.error, .note]
    public let summary =
        "A state that shipped (recorded in schemalint.lock) has no version with its checksum in the plan that runs "
        + "stages."

    public func check(_ context: RuleContext) -> [Finding] {
        guard let lockfile = context.lockfile else { return [] }
        var findings: [Finding] = []
        var reported = Set<String>()
        // A locked version whose type is gone is shipped_schema_removed's; here, the unversioned states.
        for state in context.shippedStates where ImplicitVersionKeys.isImplicit(state.key) {
            guard case let .unknownToPlan(plan) = state.fate, reported.insert(state.key).inserted else { continue }
            let versions = context.steps(of: plan).versions
            findings.append(
                report(
                    state.displayName, short: state.key, key: state.key, locked: state.locked, plan, versions,
                    context, repair: context.repair(of: [state.store])))
        }
        // Versions still declared, unchanged, but left out of the plan that runs stages on the store holding them.
        for version in context.project.versions where !version.isImplicit {
            guard let locked = lockfile.versions[version.key], locked.retired == nil,
                let analysis = context.analysis(of: version), analysis.hashes.checksum == locked.checksum
            else { continue }
            for store in StateAssignment.holder(of: version.key, locked, in: context).stores {
                guard let plan = store.stagedPlan(context),
                    store.stagedChecksums(context)?.contains(locked.checksum) == false,
                    store.stagedVersionsRead(context),
                    reported.insert(version.key).inserted
                else { continue }
                let name = "\(version.name) (\(locked.versionIdentifier ?? "locked"))"
                let versions = context.steps(of: plan).versions
                findings.append(
                    report(
                        name, short: version.name, key: version.key, locked: locked, plan, versions, context,
                        repair: context.repair(of: [store])))
            }
        }
        return findings
    }

    private func report(
        _ name: String, short: String, key: String, locked: LockedVersion, _ plan: MigrationPlan,
        _ versions: [SchemaVersion], _ context: RuleContext, repair: StoreRepair?
    ) -> Finding {
        // The version that differs least from what shipped: where a frozen copy of it would go.
        let nearest = versions.compactMap { version -> (SchemaVersion, [String])? in
            guard let analysis = context.analysis(of: version) else { return nil }
            return (version, SnapshotDiff.changes(from: locked.entities, to: analysis.snapshot).map(\.text))
        }.min { $0.1.count < $1.1.count }
        return finding(
            plan.schemasLocation ?? plan.location, about: .version(key),
            .shippedNotInPlan(
                state: name, short: short, checksum: locked.checksum, plan: plan.name, nearest: nearest?.0.name,
                differences: nearest?.1 ?? [], key: key, repaired: repair != nil),
            severity: repair == nil ? nil : .note, notes: repair.map { [$0.note] } ?? [])
    }
}

extension Finding.Message {
    /// `state` names the shipped state in full (`SchemaV1 (1.0.0)`, `the unversioned state locked as Unversioned@…`),
    /// `short` in the headline (`SchemaV1`, `Unversioned@…`).
    static func shippedNotInPlan(
        state: String, short: String, checksum: String, plan: String, nearest: String?, differences: [String],
        key: String, repaired: Bool = false
    ) -> Self {
        let shown = differences.prefix(4).joined(separator: "; ") + (differences.count > 4 ? "; …" : "")
        let difference = shown.isEmpty ? "nothing stored" : shown
        let near = nearest.map { ". The nearest version, \($0), differs from what shipped: \(difference)" } ?? ""
        let outcome =
            repaired
            ? "they fail to open with 134504 \"unknown model version\" unless the app's own repair, which rewrites "
                + "a store's version metadata when it fails to open, covers them"
            : "they fail to open with 134504 \"unknown model version\""
        return Self(
            id: repaired ? "not-in-plan-repaired" : "not-in-plan",
            repaired
                ? "\(short) shipped but is unknown to \(plan): its stores open only if the app's repair covers them"
                : "\(short) shipped but is unknown to \(plan): its stores fail to open (134504 at launch)",
            detail: "\(plan) runs migration stages, so SwiftData must find a store's checksum among its versions, "
                + "and none has \(checksum), the checksum of stores written by \(state): \(outcome)\(near)",
            fix: "Add a version that freezes exactly what shipped to \(plan)'s schemas, with a stage from it; or, if "
                + "those stores are handled elsewhere, run `schemalint lock --accept \(key) --reason \"...\"`")
    }
}
