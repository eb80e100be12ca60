import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A version only in-memory containers open is never written to disk: `lock` does not record it (and says why), and
/// editing it later, even against a lockfile that recorded it, is no `shipped_schema_edited`.
final class InMemoryVersionTests: XCTestCase {
    static func tutor(lessonFields: String, flag: String) -> [String: String] {
        [
            "Tutor/Schema.swift": """
            import SwiftData

            enum LessonsV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Lesson.self] }
                @Model final class Lesson {
                    \(lessonFields)
                    init() {}
                }
            }

            @Model final class Course {
                var name: String = ""
                init() {}
            }
            """,
            "Tutor/Sandbox.swift": """
            import SwiftData

            enum Sandbox {
                static let ephemeral = true
                static func open(inMemory: Bool = true) -> ModelContainer {
                    try! ModelContainer(
                        for: Schema(versionedSchema: LessonsV1.self),
                        configurations: ModelConfiguration(isStoredInMemoryOnly: \(flag)))
                }
            }
            """,
            "Tutor/TutorApp.swift": """
            import SwiftData
            import SwiftUI

            @main struct TutorApp: App {
                let container = try! ModelContainer(for: Course.self)
                let sandbox = Sandbox.open()
                var body: some Scene { WindowGroup { Text("Lessons") }.modelContainer(container) }
            }
            """,
        ]
    }

    static let fields = "var title: String = \"\""
    static let edited = "var title: String = \"\"\n        var minutes: Int = 0"

    func testAVersionOnlyInMemoryContainersOpenIsNotLocked() {
        for flag in ["true", "Sandbox.ephemeral", "inMemory", "!Bool(false) ? true : true"] {
            let analysis = TestSupport.analyze(Self.tutor(lessonFields: Self.fields, flag: flag))
            let outcome = Locker.plan(analysis, existing: nil, request: Locker.Request())
            XCTAssertEqual(outcome.recorded.map { $0.hasPrefix("Unversioned@") }, [true], flag)
            XCTAssertEqual(
                outcome.declaredOnly.map { "\($0.key): \($0.1)" },
                [
                    "LessonsV1: only in-memory containers open LessonsV1 (Tutor/Sandbox.swift:6:14): nothing of it is "
                        + "written to disk"
                ], flag)
        }
    }

    func testEditingItAfterAnEarlierLockRecordedItIsNoShippedEdit() {
        // An earlier release kept the sandbox on disk: its lock recorded LessonsV1.
        let earlier = TestSupport.analyze(Self.tutor(lessonFields: Self.fields, flag: "false"))
        let lockfile = TestSupport.lock(earlier)
        XCTAssertNotNil(lockfile.versions["LessonsV1"])
        // Today it is in memory, and LessonsV1 changed.
        for flag in ["true", "Sandbox.ephemeral", "inMemory"] {
            let today = TestSupport.analyze(Self.tutor(lessonFields: Self.edited, flag: flag), lockfile: lockfile)
            XCTAssertEqual(TestSupport.summary(today.findings), [], flag)
        }
        // Still on disk today: the edit is reported.
        let onDisk = TestSupport.analyze(Self.tutor(lessonFields: Self.edited, flag: "false"), lockfile: lockfile)
        XCTAssertEqual(
            TestSupport.summary(onDisk.findings.filter { $0.rule == "shipped_schema_edited" }),
            ["shipped_schema_edited Tutor/Schema.swift:8"])
    }

    // MARK: No app container at all: a package that keeps its schema in memory

