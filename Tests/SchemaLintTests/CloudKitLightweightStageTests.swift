import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A lightweight stage on a CloudKit-synced store whose step changes a field CloudKit already has (hugo, field test
/// 28: `var duration: Int` became `TimeInterval` through `MigrationStage.lightweight`): the field keeps its type, so
/// the new values are rejected and other devices sync the old shape. Only custom stages were judged.
final class CloudKitLightweightStageTests: XCTestCase {
    private static func versions(_ old: String, _ new: String) -> String {
        """
        import SwiftData
        enum SchemaV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Entry.self] }
            @Model final class Entry { \(old); init() {} }
        }
        enum SchemaV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Entry.self] }
            @Model final class Entry { \(new); init() {} }
        }
        """
    }

    private static func plan(_ stages: String, extra: String = "") -> String {
        """
        import SwiftData
        enum JournalPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }
            \(stages)
        }
        \(extra)
        """
    }

    private static func app(database: String = ".private(\"iCloud.com.example.journal\")") -> String {
        """
        import SwiftData
        func makeContainer() throws -> ModelContainer {
            let configuration = ModelConfiguration(cloudKitDatabase: \(database))
            return try ModelContainer(
                for: SchemaV2.Entry.self, migrationPlan: JournalPlan.self, configurations: configuration)
        }
        """
    }

    private static let retyped = ("var duration: Int = 0", "var duration: Double = 0")

    private static let stageSpellings = [
        (
            "a static let of the plan",
            plan(
                """
                static var stages: [MigrationStage] { [v1to2] }
                    static let v1to2 = MigrationStage.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)
                """)
        ),
        (
            "inline in the list",
            plan(
                """
                static var stages: [MigrationStage] {
                        [.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)]
                    }
                """)
        ),
        (
            "a constant of another type",
            plan(
                "static var stages: [MigrationStage] { [Steps.first] }",
                extra: """
                    enum Steps {
                        static let first = MigrationStage.lightweight(
                            fromVersion: SchemaV1.self, toVersion: SchemaV2.self)
                    }
                    """)
        ),
    ]

    private func cloudKitFindings(_ versions: String, plan: String, app: String = app()) -> [Finding] {
        TestSupport.analyze(["Versions.swift": versions, "Plan.swift": plan, "App.swift": app]).findings
            .filter { $0.rule == .cloudkitIncompatible }
    }

    func testARetypeThroughALightweightStageIsReported() {
        for (name, plan) in Self.stageSpellings {
            let findings = cloudKitFindings(Self.versions(Self.retyped.0, Self.retyped.1), plan: plan)
            XCTAssertEqual(findings.map(\.message.id), ["lightweight-stage"], name)
            XCTAssertEqual(findings.first?.severity, .error, name)
        }
    }

    func testARenameThroughALightweightStageIsReported() {
        let versions = Self.versions(
            "var duration: Int = 0", "@Attribute(originalName: \"duration\") var minutes: Int = 0")
        XCTAssertEqual(
            cloudKitFindings(versions, plan: Self.stageSpellings[0].1).map(\.message.id), ["lightweight-stage"])
    }

    /// Controls: adding or removing a property, and a store that does not sync.
    func testAddingRemovingOrNotSyncingIsNotReported() {
        let plan = Self.stageSpellings[0].1
        let added = Self.versions("var duration: Int = 0", "var duration: Int = 0; var note: String? = nil")
        XCTAssertEqual(cloudKitFindings(added, plan: plan), [])
        let removed = Self.versions("var duration: Int = 0; var note: String? = nil", "var duration: Int = 0")
        XCTAssertEqual(cloudKitFindings(removed, plan: plan), [])
        let local = cloudKitFindings(
            Self.versions(Self.retyped.0, Self.retyped.1), plan: plan, app: Self.app(database: ".none"))
        XCTAssertEqual(local, [])
    }

    /// Control: a version CloudKit could never load (a required to-many relationship) synced nothing, so its
    /// fields are none CloudKit has (EpisodeTracker, field test 32).
    func testAStageFromAVersionCloudKitRejectsIsNotReported() {
        let versions = Self.versions(
            "var duration: Int = 0; var tags: [Tag] = []",
            "@Attribute(originalName: \"duration\") var minutes: Int = 0; var tags: [Tag]? = []")
            + "\n@Model final class Tag { var name: String = \"\"; init() {} }"
        XCTAssertEqual(cloudKitFindings(versions, plan: Self.stageSpellings[0].1).map(\.message.id), [])
    }

    /// A stage into a version that shipped unchanged ran on devices already: a note.
    func testAShippedLightweightStageIsANote() {
        let files = [
            "Versions.swift": Self.versions(Self.retyped.0, Self.retyped.1), "Plan.swift": Self.stageSpellings[0].1,
            "App.swift": Self.app(),
        ]
        let lockfile = TestSupport.lock(TestSupport.analyze(files))
        let findings = TestSupport.analyze(files, lockfile: lockfile).findings
            .filter { $0.rule == .cloudkitIncompatible }
        XCTAssertEqual(findings.map(\.message.id), ["lightweight-stage-shipped"])
        XCTAssertEqual(findings.first?.severity, .note)
    }
}
