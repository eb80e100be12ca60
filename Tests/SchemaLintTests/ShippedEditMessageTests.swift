import SchemaLintEngine
import XCTest

/// A long `shipped_schema_edited` message names what moved the checksum first and counts the edits that did not.
final class ShippedEditMessageTests: XCTestCase {
    static let shipped = """
        import SwiftData

        enum SettingsSchemaV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Preferences.self] }
            @Model final class Preferences {
                var theme: String
                var fontSize: Int
                var showsBadges: Bool
                var syncsOnCellular: Bool
                var digestHour: Int
                var region: String?
                init() { theme = "system"; fontSize = 14; showsBadges = true; syncsOnCellular = false; digestHour = 8 }
            }
        }

        enum SettingsSchemaV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Preferences.self] }
            @Model final class Preferences {
                var theme: String = "system"
                var region: String?
                init() {}
            }
        }

        enum SettingsPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [SettingsSchemaV1.self, SettingsSchemaV2.self] }
            static var stages: [MigrationStage] {
                [.lightweight(fromVersion: SettingsSchemaV1.self, toVersion: SettingsSchemaV2.self)]
            }
        }

        let container = try! ModelContainer(
            for: Schema(versionedSchema: SettingsSchemaV2.self), migrationPlan: SettingsPlan.self)
        """

    func testTheChangeThatMovesTheChecksumComesFirstAndDefaultsAreCounted() throws {
        let lockfile = TestSupport.lock(TestSupport.analyze(Self.shipped))
        let edited = Self.shipped
            .replacingOccurrences(of: "var theme: String\n", with: "var theme: String = \"system\"\n")
            .replacingOccurrences(of: "var fontSize: Int\n", with: "var fontSize: Int = 14\n")
            .replacingOccurrences(of: "var showsBadges: Bool\n", with: "var showsBadges: Bool = true\n")
            .replacingOccurrences(of: "var syncsOnCellular: Bool\n", with: "var syncsOnCellular: Bool = false\n")
            .replacingOccurrences(of: "var digestHour: Int\n", with: "var digestHour: Int = 8\n")
            .replacingOccurrences(
                of: "var region: String?\n        init() { theme", with: "var region: Int?\n        init() { theme")
        let findings = TestSupport.analyze(edited, lockfile: lockfile).findings
        XCTAssertEqual(findings.map(\.rule), ["shipped_schema_edited"])
        let text = findings[0].message.text
        XCTAssertTrue(findings[0].message.headline.hasPrefix("SettingsSchemaV1 was edited after it shipped"), text)
        XCTAssertTrue(
            findings[0].message.detail.hasPrefix(
                "SettingsSchemaV1 (1.0.0) now differs from what shipped: Preferences.region changed: type"),
            text)
        // The five defaults are on the first version, which no step migrates into: nothing reads them, so the
        // message does not count them (HashNeutralEditTests).
        XCTAssertFalse(text.contains("edits that keep the checksum"), text)
        let withV2Default = edited.replacingOccurrences(
            of: "var theme: String = \"system\"\n        var region: String?\n        init() {}",
            with: "var theme: String\n        var region: String?\n        init() {}")
        XCTAssertNotEqual(withV2Default, edited)
        let both = TestSupport.analyze(withV2Default, lockfile: lockfile).findings.map(\.message)
        XCTAssertTrue(
            both.contains {
                $0.headline.hasPrefix("SettingsSchemaV2 was edited after it shipped")
                    && $0.detail.hasPrefix("SettingsSchemaV2 (2.0.0) now differs from what shipped: Preferences.theme")
            }, "\(both)")
    }

    /// `var region: String? = nil` written as `var region: String?` (a formatter's edit) changes nothing a store holds:
    /// no finding (found on msdrigg/roam 1.30 → 1.31). A default on the newest version is still said.
    func testAnOptionalsNilDefaultSpeltAnotherWayIsNoEdit() throws {
        let shipped = Self.shipped.replacingOccurrences(
            of: "var region: String?\n", with: "var region: String? = nil\n")
        let lockfile = TestSupport.lock(TestSupport.analyze(shipped))
        XCTAssertEqual(TestSupport.summary(TestSupport.analyze(Self.shipped, lockfile: lockfile).findings), [])
        // The newest version's default is read (new rows, inference from shipped states): still said.
        let required = Self.shipped.replacingOccurrences(
            of: "var theme: String = \"system\"\n", with: "var theme: String\n")
        XCTAssertNotEqual(required, Self.shipped)
        XCTAssertEqual(
            TestSupport.analyze(required, lockfile: TestSupport.lock(TestSupport.analyze(Self.shipped))).findings
                .map(\.rule), ["shipped_schema_edited"])
    }

