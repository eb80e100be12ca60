import SchemaLintEngine
import SchemaLintModel
import XCTest

/// What must not move the hashes (formatting, order, sugar, non-stored members) and what must.
final class HashInvarianceTests: XCTestCase {
    static let base = """
        import SwiftData

        enum SchemaV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Trip.self, Stop.self] }

            @Model final class Trip {
                var name: String
                var notes: String?
                var tags: [String] = []
                @Relationship(deleteRule: .cascade, inverse: \\Stop.trip) var stops: [Stop] = []
                init(name: String) { self.name = name }
            }

            @Model final class Stop {
                var title: String = ""
                var trip: Trip?
                init() {}
            }
        }
        """

    func hashes(_ files: [String: String]) -> (checksum: String, fingerprint: String) {
        let analysis = TestSupport.analyze(files)
        let version = analysis.analysis(forKey: "SchemaV1")!
        return (version.hashes.checksum, version.fingerprint)
    }

    func hashes(_ source: String) -> (checksum: String, fingerprint: String) { hashes(["Schema.swift": source]) }

    func assertSame(_ variant: String, _ why: String, file: StaticString = #filePath, line: UInt = #line) {
        let base = hashes(Self.base), other = hashes(variant)
        XCTAssertEqual(base.checksum, other.checksum, "checksum moved: \(why)", file: file, line: line)
        XCTAssertEqual(base.fingerprint, other.fingerprint, "fingerprint moved: \(why)", file: file, line: line)
    }

    func testFormattingCommentsAndLineEndingsDoNotMatter() {
        assertSame(Self.base.replacingOccurrences(of: "\n", with: "\r\n"), "CRLF")
        assertSame(Self.base.replacingOccurrences(of: "    ", with: "\t"), "tabs")
        assertSame("\u{FEFF}" + Self.base, "BOM")
        assertSame(
            "// A comment\n/* block */\n"
                + Self.base.replacingOccurrences(of: "var notes: String?", with: "var notes: String? // optional"),
            "comments")
    }

    func testMemberOrderAccessControlAndNonStoredMembersDoNotMatter() {
        let variant = Self.base
            .replacingOccurrences(
                of: "var name: String\n        var notes: String?",
                with: "public var notes: String?\n        private(set) var name: String"
            )
            .replacingOccurrences(of: "@Model final class Stop", with: "@Model class Stop")
            .replacingOccurrences(
                of: "init() {}",
                with: """
                    init() {}
                            var computed: Int { 3 }
                            static var shared = 0
                            @Transient var cache: [String: Int] = [:]
                            func touch() {}
                    """)
        assertSame(variant, "order, access control, final, computed/static/@Transient members, methods")
    }

    func testTypeSugarDoesNotMatter() {
        let variant = Self.base
            .replacingOccurrences(of: "var notes: String?", with: "var notes: Optional<Swift.String>")
            .replacingOccurrences(of: "var tags: [String] = []", with: "var tags: Array<String> = []")
        assertSame(variant, "Optional<T>, Array<T>, Swift.String")
    }

    func testSplittingModelsAcrossFilesAndExtensionsDoesNotMatter() {
        let split = [
            "SchemaV1.swift": """
            enum SchemaV1: VersionedSchema {
                static var versionIdentifier: Schema.Version = .init(1, 0, 0)
                static var models: [any PersistentModel.Type] = [SchemaV1.Trip.self, SchemaV1.Stop.self]
            }
            """,
            "Models/Trip.swift": """
            extension SchemaV1 {
                @Model final class Trip {
                    var name: String
                    var notes: String?
                    var tags: [String] = []
                    @Relationship(deleteRule: .cascade, inverse: \\Stop.trip) var stops: [Stop] = []
                    init(name: String) { self.name = name }
                }
            }
            """,
            "Models/Stop.swift": """
            extension SchemaV1 {
                @Model final class Stop {
                    var title: String = ""
                    var trip: Trip?
                    init() {}
                }
            }
            """,
        ]
        let base = hashes(Self.base), other = hashes(split)
        XCTAssertEqual(base.checksum, other.checksum)
        XCTAssertEqual(base.fingerprint, other.fingerprint)
    }

