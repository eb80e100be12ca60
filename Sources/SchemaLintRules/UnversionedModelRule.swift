import SchemaLintFacts
import SchemaLintModel

/// In an app whose container is built from a migration plan, every model should belong to some version.
///
/// A container opened with `Schema(versionedSchema: V.self)` (directly or through a constant) knows exactly V's models,
/// plan or no plan, stages or none; one built from a plan that migrates relies on the versions' lists too.
///
/// Not reported: models a container lists itself (`ModelContainer(for: A.self, B.self)` knows them), models no code
/// names (nothing inserts or fetches them: a deprecated class left in a file), models declared in a test's files,
/// apps whose containers neither open a version nor use a plan that migrates anything, and apps with a version whose
/// `models` list cannot be read (it may list the model).
public struct UnversionedModelRule: Rule {
    public let id = RuleID.unversionedModel
    public let defaultSeverity = Severity.warning
    public let summary = "A @Model that no version lists or reaches, in an app whose container uses a migration plan."

    public func check(_ context: RuleContext) -> [Finding] {
        let project = context.project
        let planned = context.appContainers.filter { container in
            container.versionedSchema != nil || (context.plan(container.plan).map { !context.isInert($0) } ?? false)
        }
        // A version whose list cannot be read may list any model: none is said to be in no version.
        guard !project.versions.isEmpty, !planned.isEmpty, !project.versions.contains(where: { $0.modelsUnread != nil })
        else { return [] }
        let versioned = Set(project.versions.flatMap(\.allEntities))
        // A test's container listing the model does not put it in the app's store.
        let listedByContainers = Set(context.appContainers.flatMap { ($0.models ?? []).compactMap(\.entity) })
        return project.entities.values.sorted { $0.location < $1.location }.compactMap { entity in
            // Models declared inside a version are model_missing_from_schema's to report.
            // A model declared in a test's file lives in the test's own store, never the app's.
            guard !versioned.contains(entity.id), !listedByContainers.contains(entity.id),
                entity.enclosingVersion == nil, !context.unusedModels.contains(entity.id),
                !project.testFiles.contains(entity.location.file)
            else { return nil }
            return finding(
                entity.location, about: .entity(version: nil, entity: entity.qualifiedName),
                .unversionedModel(entity.qualifiedName))
        }
    }
}

extension RuleID {
    public static let unversionedModel: RuleID = "unversioned_model"
}

extension Finding.Message {
    static func unversionedModel(_ model: String) -> Self {
        Self(
            id: "unversioned",
            "@Model \(model) is in no version: the app's container does not know it, so inserting or fetching it fails",
            detail: "This app's container is built from its versions, and no version's models lists or reaches "
                + "\(model): inserting or fetching it fails at run time, and its data is never migrated either",
            fix: "Add it to the newest version's models (and a frozen copy when that version ships)")
    }
}