    /// A store that moved (a URL store before, a named configuration now) where which file holds the shipped state
    /// cannot be told (a URL read at run time) still meets the plan that runs stages: an edit of a version it lists
    /// fails with 134504, never "no stage runs". Where the old file is told for certain (three spellings) and nothing
    /// opens it now, no store meets the edit (counter-ios renamed its file in the same release, field test 23): the
    /// store is left behind, and `store_abandoned` says so.
    func testAnEditedVersionWhoseStoreMovedSaysTheStagesRun() throws {
        let versions = """
            import Foundation
            import SwiftData

            enum HabitsV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Habit.self] }
                @Model final class Habit {
                    var title: String = ""
                    var streak: Int = 0
                    init() {}
                }
            }

            enum HabitsV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Habit.self] }
                @Model final class Habit {
                    var title: String = ""
                    var streak: Int = 0
                    var reminder: Date?
                    init() {}
                }
            }

            enum HabitsPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [HabitsV1.self, HabitsV2.self] }
                static var stages: [MigrationStage] {
                    [.lightweight(fromVersion: HabitsV1.self, toVersion: HabitsV2.self)]
                }
            }

            """
        let oldStores = [
            """
            let url = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.habits")!
                .appendingPathComponent("Habits.sqlite")
            let container = try! ModelContainer(
                for: Schema(versionedSchema: HabitsV2.self), migrationPlan: HabitsPlan.self,
                configurations: ModelConfiguration(url: url))
            """,
            """
            enum StoreFiles {
                static var habits: URL { URL.applicationSupportDirectory.appending(path: "Habits.sqlite") }
            }
            let container = try! ModelContainer(
                for: Schema(versionedSchema: HabitsV2.self), migrationPlan: HabitsPlan.self,
                configurations: [ModelConfiguration(url: StoreFiles.habits)])
            """,
            """
            func openStore(at url: URL) -> ModelContainer {
                try! ModelContainer(
                    for: Schema(versionedSchema: HabitsV2.self), migrationPlan: HabitsPlan.self,
                    configurations: ModelConfiguration(url: url))
            }
            let container = openStore(at: URL.documentsDirectory.appending(path: "Habits.sqlite"))
            """,
        ]
        let newStore = """
            let schema = Schema(versionedSchema: HabitsV2.self)
            let container = try! ModelContainer(
                for: schema, migrationPlan: HabitsPlan.self,
                configurations: [ModelConfiguration("Synced", schema: schema)])
            """
        let untold = """
            let container = try! ModelContainer(
                for: Schema(versionedSchema: HabitsV2.self), migrationPlan: HabitsPlan.self,
                configurations: ModelConfiguration(url: URL(fileURLWithPath: CommandLine.arguments[1])))
            """
        for old in oldStores + [untold] {
            let lockfile = TestSupport.lock(TestSupport.analyze(versions + old))
            XCTAssertNotNil(lockfile.versions["HabitsV1"], old)
            // HabitsV1's Habit (the first of the two) gains a property after it shipped.
            let first = try XCTUnwrap(versions.range(of: "var streak: Int = 0\n"))
            let edited = versions.replacingCharacters(
                in: first, with: versions[first] + "        var color: String = \"\"\n")
            let all = TestSupport.analyze(edited + newStore, lockfile: lockfile).findings
            let findings = all.filter { $0.rule == "shipped_schema_edited" }
            guard old == untold else {
                XCTAssertEqual(findings.count, 0, old)
                XCTAssertTrue(all.contains { $0.rule == "store_abandoned" }, "\(TestSupport.summary(all))")
                continue
            }
            XCTAssertEqual(findings.count, 1, old)
            let text = findings.first?.message.text ?? ""
            XCTAssertTrue(text.contains("will fail to open with 134504"), text)
            XCTAssertFalse(text.contains("no migration stage runs"), text)
        }
    }

    /// A step into a shipped version that was itself edited is not judged for renames: its stores fail before any
    /// rename matters, and the edit is reported once, at the version.
    func testNoRenameWarningsIntoAnEditedShippedVersion() throws {
        let lockfile = TestSupport.lock(TestSupport.analyze(Self.shipped))
        let renamed = Self.shipped.replacingOccurrences(
            of: "var theme: String = \"system\"\n        var region: String?\n        init() {}",
            with: "var appearance: String = \"system\"\n        var region: String?\n        init() {}")
        XCTAssertNotEqual(renamed, Self.shipped)
        let findings = TestSupport.analyze(renamed, lockfile: lockfile).findings
        XCTAssertEqual(findings.map(\.rule), ["shipped_schema_edited"])
        // Before it shipped, the same rename is a warning (and the four attributes V2 leaves out are dropped).
        XCTAssertEqual(
            TestSupport.analyze(renamed).findings.map(\.rule), ["data_dropped", "rename_without_original_name"])
    }
}
