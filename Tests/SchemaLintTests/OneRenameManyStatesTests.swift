import SchemaLintEngine
import XCTest

/// A plan dropped for an unversioned model that renames a property (Read 41eb35f → d81dd37, field test 24): every
/// locked version's stores meet the one rename, and it is one `rename_without_original_name` at its line. Two renames
/// stay two.
final class OneRenameManyStatesTests: XCTestCase {
    private static let versioned = """
        import SwiftUI
        import SwiftData
        enum BookSchemaV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Book.self] }
            @Model final class Book { var title: String = ""; var estRelease: Date?; init() {} }
        }
        enum BookSchemaV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Book.self] }
            @Model final class Book {
                var title: String = ""; var estRelease: Date?; var author: String = ""; init() {}
            }
        }
        enum BookMigrationPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [BookSchemaV1.self, BookSchemaV2.self] }
            static var stages: [MigrationStage] {
                [.lightweight(fromVersion: BookSchemaV1.self, toVersion: BookSchemaV2.self)]
            }
        }
        let container = try! ModelContainer(
            for: Schema(versionedSchema: BookSchemaV2.self), migrationPlan: BookMigrationPlan.self)
        """

    private static func unversioned(_ properties: String) -> String {
        """
        import SwiftData
        @Model final class Book { \(properties); var author: String = ""; init() {} }
        let container = try! ModelContainer(for: Book.self)
        """
    }

    private func renames(_ now: String) -> [String] {
        let lockfile = TestSupport.lock(TestSupport.analyze(Self.versioned))
        return TestSupport.summary(TestSupport.analyze(now, lockfile: lockfile).findings)
            .filter { $0.hasPrefix("rename_without_original_name") }
    }

    func testOneRenameIsOneFinding() {
        XCTAssertEqual(
            renames(Self.unversioned("var title: String = \"\"; var release: Date?")),
            ["rename_without_original_name Schema.swift:2"])
    }

    func testTwoRenamesAreTwoFindings() {
        let now = Self.unversioned("var title: String = \"\"\n    var release: Date?")
            .replacingOccurrences(of: "var title: String", with: "var name: String")
        XCTAssertEqual(renames(now).count, 2, "\(renames(now))")
    }
}