    /// A package whose only container is in memory, written four ways; no app container is anywhere, so the stores
    /// are pooled. `access` is the version's access level.
    static func notebook(_ spelling: Int, access: String = "", flag: String = "true", fields: String = fields)
        -> [String: String]
    {
        let opening: String
        switch spelling {
        case 0:  // a local configuration in an initialiser
            opening = """
                final class DraftStore {
                    let context: ModelContext
                    init() throws {
                        let schema = Schema(versionedSchema: DraftsV1.self)
                        let setup = ModelConfiguration(schema: schema, isStoredInMemoryOnly: \(flag))
                        context = try ModelContainer(for: schema, configurations: setup).mainContext
                    }
                }
                """
        case 1:  // an implicit configuration in a static function
            opening = """
                enum DraftStore {
                    static func make() throws -> ModelContainer {
                        try ModelContainer(
                            for: Schema(versionedSchema: DraftsV1.self),
                            configurations: .init(isStoredInMemoryOnly: \(flag)))
                    }
                }
                """
        case 2:  // a parameter's default
            opening = """
                struct DraftStore {
                    func open(keepInMemory: Bool = \(flag)) throws -> ModelContainer {
                        try ModelContainer(
                            for: Schema(versionedSchema: DraftsV1.self),
                            configurations: ModelConfiguration(isStoredInMemoryOnly: keepInMemory))
                    }
                }

                enum Drafts { static let shared = try? DraftStore().open() }
                """
        default:  // a static member of another type
            opening = """
                enum Scratchpad { static let setup = ModelConfiguration(isStoredInMemoryOnly: \(flag)) }

                actor DraftStore {
                    let container = try! ModelContainer(
                        for: Schema(versionedSchema: DraftsV1.self), configurations: Scratchpad.setup)
                }
                """
        }
        return [
            "Notebook/Sources/Drafts/DraftsV1.swift": """
            import SwiftData

            \(access)enum DraftsV1: VersionedSchema {
                \(access)static var versionIdentifier = Schema.Version(1, 0, 0)
                \(access)static var models: [any PersistentModel.Type] { [Draft.self] }
                @Model \(access)final class Draft {
                    \(fields)
                    init() {}
                }
            }
            """,
            "Notebook/Sources/Drafts/DraftStore.swift": "import SwiftData\n\n" + opening + "\n",
        ]
    }

    func testAVersionOnlyInMemoryContainersOpenIsNotLockedWhenNoAppContainerIsAnywhere() {
        for spelling in 0..<4 {
            let analysis = TestSupport.analyze(Self.notebook(spelling), readsWholeApp: true)
            XCTAssertTrue(analysis.topology.isPooled, "\(spelling)")
            let outcome = Locker.plan(analysis, existing: nil, request: Locker.Request())
            XCTAssertEqual(outcome.recorded, [], "\(spelling)")
            XCTAssertEqual(outcome.declaredOnly.map(\.key), ["DraftsV1"], "\(spelling)")
            XCTAssertTrue(
                outcome.declaredOnly.first?.1.hasPrefix("only in-memory containers open DraftsV1 (Notebook/") == true,
                "\(spelling): \(outcome.declaredOnly)")
        }
    }

    func testItIsLockedWhenAnotherModuleMayOpenItOrSomethingWritesIt() {
        for spelling in 0..<4 {
            // Public: the app that imports the package may open it on disk.
            let exported = TestSupport.analyze(Self.notebook(spelling, access: "public "), readsWholeApp: true)
            XCTAssertEqual(
                Locker.plan(exported, existing: nil, request: Locker.Request()).recorded, ["DraftsV1"],
                "public \(spelling)")
            // Only some files were read: another file of the module may open it on disk.
            let part = TestSupport.analyze(Self.notebook(spelling))
            XCTAssertEqual(
                Locker.plan(part, existing: nil, request: Locker.Request()).recorded, ["DraftsV1"],
                "part \(spelling)")
            // On disk.
            let onDisk = TestSupport.analyze(Self.notebook(spelling, flag: "false"), readsWholeApp: true)
            XCTAssertEqual(
                Locker.plan(onDisk, existing: nil, request: Locker.Request()).recorded, ["DraftsV1"],
                "on disk \(spelling)")
        }
    }

    func testEditingItIsNoShippedEditWhenNoAppContainerIsAnywhere() {
        for spelling in 0..<4 {
            // An earlier lock recorded it (an older schemalint, or the store was on disk then).
            let earlier = TestSupport.analyze(Self.notebook(spelling, flag: "false"), readsWholeApp: true)
            let lockfile = TestSupport.lock(earlier)
            XCTAssertNotNil(lockfile.versions["DraftsV1"], "\(spelling)")
            let today = TestSupport.analyze(
                Self.notebook(spelling, fields: Self.edited), lockfile: lockfile, readsWholeApp: true)
            XCTAssertEqual(TestSupport.summary(today.findings), [], "\(spelling)")
            // Public, the same edit is reported: another module's container may hold it on disk.
            let exported = TestSupport.lock(
                TestSupport.analyze(Self.notebook(spelling, access: "public "), readsWholeApp: true))
            let edited = TestSupport.analyze(
                Self.notebook(spelling, access: "public ", fields: Self.edited), lockfile: exported,
                readsWholeApp: true)
            XCTAssertEqual(
                TestSupport.summary(edited.findings.filter { $0.rule == "shipped_schema_edited" }),
                ["shipped_schema_edited Notebook/Sources/Drafts/DraftsV1.swift:8"], "public \(spelling)")
        }
    }
}
