import SchemaLintEngine
import SchemaLintModel
import XCTest

/// `historical_schema_uses_live_model` when the class a historical version uses is frozen in a later version that is
/// itself historical (issue 50): said as a class the version does not own, not as a live one, and a warning once that
/// later version is locked (an edit to it is `shipped_schema_edited` then); an error while it is not.
final class HistoricalLaterVersionTests: XCTestCase {
    /// Three versions of a logbook; `first` is SchemaV1's body, which uses SchemaV2's `Boat` somehow.
    func logbook(_ first: String, extra: String = "") -> String {
        """
        import SwiftData

        enum SchemaV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
        \(first)
        }

        enum SchemaV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Boat.self] }
            @Model final class Boat { var name: String = ""; init() {} }
        }

        enum SchemaV3: VersionedSchema {
            static var versionIdentifier = Schema.Version(3, 0, 0)
            static var models: [any PersistentModel.Type] { [Boat.self] }
            @Model final class Boat { var name: String = ""; var length: Double = 0; init() {} }
        }

        enum LogPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self, SchemaV3.self] }
            static var stages: [MigrationStage] {
                [
                    .lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self),
                    .lightweight(fromVersion: SchemaV2.self, toVersion: SchemaV3.self),
                ]
            }
        }
        \(extra)
        """
    }

    static let spellings: [(String, String, String)] = [
        (
            "listed by its qualified name",
            "    static var models: [any PersistentModel.Type] { [SchemaV2.Boat.self] }", ""
        ),
        (
            "a member typealias",
            "    typealias Boat = SchemaV2.Boat\n    static var models: [any PersistentModel.Type] { [Boat.self] }", ""
        ),
        (
            "a relationship of its own class",
            "    static var models: [any PersistentModel.Type] { [Voyage.self] }\n"
                + "    @Model final class Voyage { var boat: SchemaV2.Boat?; init() {} }", ""
        ),
        (
            "a typealias in an extension",
            "    static var models: [any PersistentModel.Type] { [Boat.self] }",
            "extension SchemaV1 { typealias Boat = SchemaV2.Boat }"
        ),
    ]

    func live(_ analysis: Analysis) -> [Finding] {
        analysis.findings.filter { $0.rule == .historicalSchemaUsesLiveModel }
    }

    func testAClassOfALaterHistoricalVersionIsOneTheVersionDoesNotOwn() {
        for (name, first, extra) in Self.spellings {
            let source = logbook(first, extra: extra)
            let unlocked = live(TestSupport.analyze(source))
            XCTAssertEqual(unlocked.map(\.severity), [.error], "\(name): \(unlocked)")
            XCTAssertTrue(
                unlocked.first?.message.headline.hasPrefix("SchemaV1 uses SchemaV2's Boat, which it does not own")
                    == true, "\(name): \(unlocked.map(\.message.headline))")
            XCTAssertFalse(unlocked.first?.message.headline.contains("live") == true, name)

            let lockfile = TestSupport.lock(TestSupport.analyze(source))
            let locked = live(TestSupport.analyze(source, lockfile: lockfile))
            XCTAssertEqual(locked.map(\.severity), [.warning], "\(name): \(locked)")
            XCTAssertTrue(locked.first?.message.detail.contains("shipped_schema_edited") == true, name)
        }
    }

    /// The controls: the newest version's class stays a live one and an error, locked or not; an earlier version's
    /// class is silent.
    func testTheNewestVersionsClassStaysAnErrorAndAnEarlierOneIsSilent() {
        let newest = logbook("    static var models: [any PersistentModel.Type] { [SchemaV3.Boat.self] }")
        let lockfile = TestSupport.lock(TestSupport.analyze(newest))
        for analysis in [TestSupport.analyze(newest), TestSupport.analyze(newest, lockfile: lockfile)] {
            let found = live(analysis)
            XCTAssertEqual(found.map(\.severity), [.error])
            XCTAssertEqual(
                found.first?.message.headline,
                "SchemaV1 is historical but uses a live Boat: editing it breaks its stores (134504)")
        }
        let earlier = """
            import SwiftData

            enum SchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Boat.self] }
                @Model final class Boat { var name: String = ""; init() {} }
            }

            enum SchemaV2: VersionedSchema {
                typealias Boat = SchemaV1.Boat
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Boat.self, Crew.self] }
                @Model final class Crew { var name: String = ""; init() {} }
            }

            enum SchemaV3: VersionedSchema {
                static var versionIdentifier = Schema.Version(3, 0, 0)
                static var models: [any PersistentModel.Type] { [Boat.self, Crew.self] }
                @Model final class Boat { var name: String = ""; var length: Double = 0; init() {} }
                @Model final class Crew { var name: String = ""; init() {} }
            }

            enum LogPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self, SchemaV3.self] }
                static var stages: [MigrationStage] {
                    [
                        .lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self),
                        .lightweight(fromVersion: SchemaV2.self, toVersion: SchemaV3.self),
                    ]
                }
            }
            """
        XCTAssertEqual(live(TestSupport.analyze(earlier)), [])
    }
}
