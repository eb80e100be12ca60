import SchemaLintFacts
import SchemaLintModel

/// A custom stage's own code can lose what it means to carry over while the store opens fine: objects it builds
/// and never inserts are never saved, and rows it deletes before anything reads them are gone.
public struct CustomStageLosesDataRule: Rule {
    public let id = RuleID.customStageLosesData
    public let defaultSeverity = Severity.warning
    public let summary =
        "A custom stage builds model objects it never inserts, or deletes rows the next version keeps unread."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        var seen = Set<SourceLocation>()
        let project = context.project
        for plan in project.plans {
            for stage in plan.listedAndDeclaredStages where stage.kind == .custom {
                let subject = Finding.Subject.stage(plan: plan.name, stage: stage.displayName)
                let will = stage.expression.willMigrate
                for (name, closure) in [("willMigrate", will), ("didMigrate", stage.expression.didMigrate)] {
                    guard let closure else { continue }
                    // didMigrate runs after willMigrate: rows willMigrate deleted are gone by then too.
                    var deletions = closure.rowDeletions.map { ($0, stage.scope(of: closure)) }
                    if name == "didMigrate", let will {
                        deletions += will.rowDeletions.map { ($0, stage.scope(of: will)) }
                    }
                    for object in closure.unkeptObjects {
                        guard
                            let entity = Self.entity(
                                object.type, scope: stage.scope(of: closure), object.location.file, project),
                            !Self.mayBeLinked(object, entity), seen.insert(object.location).inserted
                        else { continue }
                        let rows = Self.rows(deletions, project)
                        findings.append(
                            finding(
                                object.location, about: subject,
                                .objectNeverInserted(
                                    model: entity.qualifiedName, closure: name, deletedRows: rows,
                                    deletedAt: deletions.first?.0.location),
                                notes: stage.notes(naming: closure, as: name)))
                    }
                }
                findings += deletedBeforeRead(stage, subject: subject, context, seen: &seen)
            }
        }
        return findings
    }

    /// willMigrate's `delete(model: X.self)` (or a loop deleting every fetched X) where the target still stores X
    /// and nothing before the delete reads X's rows.
    private func deletedBeforeRead(
        _ stage: Stage, subject: Finding.Subject, _ context: RuleContext, seen: inout Set<SourceLocation>
    ) -> [Finding] {
        let project = context.project
        guard let will = stage.expression.willMigrate, let target = stage.to?.version.flatMap({ project.version($0) })
        else { return [] }
        let from = stage.from?.version.flatMap { project.version($0) }
        let scope = stage.scope(of: will)
        var findings: [Finding] = []
        for deletion in will.rowDeletions where deletion.kind != .some {
            guard let model = deletion.model,
                let entity = Self.entity(model, scope: scope, deletion.location.file, project),
                context.entity(named: entity.name, in: target) != nil,
                // A helper given the context may read anything.
                !will.contextHandOffs.contains(where: { $0 < deletion.location })
            else { continue }
            let readBefore = will.typeUsesOutsideDeletions.contains { use in
                use.location < deletion.location
                    && CustomStageWrongVersionRule.namedTypes(in: use.type).contains {
                        project.symbols.resolveSymbol($0, scope: scope, file: use.location.file) == entity.id
                    }
            }
            // `trip.stops` read from another model's rows reaches these rows without naming their class; so may a
            // function given such rows (`JSONEncoder().encode(movies)`, whose encoding writes each movie's actors).
            let relates = { (other: Entity) in other.properties.contains { $0.relationship?.destination == entity.id } }
            let readThroughRelationship =
                (from?.allEntities ?? []).compactMap { project.entity($0) }.contains {
                    $0.properties.contains { property in
                        property.relationship?.destination == entity.id && will.memberNames.contains(property.name)
                    }
                }
                || will.rowHandOffs.contains { handOff in
                    handOff.location < deletion.location
                        && Self.entity(handOff.type, scope: scope, handOff.location.file, project).map(relates) == true
                }
            guard !readBefore, !readThroughRelationship, seen.insert(deletion.location).inserted else { continue }
            findings.append(
                finding(
                    deletion.location, about: subject,
                    .rowsDeletedUnread(
                        model: entity.qualifiedName, entity: entity.name, target: target.name,
                        oneByOne: deletion.kind == .fetchedRows),
                    notes: stage.notes(naming: will, as: "willMigrate")))
        }
        return findings
    }

    /// The `@Model` class a type written in a stage's closure names (`scope`: `Stage.scope(of:)` that closure).
    static func entity(_ type: TypeExpr, scope: SymbolID?, _ file: String, _ project: Project) -> Entity? {
        project.symbols.resolveSymbol(type, scope: scope, file: file).flatMap { project.entity($0) }
    }

    /// Whether the initialiser or a property set on the object may link it to an object the context holds, which
    /// inserts it: a relationship set by name, or (in a model with relationships) an argument whose label names no
    /// attribute.
    static func mayBeLinked(_ object: BuiltObject, _ entity: Entity) -> Bool {
        let relationships = Set(entity.properties.filter { $0.relationship != nil }.map(\.name))
        let attributes = Set(entity.properties.filter { $0.relationship == nil }.map(\.name))
        if object.setMembers.contains(where: relationships.contains) { return true }
        // Read through a member that is not one of its attributes (a relationship, a method, unknown): may link it.
        if object.chainedMembers.contains(where: { !attributes.contains($0) }) { return true }
        guard !relationships.isEmpty || entity.superclass != nil else { return false }
        return object.initialiserLabels.contains { label in label.map { !attributes.contains($0) } ?? true }
    }

    /// `SchemaV7.Item rows`, or `rows` when no deletion names its model; each deletion with its closure's scope.
    static func rows(_ deletions: [(RowDeletion, SymbolID?)], _ project: Project) -> String? {
        guard !deletions.isEmpty else { return nil }
        var names: [String] = []
        for (deletion, scope) in deletions {
            guard let model = deletion.model,
                let entity = entity(model, scope: scope, deletion.location.file, project)
            else { continue }
            if !names.contains(entity.qualifiedName) { names.append(entity.qualifiedName) }
        }
        if names.isEmpty { return "rows" }
        let listed = names.count <= 2 ? names.joined(separator: " and ") : "\(names[0]) and other"
        return "\(listed) rows"
    }
}

