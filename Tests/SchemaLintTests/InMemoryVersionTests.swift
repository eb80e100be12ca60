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
}
