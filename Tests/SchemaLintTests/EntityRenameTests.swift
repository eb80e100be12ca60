import SchemaLintEngine
import XCTest

/// A model class renamed between versions drops every row of the old one (SwiftData has no `originalName` for a
/// model), also when the new class gained optional or defaulted properties; a custom stage that names the old class
/// carries the rows itself; a small model inside a bigger new one is no evidence of a rename.
final class EntityRenameTests: XCTestCase {
    static func source(profileV2: String, stage: String) -> String {
        """
        import SwiftData

        enum AccountsV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [ProfileV1.self] }
            @Model final class ProfileV1 {
                var name: String = ""
                var email: String = ""
                var joined: Date = Date.now
                init() {}
            }
        }

        enum AccountsV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [ProfileV2.self] }
            \(profileV2)
        }

        enum AccountsPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [AccountsV1.self, AccountsV2.self] }
            static var stages: [MigrationStage] { [toV2] }
            static let toV2 = \(stage)
        }

        let container = try! ModelContainer(
            for: Schema(versionedSchema: AccountsV2.self), migrationPlan: AccountsPlan.self)
        """
    }

    static let grown = """
        @Model final class ProfileV2 {
                var name: String = ""
                var email: String = ""
                var joined: Date = Date.now
                var bio: String?
                var visits: Int = 0
                init() {}
            }
        """
    static let lightweight = "MigrationStage.lightweight(fromVersion: AccountsV1.self, toVersion: AccountsV2.self)"

    func renames(_ source: String) -> [String] {
        TestSupport.analyze(source).findings.filter { $0.rule == "rename_without_original_name" }.map(\.message.detail)
    }

    func testARenamedClassThatGrewIsReported() {
        let savesOnly = """
            MigrationStage.custom(
                    fromVersion: AccountsV1.self, toVersion: AccountsV2.self, willMigrate: nil,
                    didMigrate: { context in try context.save() })
            """
        for stage in [Self.lightweight, savesOnly] {
            let found = renames(Self.source(profileV2: Self.grown, stage: stage))
            XCTAssertEqual(found.count, 1, stage)
            XCTAssertTrue(
                found.first?.hasPrefix(
                    "AccountsV1 → AccountsV2: entity ProfileV1 disappears and ProfileV2, with the same properties "
                        + "and bio, visits added, appears.") == true, "\(found)")
        }
    }

    func testACustomStageThatNamesTheOldClassCarriesItsRows() {
        let copies = """
            MigrationStage.custom(
                    fromVersion: AccountsV1.self, toVersion: AccountsV2.self,
                    willMigrate: { context in
                        let old = try context.fetch(FetchDescriptor<AccountsV1.ProfileV1>())
                        Backup.rows = old.map { ($0.name, $0.email, $0.joined) }
                    },
                    didMigrate: nil)
            """
        XCTAssertEqual(renames(Self.source(profileV2: Self.grown, stage: copies)), [])
    }

    func testNoEvidenceNoRename() {
        // A required new property is not a lightweight addition; a one-property model inside a bigger one proves
        // nothing.
        let required = Self.grown.replacingOccurrences(of: "var visits: Int = 0", with: "var visits: Int")
        XCTAssertNotEqual(required, Self.grown)
        XCTAssertEqual(renames(Self.source(profileV2: required, stage: Self.lightweight)), [])
        let tiny = """
            import SwiftData

            enum ShelfV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Tag.self] }
                @Model final class Tag {
                    var name: String = ""
                    init() {}
                }
            }

            enum ShelfV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Folder.self] }
                @Model final class Folder {
                    var name: String = ""
                    var color: String?
                    init() {}
                }
            }

            enum ShelfPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [ShelfV1.self, ShelfV2.self] }
                static var stages: [MigrationStage] { [] }
            }

            let container = try! ModelContainer(
                for: Schema(versionedSchema: ShelfV2.self), migrationPlan: ShelfPlan.self)
            """
        XCTAssertEqual(renames(tiny), [])
    }
}