    func assertChecksumMoves(_ variant: String, _ why: String, file: StaticString = #filePath, line: UInt = #line) {
        let base = hashes(Self.base), other = hashes(variant)
        XCTAssertNotEqual(base.checksum, other.checksum, "checksum should move: \(why)", file: file, line: line)
        XCTAssertNotEqual(
            base.fingerprint, other.fingerprint, "fingerprint should move: \(why)", file: file, line: line)
    }

    func testStoredShapeChangesMoveBothHashes() {
        assertChecksumMoves(
            Self.base.replacingOccurrences(
                of: "var notes: String?", with: "var notes: String?\n        var rating: Int = 0"), "property added")
        assertChecksumMoves(
            Self.base.replacingOccurrences(of: "var notes: String?", with: "var notes: Data?"), "type changed")
        assertChecksumMoves(
            Self.base.replacingOccurrences(of: "var notes: String?", with: "var notes: String = \"\""),
            "optionality changed")
        assertChecksumMoves(
            Self.base.replacingOccurrences(of: "var notes: String?", with: "var remarks: String?"), "renamed")
        assertChecksumMoves(
            Self.base.replacingOccurrences(of: "var name: String", with: "@Attribute(.unique) var name: String"),
            "unique added")
        assertChecksumMoves(
            Self.base.replacingOccurrences(
                of: "var name: String", with: "@Attribute(hashModifier: \"v2\") var name: String"), "hash modifier")
    }

    /// SwiftData pairs one unpaired relationship each way by itself, so dropping such an `inverse:` changes nothing
    /// stored; a second candidate makes the pairing ambiguous, which is reported instead of guessed.
    func testInferredInversePairing() {
        let withoutInverse = Self.base.replacingOccurrences(of: ", inverse: \\Stop.trip", with: "")
        XCTAssertEqual(hashes(withoutInverse).checksum, hashes(Self.base).checksum)
        let ambiguous = withoutInverse.replacingOccurrences(
            of: "var trip: Trip?", with: "var trip: Trip?\n        var origin: Trip?")
        let version = TestSupport.analyze(ambiguous).analysis(forKey: "SchemaV1")!
        XCTAssertTrue(version.uncertainties.contains { $0.contains("more than one way") }, "\(version.uncertainties)")
    }

    func assertOnlyFingerprintMoves(
        _ variant: String, _ why: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let base = hashes(Self.base), other = hashes(variant)
        XCTAssertEqual(base.checksum, other.checksum, "checksum should not move: \(why)", file: file, line: line)
        XCTAssertNotEqual(
            base.fingerprint, other.fingerprint, "fingerprint should move: \(why)", file: file, line: line)
    }

    func testStorageDetailsTheChecksumIgnoresMoveOnlyTheFingerprint() {
        assertOnlyFingerprintMoves(
            Self.base.replacingOccurrences(of: "deleteRule: .cascade", with: "deleteRule: .nullify"), "delete rule")
        assertOnlyFingerprintMoves(
            Self.base.replacingOccurrences(
                of: "var notes: String?", with: "@Attribute(originalName: \"memo\") var notes: String?"), "originalName"
        )
        assertOnlyFingerprintMoves(
            Self.base.replacingOccurrences(
                of: "var title: String = \"\"", with: "var title: String = \"\"\n            #Index<Stop>([\\.title])"),
            "#Index")
        assertOnlyFingerprintMoves(
            Self.base.replacingOccurrences(of: "var title: String = \"\"", with: "var title: String"), "default value")
    }

    func testVersionIdentifierIsNotPartOfTheChecksum() {
        let other = hashes(
            Self.base.replacingOccurrences(of: "Schema.Version(1, 0, 0)", with: "Schema.Version(7, 0, 0)"))
        XCTAssertEqual(hashes(Self.base).checksum, other.checksum)
    }

