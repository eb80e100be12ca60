import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A versioned app with no plan whose container moves from one version to the next, both listing the same live
/// models (DaisyDos V8 → V9): the store that held the old version is still the one the app opens, so the lockfile
/// records a state of the app, and an edit of the old version's live models is an edit of what shipped.
final class ContainerMovedVersionTests: XCTestCase {
    static func schema(noteFields: String) -> String {
        """
        import SwiftData

        @Model final class Note {
            \(noteFields)
            init() {}
        }

        @Model final class Folder {
            var name: String = ""
            init() {}
        }

        enum NotesV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Note.self] }
        }

        enum NotesV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Note.self, Folder.self] }
        }
        """
    }

    /// The app's container, opening `version` in one of several spellings.
    static func app(_ version: String, spelling: Int) -> String {
        switch spelling {
        case 0:
            return """
                import SwiftData
                import SwiftUI

                @main struct NotesApp: App {
                    static let container: ModelContainer = {
                        let schema = Schema(versionedSchema: \(version).self)
                        let configuration = ModelConfiguration(schema: schema, isStoredInMemoryOnly: false)
                        return try! ModelContainer(for: schema, configurations: [configuration])
                    }()
                    var body: some Scene { WindowGroup { Text("Notes") }.modelContainer(Self.container) }
                }
                """
        default:
            return """
                import SwiftData
                import SwiftUI

                @main struct NotesApp: App {
                    let container = Store.open()
                    var body: some Scene { WindowGroup { Text("Notes") }.modelContainer(container) }
                }

                enum Store {
                    static func open() -> ModelContainer {
                        try! ModelContainer(for: Schema(versionedSchema: \(version).self))
                    }
                }
                """
        }
    }

    /// A test target's helper still opening the old version in memory.
    static let testHelper = """
        import SwiftData

        enum TestContainers {
            static func make() throws -> ModelContainer {
                try ModelContainer(
                    for: Schema(versionedSchema: NotesV1.self),
                    configurations: ModelConfiguration(isStoredInMemoryOnly: true))
            }
        }
        """

    func files(version: String, noteFields: String, spelling: Int, helper: Bool) -> [String: String] {
        var files = [
            "Notes/Schema.swift": Self.schema(noteFields: noteFields),
            "Notes/NotesApp.swift": Self.app(version, spelling: spelling),
        ]
        if helper { files["NotesTests/Helpers/TestContainers.swift"] = Self.testHelper }
        return files
    }

    func testTheOldVersionEditedInPlaceIsReportedAfterTheContainerMoves() {
        let shippedFields = "var text: String = \"\""
        let editedFields = "var text: String = \"\"\n    var pinned: Bool = false"
        for spelling in [0, 1] {
            for helper in [false, true] {
                let label = "spelling \(spelling), test helper \(helper)"
                let shipped = TestSupport.lock(
                    TestSupport.analyze(files(version: "NotesV1", noteFields: shippedFields, spelling: spelling,
                                              helper: helper)))
                XCTAssertEqual(shipped.versions["NotesV1"]?.heldIn, ["default.store"], label)
                let moved = TestSupport.analyze(
                    files(version: "NotesV2", noteFields: editedFields, spelling: spelling, helper: helper),
                    lockfile: shipped)
                let summary = TestSupport.summary(moved.findings)
                XCTAssertTrue(summary.contains { $0.hasPrefix("shipped_schema_edited") }, "\(label): \(summary)")
                XCTAssertFalse(summary.contains { $0.hasPrefix("lockfile_missing") }, "\(label): \(summary)")
                // Control: the container moved and nothing shipped was edited.
                let clean = TestSupport.analyze(
                    files(version: "NotesV2", noteFields: shippedFields, spelling: spelling, helper: helper),
                    lockfile: shipped)
                XCTAssertEqual(TestSupport.summary(clean.findings), [], label)
            }
        }
    }

    /// The helper is a test's container, in memory or not: never the app's store.
    func testATestTargetsInMemoryContainerIsATestsContainer() {
        let analysis = TestSupport.analyze(
            files(version: "NotesV2", noteFields: "var text: String = \"\"", spelling: 1, helper: true))
        XCTAssertEqual(analysis.project.containers.map(\.purpose).sorted { $0.rawValue < $1.rawValue }, [.app, .test])
    }

    /// A version a test declares over the app's live models (a migration test's fixture) stores what the app
    /// container stores, but no build users install writes it: `lock` records the app's state, never the fixture.
    func testAVersionATestDeclaresIsNoStateTheAppWrites() {
        let fixture = { (imports: String) in
            """
            \(imports)
            import SwiftData

            enum MigrationFixtures {
                enum PointingAtLiveModels: VersionedSchema {
                    static var versionIdentifier = Schema.Version(9, 0, 0)
                    static var models: [any PersistentModel.Type] { [Note.self] }
                }
            }
            """
        }
        let places: [(String, String)] = [
            ("NotesTests/MigrationFixtures.swift", ""),
            ("Support/MigrationFixtures.swift", "import XCTest"),
            ("Support/MigrationFixtures.swift", "import Testing"),
        ]
        for (path, imports) in places {
            let files = [
                "Notes/Note.swift":
                    "import SwiftData\n@Model final class Note {\n    var text = \"\"\n    init() {}\n}\n",
                "Notes/NotesApp.swift": """
                import SwiftData
                import SwiftUI

                @main struct NotesApp: App {
                    var body: some Scene { WindowGroup { Text("Notes") }.modelContainer(for: Note.self) }
                }
                """,
                path: fixture(imports),
            ]
            let outcome = Locker.plan(TestSupport.analyze(files), existing: nil, request: Locker.Request())
            XCTAssertEqual(outcome.recorded.map { $0.hasPrefix("Unversioned@") }, [true], "\(path) \(imports)")
        }
    }
}
