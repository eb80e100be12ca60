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
        XCTAssertTrue(
            text.hasPrefix("SettingsSchemaV1 (1.0.0) was edited after it shipped: Preferences.region changed: type"),
            text)
        XCTAssertTrue(
            text.contains("; and 5 edits that keep the checksum (default values, delete rules, original names)."), text)
    }

    /// `var region: String? = nil` written as `var region: String?` (a formatter's edit) changes nothing a store holds:
    /// no finding (found on msdrigg/roam 1.30 → 1.31). A non-nil default on a required property is still said.
    func testAnOptionalsNilDefaultSpeltAnotherWayIsNoEdit() throws {
        let shipped = Self.shipped.replacingOccurrences(
            of: "var region: String?\n", with: "var region: String? = nil\n")
        let lockfile = TestSupport.lock(TestSupport.analyze(shipped))
        XCTAssertEqual(TestSupport.summary(TestSupport.analyze(Self.shipped, lockfile: lockfile).findings), [])
        let required = Self.shipped.replacingOccurrences(
            of: "var theme: String\n", with: "var theme: String = \"x\"\n")
        XCTAssertEqual(
            TestSupport.analyze(required, lockfile: TestSupport.lock(TestSupport.analyze(Self.shipped))).findings
                .map(\.rule), ["shipped_schema_edited"])
    }
}
