import SchemaLintEngine
import SchemaLintFacts
import XCTest

/// Versions built on one list of live models (`V2.models` is `V1.models + [C.self]`) are one mistake at one place:
/// one `historical_schema_uses_live_model` there naming them all, not one per version at the same line each with its
/// own copy of every model's note (Gymnee: 8 errors and about 170 lines at one line).
final class HistoricalSharedListTests: XCTestCase {
    private func journal(_ v2: String, _ v3: String) -> String {
        """
        import SwiftData

        @Model final class Entry { var text: String = ""; init() {} }
        @Model final class Tag { var name: String = ""; init() {} }
        @Model final class Mood { var level: Int = 0; init() {} }
        @Model final class Place { var name: String = ""; init() {} }

        enum SchemaV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Entry.self, Tag.self] }
        }
        enum SchemaV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { \(v2) }
        }
        enum SchemaV3: VersionedSchema {
            static var versionIdentifier = Schema.Version(3, 0, 0)
            static var models: [any PersistentModel.Type] { \(v3) }
        }
        enum JournalPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self, SchemaV3.self] }
            static var stages: [MigrationStage] {
                [
                    .lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self),
                    .lightweight(fromVersion: SchemaV2.self, toVersion: SchemaV3.self),
                ]
            }
        }
        """
    }

    private func live(_ source: String) -> [Finding] {
        TestSupport.analyze(source).findings.filter { $0.rule == .historicalSchemaUsesLiveModel }
    }

    func testVersionsBuiltOnOneListAreSaidOnceThere() {
        let spellings = [
            ("SchemaV1.models + [Mood.self]", "SchemaV2.models + [Place.self]"),
            ("SchemaV1.models + [Mood.self]", "[Entry.self, Tag.self, Mood.self, Place.self]"),
        ]
        for (v2, v3) in spellings {
            let found = live(journal(v2, v3))
            XCTAssertEqual(found.count, 1, "\(v2): \(found.map(\.message.headline))")
            XCTAssertEqual(
                found.first?.message.headline,
                "SchemaV1, SchemaV2 are historical but list live models: editing one breaks their stores (134504)")
            // Each live model's declaration once: Entry, Tag (V1's list) and Mood (V2's).
            XCTAssertEqual(found.first?.notes.count, 3, v2)
            XCTAssertEqual(found.first?.location.line, 10, v2)
        }
    }

    func testVersionsWithTheirOwnListsAreSaidEachAtItsOwn() {
        // A list of its own, or one that starts with its own model: the finding points at the version's own list.
        let prepended = live(journal("[Mood.self] + SchemaV1.models", "SchemaV2.models + [Place.self]"))
        XCTAssertEqual(prepended.map(\.location.line), [10, 14])
        let found = live(journal("[Entry.self, Tag.self, Mood.self]", "SchemaV2.models + [Place.self]"))
        XCTAssertEqual(found.map(\.location.line), [10, 14])
        XCTAssertEqual(
            found.map(\.message.headline),
            [
                "SchemaV1 is historical but lists 2 live models: editing one breaks its stores (134504)",
                "SchemaV2 is historical but lists 3 live models: editing one breaks its stores (134504)",
            ])
    }
}
