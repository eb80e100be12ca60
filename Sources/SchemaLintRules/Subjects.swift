import SchemaLintFacts
import SchemaLintModel

/// Names for the places findings are about, without line numbers (Finding.Subject).
extension Stage {
    /// The static member's name, else its step (`SchemaV1->SchemaV2`).
    public var displayName: String {
        name ?? "\(from?.written.description ?? "?")->\(to?.written.description ?? "?")"
    }
}

extension Stage {
    /// For a finding in the body of a function the stage names as its closure (`didMigrate: fillQuotes`), perhaps in
    /// another file: where the stage names it. Nothing for a closure written in the stage.
    func notes(naming closure: ClosureSummary, as slot: String) -> [Finding.Note] {
        guard case let .function(function, _) = closure.origin else { return [] }
        let reference = slot == "willMigrate" ? expression.willMigrateReference : expression.didMigrateReference
        return [Finding.Note(reference?.location ?? location, "the stage runs `\(function)` as its \(slot) here")]
    }
}

extension ContainerModel {
    /// The file and the models it is built from: `App.swift [Trip.self, Stop.self]`.
    public var subjectName: String {
        guard let models else { return location.file }
        return "\(location.file) [\(models.map { "\($0.written).self" }.joined(separator: ", "))]"
    }
}

extension RuleContext {
    /// A property's subject, keyed by the version it is declared in (none for a top-level model).
    func subject(_ entity: Entity, property: String) -> Finding.Subject {
        .property(
            version: entity.enclosingVersion.flatMap { project.version($0)?.key }, entity: entity.name,
            property: property)
    }
}
