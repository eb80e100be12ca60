import SchemaLintEngine
import SchemaLintModel
import XCTest

/// Each version with its own copy of an enum or struct (`KindV1`, `KindV2`), storing alike: a property whose type is
/// the next version's copy stores the same values, whatever else changes with it (Suilog's `CheckInTypeV4` →
/// `CheckInTypeV5` given a default). A copy that stores otherwise is still a type change.
final class VersionCopyTypeTests: XCTestCase {
    private func source(v1 kind1: String, v2 kind2: String, property: String) -> String {
        """
        import SwiftData

        enum SchemaV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Visit.self] }
            \(kind1)
            @Model final class Visit { var kind: KindV1; init(kind: KindV1) { self.kind = kind } }
        }

        enum SchemaV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Visit.self] }
            \(kind2)
            @Model final class Visit { \(property); var note: String? = nil; init(kind: KindV2) { self.kind = kind } }
        }

        enum Plan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }
            static var stages: [MigrationStage] { [.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)] }
        }
        """
    }

    private func unsupported(_ source: String) -> [String] {
        TestSupport.summary(TestSupport.analyze(source).findings.filter { $0.rule == .lightweightUnsupportedChange })
    }

    func testTheNextVersionsCopyStoresAlike() {
        let copies: [(String, String, String)] = [
            (
                "enum KindV1: String, Codable { case location, manual }",
                "enum KindV2: String, Codable { case location, manual }", "var kind: KindV2 = KindV2.manual"
            ),
            (
                "enum KindV1: String, Codable { case location, manual }",
                "enum KindV2: String, Codable { case location, manual, imported }", "var kind: KindV2 = .manual"
            ),
            (
                "struct KindV1: Codable { var label: String = \"\" }",
                "struct KindV2: Codable { var label: String = \"\" }", "var kind: KindV2 = KindV2()"
            ),
        ]
        for (old, new, property) in copies {
            XCTAssertEqual(unsupported(source(v1: old, v2: new, property: property)), [], new)
        }
    }

    /// Control: the copy stores another raw type.
    func testACopyStoringOtherwiseIsATypeChange() {
        let changed = source(
            v1: "enum KindV1: String, Codable { case location, manual }",
            v2: "enum KindV2: Int, Codable { case location, manual }", property: "var kind: KindV2 = .manual")
        XCTAssertEqual(unsupported(changed).count, 1)
    }
}
