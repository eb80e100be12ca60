import SchemaLintEngine
import XCTest

/// Edits of a shipped version that keep its checksum are reported only when something reads them: a default value
/// a migration reads (the step into the version adds the property, or the version is what the app opens now), never
/// a default no step reads (a frozen copy of a historical version) nor a models list that names a model the others
/// already reach.
final class HashNeutralEditTests: XCTestCase {
    static let shipped = """
        import SwiftData

        enum TasksV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Task.self] }
            @Model final class Task {
                var title: String
                var done: Bool
                @Relationship(deleteRule: .cascade) var tags: [Tag] = []
                init(title: String) { self.title = title; self.done = false }
            }
            @Model final class Tag {
                var name: String
                init(name: String) { self.name = name }
            }
        }

        enum TasksV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Task.self] }
            @Model final class Task {
                var title: String
                var done: Bool
                var priority: Int
                @Relationship(deleteRule: .cascade) var tags: [Tag] = []
                init(title: String) { self.title = title; self.done = false; self.priority = 0 }
            }
            @Model final class Tag {
                var name: String
                init(name: String) { self.name = name }
            }
        }

        enum TasksV3: VersionedSchema {
            static var versionIdentifier = Schema.Version(3, 0, 0)
            static var models: [any PersistentModel.Type] { [Task.self, Tag.self] }
            @Model final class Task {
                var title: String = ""
                var done: Bool = false
                var priority: Int = 0
                var due: Date?
                @Relationship(deleteRule: .cascade) var tags: [Tag] = []
                init() {}
            }
            @Model final class Tag {
                var name: String = ""
                init() {}
            }
        }

        enum TasksPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [TasksV1.self, TasksV2.self, TasksV3.self] }
            static var stages: [MigrationStage] {
                [
                    .custom(fromVersion: TasksV1.self, toVersion: TasksV2.self, willMigrate: nil, didMigrate: nil),
                    .lightweight(fromVersion: TasksV2.self, toVersion: TasksV3.self),
                ]
            }
        }

        let container = try! ModelContainer(
            for: Schema(versionedSchema: TasksV3.self), migrationPlan: TasksPlan.self)
        """

    func findings(after edit: (String) -> String) -> [Finding] {
        let lockfile = TestSupport.lock(TestSupport.analyze(Self.shipped))
        let edited = edit(Self.shipped)
        XCTAssertNotEqual(edited, Self.shipped)
        return TestSupport.analyze(edited, lockfile: lockfile).findings.filter { $0.rule == "shipped_schema_edited" }
    }

    /// Replaces the `occurrence`-th (0-based) appearance of `text`.
    func replacing(_ text: String, with new: String, occurrence: Int, in source: String) -> String {
        var parts = source.components(separatedBy: text)
        guard parts.count > occurrence + 1 else { return source }
        parts[occurrence] += new + parts.remove(at: occurrence + 1)
        return parts.joined(separator: text)
    }

    func testDefaultsAddedToAFrozenHistoricalVersionAreReadByNothing() {
        // V1 (nothing migrates into it) and V2's `title`, `done` (V1 has them) gain defaults.
        let found = findings { source in
            var text = self.replacing(
                "var title: String\n", with: "var title: String = \"\"\n", occurrence: 0, in: source)
            text = self.replacing("var done: Bool\n", with: "var done: Bool = false\n", occurrence: 0, in: text)
            text = self.replacing("var title: String\n", with: "var title: String = \"\"\n", occurrence: 0, in: text)
            return self.replacing("var done: Bool\n", with: "var done: Bool = false\n", occurrence: 0, in: text)
        }
        XCTAssertEqual(found.map(\.message.text), [])
    }

    func testADefaultAStepReadsIsStillReported() {
        // V2's `priority` is new in V2: the step from V1 fills it from the default.
        let found = findings { source in
            source.replacingOccurrences(of: "var priority: Int\n", with: "var priority: Int = 1\n")
        }
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found.first?.message.headline.hasPrefix("TasksV2 was edited after it shipped") == true)
        XCTAssertTrue(found.first?.message.detail.hasPrefix("TasksV2 (2.0.0) now differs from what shipped") == true)
        // The version the app opens now: new rows and inference read its defaults.
        let current = findings { source in
            source.replacingOccurrences(of: "var done: Bool = false\n", with: "var done: Bool\n")
        }
        XCTAssertEqual(current.map(\.severity), [.warning], "\(current.map(\.message.text))")
    }

    func testListingAModelTheOthersReachIsNoEdit() {
        let found = findings { source in
            self.replacing(
                "static var models: [any PersistentModel.Type] { [Task.self] }",
                with: "static var models: [any PersistentModel.Type] { [Task.self, Tag.self] }", occurrence: 1,
                in: source)
        }
        XCTAssertEqual(found.map(\.message.text), [])
    }
}