    /// Constructs no real store has shown stay uncertain, each with its own reason.
    func testUncertainConstructsAreReportedNotGuessed() {
        let declarations = """
            var notes: [String: Color] = [:]
                    var color: Color?
                    var zoom: CGFloat = 1
                    var weekdays: Set<Int> = []
                    var count: UInt = 0
            """
        let analysis = TestSupport.analyze(Self.base.replacingOccurrences(of: "var notes: String?", with: declarations))
        let version = analysis.analysis(forKey: "SchemaV1")!
        XCTAssertFalse(version.isCertain)
        let expected = [
            ("Trip.notes", "only dictionaries of plain values"), ("Trip.color", "not declared"),
            ("Trip.zoom", "CGFloat"), ("Trip.weekdays", "sets"), ("Trip.count", "unsigned"),
        ]
        for (place, reason) in expected {
            XCTAssertTrue(
                version.uncertainties.contains { $0.hasPrefix(place) && $0.contains(reason) },
                "\(place): \(version.uncertainties)")
        }
    }

    /// Mappings the real stores prove are certain: `TimeInterval`, `Float`, `URL`, dictionaries and arrays of plain
    /// values, arrays of Codable structs (encoded data, type 1000).
    func testMappingsProvenByRealStoresAreCertain() throws {
        let declarations = """
            var notes: String?
                    var rest: TimeInterval = 90
                    var ratio: Float = 1
                    var link: URL?
                    var weights: [String: Double] = [:]
                    var days: [Int] = []
                    var legs: [Leg] = []
            """
        let source =
            Self.base.replacingOccurrences(of: "var notes: String?", with: declarations)
            + "\nstruct Leg: Codable { var from: String; var to: String }\n"
        let version = try XCTUnwrap(TestSupport.analyze(source).analysis(forKey: "SchemaV1"))
        XCTAssertEqual(version.uncertainties, [])
        let trip = try XCTUnwrap(version.store.entities.first { $0.name == "Trip" })
        let types = Dictionary(
            uniqueKeysWithValues: trip.properties.compactMap { property -> (String, Int32)? in
                guard case let .attribute(type, _, _) = property.kind else { return nil }
                return (property.name, type)
            })
        XCTAssertEqual(types["rest"], 500)
        XCTAssertEqual(types["ratio"], 600)
        XCTAssertEqual(types["link"], 1200)
        XCTAssertEqual(types["weights"], 1000)
        XCTAssertEqual(types["days"], 1800)
        XCTAssertEqual(types["legs"], 1000)
        // `TimeInterval` is `Double`: writing either stores the same thing, so the fingerprint does not move.
        let spelledOut = source.replacingOccurrences(of: "var rest: TimeInterval", with: "var rest: Double")
        XCTAssertEqual(hashes(spelledOut).fingerprint, hashes(source).fingerprint)
    }

    /// A raw-value enum's element is optional (ladder-phase4prep.store); an optional struct's elements are all
    /// optional (vivobody-db99d12.store); a required struct keeps its fields' optionality (ladder's ContactInfo).
    func testCompositesFromStructsAndEnums() throws {
        let source =
            Self.base.replacingOccurrences(
                of: "var notes: String?",
                with: "var status: Status = .planned\n        var budget: Budget?\n"
                    + "        var plan: Budget = Budget(budget: 0)")
            + "\nenum Status: String, Codable { case planned, done }\n"
            + "struct Budget: Codable { var budget: Decimal; var currency: String? }\n"
        let version = try XCTUnwrap(TestSupport.analyze(source).analysis(forKey: "SchemaV1"))
        XCTAssertEqual(version.uncertainties, [])
        let trip = try XCTUnwrap(version.snapshot.first { $0.name == "Trip" })
        XCTAssertEqual(
            trip.properties.first { $0.name == "budget" }?.type,
            "Composite(Budget){budget: Decimal, currency: String?}")
        XCTAssertEqual(trip.properties.first { $0.name == "status" }?.type, "Composite(Status){status: String}")
        let stored = try XCTUnwrap(version.store.entities.first { $0.name == "Trip" })
        func elements(_ name: String) -> [String: Bool] {
            guard case let .composite(elements)? = stored.properties.first(where: { $0.name == name })?.kind else {
                return [:]
            }
            return Dictionary(uniqueKeysWithValues: elements.map { ($0.name, $0.isOptional) })
        }
        XCTAssertEqual(elements("status"), ["status": true])
        XCTAssertEqual(elements("budget"), ["budget": true, "currency": true])
        XCTAssertEqual(elements("plan"), ["budget": false, "currency": true])
    }
}
