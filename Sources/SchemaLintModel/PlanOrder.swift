/// The order a plan's versions migrate in. A plan lists `schemas` oldest first as a rule, but SwiftData runs the
/// stages the plan gives (each from one version to another) and recognises a store by its checksum, whatever the
/// list's order: an app shipped `[SchemaV5.self, SchemaV4.self]` with identifiers 3.0.0 and 2.0.0 and one stage
/// from V4 to V5 for three releases, and its stores migrated. Taking the list's order as the migration order there
/// made V4 the newest version, the stage go backwards and the container's models miss from the plan: five false
/// errors from one choice of order.
///
/// So where every listed version has its own readable `versionIdentifier` and the plan's stages go from a lower
/// identifier to a higher one (at least one stage, every one schemalint reads), the versions are taken in identifier
/// order, and the list as written is kept in `writtenSchemas` (for `schemas_out_of_order`, which still says so).
/// Where any of that cannot be read, or a stage goes against the identifiers, the written order stands and the rules
/// that read it report what breaks.
public enum PlanOrder {
    public static func apply(to project: inout Project) {
        for index in project.plans.indices {
            let plan = project.plans[index]
            guard let written = plan.schemas, let ordered = ordered(plan, written, project) else { continue }
            project.plans[index].writtenSchemas = written
            project.plans[index].schemas = ordered
        }
    }

    /// `written` in identifier order, or nil when it already is, or when the identifiers cannot decide it.
    private static func ordered(_ plan: MigrationPlan, _ written: [VersionReference], _ project: Project)
        -> [VersionReference]?
    {
        var identifiers: [VersionNumber] = []
        for reference in written {
            guard let id = reference.version, let identifier = project.version(id)?.identifier else { return nil }
            identifiers.append(identifier)
        }
        guard Set(identifiers).count == identifiers.count,
            zip(identifiers, identifiers.dropFirst()).contains(where: { $0 > $1 })
        else { return nil }
        let byVersion = Dictionary(
            zip(written.compactMap(\.version), identifiers), uniquingKeysWith: { first, _ in first })
        // The stages must vouch for the identifiers: at least one read, and every one read going forwards by
        // identifier. With none, the list is as good a witness as the identifiers, and it stands.
        var vouched = false
        for stage in plan.stages ?? [] {
            guard let from = stage.from?.version.flatMap({ byVersion[$0] }),
                let to = stage.to?.version.flatMap({ byVersion[$0] })
            else { continue }
            if from >= to { return nil }
            vouched = true
        }
        return vouched ? zip(written, identifiers).sorted { $0.1 < $1.1 }.map(\.0) : nil
    }
}
