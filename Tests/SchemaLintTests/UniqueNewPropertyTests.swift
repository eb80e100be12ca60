import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A unique attribute added with a default in a lightweight step (Orhadi, field test 30: `@Attribute(.unique) var
/// id: String = UUID().uuidString` on an entity with rows): the model's default is one value, so every row gets the
/// same one and a store with two rows fails. An error that says so, not "if rows hold duplicates".
final class UniqueNewPropertyTests: XCTestCase {
    private static func source(_ added: String) -> String {
        """
        import SwiftData
        enum SchemaV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Subject.self] }
            @Model final class Subject { var name: String = ""; init() {} }
        }
        enum SchemaV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Subject.self] }
            @Model final class Subject { var name: String = ""; \(added); init() {} }
        }
        enum Plan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }
            static var stages: [MigrationStage] { [.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)] }
        }
        func open() throws -> ModelContainer {
            try ModelContainer(for: SchemaV2.Subject.self, migrationPlan: Plan.self)
        }
        """
    }

    private func unique(_ added: String) -> [Finding] {
        TestSupport.analyze(Self.source(added)).findings.filter { $0.rule == .uniqueConstraintAdded }
    }

    func testANewUniqueAttributeWithADefaultIsAnError() {
        for added in [
            "@Attribute(.unique) var id: String = UUID().uuidString",
            "@Attribute(.unique) var code: Int = 0",
            "@Attribute(.unique) var id: UUID = UUID()",
        ] {
            let found = unique(added)
            XCTAssertEqual(found.map(\.message.id), ["unique-added-one-default"], added)
            XCTAssertEqual(found.map(\.severity), [.error], added)
        }
    }

    /// Controls: optional without a default (NULLs never collide), and an existing attribute made unique.
    func testOtherUniquenessStaysAsItWas() {
        XCTAssertEqual(unique("@Attribute(.unique) var id: String? = nil"), [])
        let existing = Self.source("var extra: Int = 0").replacingOccurrences(
            of: "@Model final class Subject { var name: String = \"\"; var extra",
            with: "@Model final class Subject { @Attribute(.unique) var name: String = \"\"; var extra")
        let found = TestSupport.analyze(existing).findings.filter { $0.rule == .uniqueConstraintAdded }
        XCTAssertEqual(found.map(\.message.id), ["unique-added"])
    }
}
