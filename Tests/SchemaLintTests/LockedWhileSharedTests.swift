import SchemaLintEngine
import XCTest

/// A historical version locked while it listed the live classes the newest version opens (FlickSwiper 9cefb04, field
/// test 23: `historical_schema_uses_live_model` said so then), given its own frozen classes later: the recorded
/// checksum is one the newest version's build never wrote for it, so the edit is a warning that says what cannot be
/// told, not an error that the fix breaks stores. An edit of a version that had classes of its own stays an error.
final class LockedWhileSharedTests: XCTestCase {
    private static func schemas(v1: String) -> String {
        """
        import SwiftUI
        import SwiftData
        @Model final class Item {
            var name: String = ""
            var rating: Int?
            init() {}
        }
        @Model final class Tag { var label: String = ""; init() {} }
        enum SchemaV1: VersionedSchema {
            static let versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Item.self] }
            \(v1)
        }
        enum SchemaV2: VersionedSchema {
            static let versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Item.self, Tag.self] }
        }
        enum Plan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }
            static var stages: [MigrationStage] { [.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)] }
        }
        @main struct TheApp: App {
            let container = try! ModelContainer(for: Schema(versionedSchema: SchemaV2.self), migrationPlan: Plan.self)
            var body: some Scene { WindowGroup { Text("x") }.modelContainer(container) }
        }
        """
    }

    private static let frozen = "@Model final class Item { var name: String = \"\"; init() {} }"

    private static func lock(_ source: String, on date: String = "2026-01-01") -> Lockfile {
        Locker.plan(TestSupport.analyze(source), existing: nil, request: .init(date: date)).lockfile
    }

    func testFreezingAVersionLockedWithLiveClassesIsAWarning() {
        let lockfile = Self.lock(Self.schemas(v1: ""))
        let analysis = TestSupport.analyze(Self.schemas(v1: Self.frozen), lockfile: lockfile)
        let findings = analysis.findings.filter { $0.rule == "shipped_schema_edited" }
        XCTAssertEqual(findings.map(\.severity), [.warning])
        XCTAssertTrue(findings.first?.message.headline.contains("locked listing live classes") == true)
        // `upgrades` says the same: it cannot tell, never "fails".
        let row = analysis.upgrades.rows.first { $0.name == "SchemaV1" }
        guard case .cannotTell? = row?.outcome else {
            return XCTFail("\(String(describing: row?.outcome))")
        }
    }

    func testAVersionWithItsOwnClassesEditedIsAnError() {
        let lockfile = Self.lock(Self.schemas(v1: Self.frozen))
        let edited = Self.frozen.replacingOccurrences(of: "var name: String = \"\";", with: "var title: String = \"\";")
        let findings = TestSupport.analyze(Self.schemas(v1: edited), lockfile: lockfile).findings
            .filter { $0.rule == "shipped_schema_edited" }
        XCTAssertEqual(findings.map(\.severity), [.error])
    }

    /// Locked on its own first, while it was the newest version the app opened: its checksum is what stores hold.
    func testAVersionLockedBeforeTheNewerOneIsAnError() {
        let alone = Self.schemas(v1: "")
            .replacingOccurrences(of: "[SchemaV1.self, SchemaV2.self]", with: "[SchemaV1.self]")
            .replacingOccurrences(
                of: "[.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)]", with: "[]")
            .replacingOccurrences(of: "versionedSchema: SchemaV2.self", with: "versionedSchema: SchemaV1.self")
        let first = Self.lock(alone, on: "2025-06-01")
        let lockfile = Locker.plan(
            TestSupport.analyze(Self.schemas(v1: "")), existing: first, request: .init(date: "2026-01-01")
        ).lockfile
        let findings = TestSupport.analyze(Self.schemas(v1: Self.frozen), lockfile: lockfile).findings
            .filter { $0.rule == "shipped_schema_edited" }
        XCTAssertEqual(findings.map(\.severity), [.error])
    }
}
