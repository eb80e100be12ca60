import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A document app opens its stores through `DocumentGroup(editing:...)`: each document is a store of its own, at a
/// place the user picks, opened with the scene's models (or its plan's last version) and plan (Phonepedia, field test
/// 29 A-D2; MyZuri, 33 B-D2). The scene is an app container, so an edit of a version its documents were written with
/// is found, and its store is named, never "cannot be told". Its `App` file may hold no SwiftData word.
final class DocumentGroupTests: XCTestCase {
    static let versions = """
        import SwiftData

        enum SchemaV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Item.self] }
            @Model final class Item { var name: String = ""; init() {} }
        }

        enum SchemaV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Item.self] }
            @Model final class Item { var name: String = ""; var size: Int = 0; init() {} }
        }

        typealias Item = SchemaV2.Item

        enum DocumentPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }
            static var stages: [MigrationStage] { [.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)] }
        }
        """

    static func app(_ scene: String) -> [String: String] {
        [
            "Notes/Versions.swift": versions,
            "Notes/NotesApp.swift": """
                import SwiftUI
                import UniformTypeIdentifiers

                @main
                struct NotesApp: App {
                    var body: some Scene {
                        \(scene)
                    }
                }

                extension UTType {
                    static var notesDocument: UTType { UTType(importedAs: "com.example.notes") }
                }
                """,
        ]
    }

    static let spellings = [
        "DocumentGroup(editing: .notesDocument, migrationPlan: DocumentPlan.self) { Text(\"notes\") }",
        "DocumentGroup(editing: Item.self, contentType: .notesDocument, migrationPlan: DocumentPlan.self) {\n"
            + "    Text(\"\")\n}",
        "DocumentGroup(editing: [Item.self], contentType: .notesDocument, migrationPlan: DocumentPlan.self) {\n"
            + "    Text(\"notes\")\n}",
        "DocumentGroup(viewing: SchemaV2.Item.self, contentType: .notesDocument, migrationPlan: DocumentPlan.self) {\n"
            + "    Text(\"notes\")\n}",
    ]

    func testADocumentGroupOpensItsDocumentsAsStores() {
        for spelling in Self.spellings {
            let analysis = TestSupport.analyze(Self.app(spelling))
            let containers = analysis.project.containers.filter { $0.purpose == .app }
            XCTAssertEqual(containers.count, 1, spelling)
            XCTAssertNotNil(containers.first?.plan, spelling)
            XCTAssertEqual(analysis.topology.stores.map(\.location.key), ["document:.notesDocument"], spelling)
            XCTAssertEqual(analysis.notes, [], spelling)
        }
    }

    /// A version the documents were written with, edited after it shipped, is found.
    func testAnEditOfAShippedVersionIsFound() {
        for spelling in Self.spellings {
            let lockfile = TestSupport.lock(TestSupport.analyze(Self.app(spelling)))
            var edited = Self.app(spelling)
            edited["Notes/Versions.swift"] = Self.versions.replacingOccurrences(
                of: "@Model final class Item { var name: String = \"\"; init() {} }",
                with: "@Model final class Item { var name: String = \"\"; var pinned = false; init() {} }")
            let findings = TestSupport.analyze(edited, lockfile: lockfile).findings
            XCTAssertEqual(
                TestSupport.summary(findings.filter { $0.rule == .shippedSchemaEdited }),
                ["shipped_schema_edited Notes/Versions.swift:6"], spelling)
        }
    }

    /// Control: the same app with a window and no document scene opens no store.
    func testWithoutADocumentGroupNoStoreIsOpened() {
        let analysis = TestSupport.analyze(Self.app("WindowGroup { Text(\"notes\") }"))
        XCTAssertEqual(analysis.project.containers.filter { $0.purpose == .app }.count, 0)
        XCTAssertFalse(analysis.topology.stores.contains { $0.location.kind == .document })
    }
}
