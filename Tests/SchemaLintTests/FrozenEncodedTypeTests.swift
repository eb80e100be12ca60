import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A shipped version's encoded array of a Codable struct, frozen as an identical copy in another type (ShuTaPla,
/// field test 27: `[SavedSearch]` → `[Legacy.SavedSearch]`, the freezing schemalint itself asks for): the encoded
/// data holds the fields, never the type's name, so neither the shipped version nor the lightweight step changed.
final class FrozenEncodedTypeTests: XCTestCase {
    private static func app(v1: String, v2: String, extra: String = "") -> String {
        """
        import SwiftData
        import Foundation
        enum Legacy {
            struct SavedSearch: Codable, Hashable { let id: UUID; var tags: [String] }
        }
        struct SavedSearch: Codable, Hashable { let id: UUID; var tags: [String] }
        \(extra)
        enum SchemaV1: VersionedSchema {
            static let versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Playlist.self] }
            @Model final class Playlist { var name: String = ""; var saved: \(v1); init() {} }
        }
        enum SchemaV2: VersionedSchema {
            static let versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Playlist.self] }
            @Model final class Playlist { var name: String = ""; var note: String?; var saved: \(v2); init() {} }
        }
        enum Plan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }
            static var stages: [MigrationStage] { [.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)] }
        }
        let container = try! ModelContainer(
            for: Schema(versionedSchema: SchemaV2.self), migrationPlan: Plan.self)
        """
    }

    private func findings(shipped: (String, String), now: (String, String), extra: String = "") -> [String] {
        let before = TestSupport.analyze(["App/App.swift": Self.app(v1: shipped.0, v2: shipped.1, extra: extra)])
        let lockfile = TestSupport.lock(before)
        let after = TestSupport.analyze(
            ["App/App.swift": Self.app(v1: now.0, v2: now.1, extra: extra)], lockfile: lockfile)
        return TestSupport.summary(after.findings).filter { !$0.hasPrefix("lockfile_missing") }
    }

    func testAFrozenCopyOfAnEncodedTypeChangesNothingStored() {
        let spellings: [(String, (String, String), (String, String), String)] = [
            ("an array frozen in Legacy", ("[SavedSearch] = []", "[SavedSearch] = []"),
             ("[Legacy.SavedSearch] = []", "[SavedSearch] = []"), ""),
            ("a dictionary's values, both versions frozen",
             ("[String: SavedSearch] = [:]", "[String: SavedSearch] = [:]"),
             ("[String: Legacy.SavedSearch] = [:]", "[String: Legacy.SavedSearch] = [:]"), ""),
            ("an array frozen in a type of the app's module", ("[SavedSearch] = []", "[SavedSearch] = []"),
             ("[Frozen.V1.SavedSearch] = []", "[SavedSearch] = []"),
             "enum Frozen { enum V1 { struct SavedSearch: Codable, Hashable { let id: UUID; var tags: [String] } } }"),
        ]
        for (name, shipped, now, extra) in spellings {
            XCTAssertEqual(findings(shipped: shipped, now: now, extra: extra), [], name)
        }
    }

    /// Controls: the shipped version's array now holds strings (an edit of what shipped); the shipped V2 given
    /// another type of its own, `Legacy.SavedFilter` (the type's name differs, not only where it is declared).
    func testAnotherEncodedTypeIsStillAChange() {
        let shipped = ("[SavedSearch] = []", "[SavedSearch] = []")
        let strings = findings(shipped: shipped, now: ("[String] = []", "[SavedSearch] = []"))
        XCTAssertEqual(strings, ["shipped_schema_edited App/App.swift:11"])
        let filter = "enum Filters { struct SavedFilter: Codable, Hashable { let id: UUID; var tags: [String] } }"
        let renamed = findings(
            shipped: shipped, now: ("[SavedSearch] = []", "[Filters.SavedFilter] = []"), extra: filter)
        XCTAssertTrue(renamed.contains { $0.hasPrefix("shipped_schema_edited") }, "\(renamed)")
    }
}
