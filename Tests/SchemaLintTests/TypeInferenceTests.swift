import SchemaLintEngine
import SchemaLintModel
import XCTest

/// Stored properties written without a type annotation get the type Swift infers from their initial value, for the
/// forms real models use; where Swift needs more than the value, the checksum is uncertain and says why.
final class TypeInferenceTests: XCTestCase {
    static let source = """
        import Foundation
        import SwiftData

        enum SchemaV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Card.self] }

            @Model final class Card {
                var count = 0
                var ratio = 0.5
                var title = ""
                var done = false
                var offset = -3
                var created = Date()
                var identifier = UUID()
                var touched = Date.now
                var opened = Date.init()
                var words = [String]()
                var scores = [String: Int]()
                var labels = ["a", "b"]
                var mixed = [1, 2.5]
                var status = Status.active
                var kind = Kind.spade.rawValue
                var level = Limits.start
                var nested = Limits.Inner.depth
                var frame = Frame()
                init() {}
            }
        }

        enum Status: String, Codable { case active, archived }
        enum Kind: Int16, Codable { case spade, heart }
        enum Limits {
            static let start: Int32 = 4
            enum Inner { static let depth: Double = 2 }
        }
        struct Frame: Codable { var width = 0.0; var height = 0.0 }
        """

    func testTypesAreInferredFromInitialValues() throws {
        let version = try XCTUnwrap(TestSupport.analyze(Self.source).analysis(forKey: "SchemaV1"))
        XCTAssertEqual(version.uncertainties, [])
        let card = try XCTUnwrap(version.snapshot.first { $0.name == "Card" })
        let types = Dictionary(uniqueKeysWithValues: card.properties.map { ($0.name, $0.type) })
        XCTAssertEqual(
            types,
            [
                "count": "Int", "ratio": "Double", "title": "String", "done": "Bool", "offset": "Int",
                "created": "Date", "identifier": "UUID", "touched": "Date", "opened": "Date",
                "words": "Transformable([String])", "scores": "Data([String: Int])",
                "labels": "Transformable([String])",
                "mixed": "Transformable([Double])", "status": "Composite(Status){status: String}",
                "kind": "Int16", "level": "Int32", "nested": "Double",
                "frame": "Composite(Frame){height: Double, width: Double}",
            ])
    }

    /// Swift itself cannot type `[]` or a call it does not know without an annotation; schemalint says so instead
    /// of guessing, and names the missing type when the value comes from one it cannot see.
    func testWhatCannotBeInferredIsUncertainWithItsReason() throws {
        let source = """
            import SwiftData
            enum SchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Card.self] }
                @Model final class Card {
                    var made = makeDefault()
                    var theme = Palette.ocean
                    var unknownMember = Status.missing
                    init() {}
                }
            }
            enum Status: String, Codable { case active }
            """
        let version = try XCTUnwrap(TestSupport.analyze(source).analysis(forKey: "SchemaV1"))
        XCTAssertEqual(version.uncertainties.count, 3, "\(version.uncertainties)")
        XCTAssertTrue(version.uncertainties.contains { $0.hasPrefix("Card.made") && $0.contains("`makeDefault()`") })
        XCTAssertTrue(
            version.uncertainties.contains {
                $0.hasPrefix("Card.theme") && $0.contains("`Palette`") && $0.contains("not declared")
            })
        XCTAssertTrue(
            version.uncertainties.contains {
                $0.hasPrefix("Card.unknownMember") && $0.contains("`Status.missing`")
            })
    }

    /// Inference never changes what an annotated property hashes to: `var count = 0` and `var count: Int = 0` are
    /// the same store.
    func testInferredAndWrittenTypesHashAlike() throws {
        let written = Self.source
            .replacingOccurrences(of: "var count = 0", with: "var count: Int = 0")
            .replacingOccurrences(of: "var status = Status.active", with: "var status: Status = .active")
            .replacingOccurrences(of: "var kind = Kind.spade.rawValue", with: "var kind: Int16 = Kind.spade.rawValue")
        let inferred = try XCTUnwrap(TestSupport.analyze(Self.source).analysis(forKey: "SchemaV1"))
        let annotated = try XCTUnwrap(TestSupport.analyze(written).analysis(forKey: "SchemaV1"))
        XCTAssertEqual(inferred.hashes.checksum, annotated.hashes.checksum)
        XCTAssertEqual(inferred.fingerprint, annotated.fingerprint)
    }

    /// A case of `Optional` written on the optional type is that type, whatever the value inside: `[Tag]?.some(...)`
    /// is an optional to-many relationship, as `var tags: [Tag]? = ...` is, even when the wrapped value is a member
    /// schemalint cannot type (`.blank`, a static member a protocol extension gives every collection).
    func testOptionalCasesAreTheirOptionalType() throws {
        func version(_ tags: String, _ cover: String, _ words: String) throws -> VersionAnalysis {
            let source = """
                import SwiftData
                enum SchemaV1: VersionedSchema {
                    static var versionIdentifier = Schema.Version(1, 0, 0)
                    static var models: [any PersistentModel.Type] { [Shelf.self] }
                    @Model final class Shelf {
                        @Relationship(inverse: \\Tag.shelves) var tags\(tags)
                        var cover\(cover)
                        var words\(words)
                        init() {}
                    }
                    @Model final class Tag {
                        var shelves: [Shelf]? = []
                        init() {}
                    }
                }
                extension Collection where Self: RangeReplaceableCollection { static var blank: Self { .init() } }
                """
            return try XCTUnwrap(TestSupport.analyze(source).analysis(forKey: "SchemaV1"), tags)
        }
        let written = try version(": [Tag]? = []", ": Data? = nil", ": [String]? = []")
        XCTAssertEqual(written.uncertainties, [])
        for (tags, cover, words) in [
            (" = [Tag]?.some(.blank)", " = Data?.none", " = [String]?.some([])"),
            (" = Optional<[Tag]>.some([])", " = Optional<Data>.none", " = Optional<[String]>.some(.blank)"),
            (" = [SchemaV1.Tag]?.some([])", " = Foundation.Data?.none", " = Array<String>?.some(.blank)"),
        ] {
            let inferred = try version(tags, cover, words)
            XCTAssertEqual(inferred.uncertainties, [], tags)
            XCTAssertEqual(inferred.hashes.checksum, written.hashes.checksum, tags)
            XCTAssertEqual(inferred.snapshot, written.snapshot, tags)
        }
        // A value's own member named `some` is no type: still uncertain.
        let value = try version(" = shelfDefaults?.some(.blank)", ": Data? = nil", ": [String]? = []")
        XCTAssertEqual(value.uncertainties.count, 1, "\(value.uncertainties)")
        XCTAssertTrue(value.uncertainties.first?.hasPrefix("Shelf.tags") == true)
    }
}