extension RuleID {
    public static let customStageLosesData: RuleID = "custom_stage_loses_data"
}

extension Finding.Message {
    static func objectNeverInserted(
        model: String, closure: String, deletedRows: String?, deletedAt: SourceLocation?
    ) -> Self {
        let kept =
            "It is never passed to `context.insert(_:)`, attached to another object, returned or given to a "
            + "function, so the context never saves it"
        guard let deletedRows else {
            return Self(
                id: "never-inserted",
                fitting(
                    "\(closure) builds a \(model) it never inserts: it is never saved, so what it holds is lost on "
                        + "users' devices",
                    "\(closure) builds a \(model) it never inserts: it is never saved on users' devices"),
                detail: kept,
                fix: "Insert it (`context.insert(_:)`) or attach it to an object the context holds, then save")
        }
        let line = deletedAt.map { " (line \($0.line))" } ?? ""
        return Self(
            id: "never-inserted-rows-deleted",
            fitting(
                "\(closure) builds a \(model) it never inserts and the stage deletes \(deletedRows): users lose both",
                "\(closure) builds a \(model) it never inserts while the stage deletes rows: users lose both"),
            detail: "\(kept). The stage also deletes \(deletedRows)\(line): after the migration neither the old rows "
                + "nor the objects built from them exist, and the store opens as if nothing happened",
            fix: "Insert it (`context.insert(_:)`) or attach it to an object the context holds, and save before "
                + "deleting the rows it was built from")
    }

    static func rowsDeletedUnread(model: String, entity: String, target: String, oneByOne: Bool) -> Self {
        let how = oneByOne ? "deletes every fetched \(model) row" : "deletes every \(model) row"
        return Self(
            id: "deleted-unread",
            fitting(
                "willMigrate \(how) before anything reads it, and \(target) still stores \(entity): users lose them",
                "willMigrate \(how) unread, though \(target) still stores \(entity): users lose them",
                "willMigrate deletes \(model) rows unread that \(target) still stores: users lose them"),
            detail: "\(target) keeps \(entity), so the inferred migration would have carried these rows over; "
                + "nothing in willMigrate fetches them before the delete, so nothing copies what they hold and the "
                + "store opens without them",
            fix: "Copy what the rows hold before deleting them (fetch them in willMigrate, write the copies in "
                + "didMigrate), or drop the delete and let the migration carry them")
    }
}
