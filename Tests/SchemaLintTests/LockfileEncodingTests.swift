import Foundation
import SchemaLintModel
import XCTest

@testable import SchemaLintEngine
@testable import SchemaLintFacts

/// `lock` writes a lockfile through `JSONValueEncoder`, not `JSONEncoder` then `JSONDecoder`: it must give the very
/// value the round trip gave, so no lockfile's bytes change.
final class LockfileEncodingTests: XCTestCase {
    private func roundTrip(_ value: some Encodable) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
    }

    private func assertSameAsRoundTrip(
        _ lockfile: Lockfile, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let direct = try JSONValueEncoder.encode(lockfile)
        XCTAssertEqual(direct, try roundTrip(lockfile), file: file, line: line)
        XCTAssertEqual(lockfile.json().rendered(), try roundTrip(lockfile).rendered(), file: file, line: line)
    }

    func testCommittedLockfilesEncodeAsTheRoundTripDid() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        for relative in [
            "Tests/SchemaLintTests/Fixtures/RealWorld/LockedByEarlierRelease/schemalint.lock",
            "Tests/SchemaLintTests/Fixtures/RealWorld/UnversionedLockedByEarlierRelease/schemalint.lock",
            "Examples/TripJournal/schemalint.lock",
        ] {
            let path = root.appendingPathComponent(relative).path
            let lockfile = try XCTUnwrap(LockfileStore.load(path), relative)
            try assertSameAsRoundTrip(lockfile)
            // Written as lock wrote it: the file's own bytes.
            XCTAssertEqual(lockfile.json().rendered(), try String(contentsOfFile: path, encoding: .utf8), relative)
        }
    }

    func testCoreDataLockfilesEncodeAsTheRoundTripDid() throws {
        let folder = try TestSupport.copy(ofFixture: "CoreData/Apps/Journal")
        let analysis = try Analyzer(workingDirectory: folder, threads: 2).analyze(paths: [], lockfile: nil)
        var lockfile = Locker.plan(analysis, existing: nil, request: .init(date: "2025-01-02")).lockfile
        XCTAssertNotNil(lockfile.coreData)
        try assertSameAsRoundTrip(lockfile)
        // What no fixture holds: escapes, other scripts, empty and absent members, nested records.
        lockfile.coreData?["Journal.xcdatamodeld"]?.versions["Journal"]?.accepted = [
            Acceptance(
                reason: "quote \" slash \\ tab \t line\nend \u{1} é 🚀", previousChecksum: "",
                previousFingerprint: "x")
        ]
        lockfile.coreData?["Journal.xcdatamodeld"]?.versions["Journal"]?.retired = ""
        var entry = LockedVersion(
            type: "SchemaV1", versionIdentifier: nil, checksum: "c", checksumUncertainties: [],
            entityHashes: [:], fingerprint: "f", models: ["Trip"],
            entities: [
                EntitySnapshot(
                    name: "Trip", superentity: nil,
                    properties: [
                        PropertySnapshot(
                            name: "legs", kind: .relationship, type: "[Leg]", optional: true, hasDefault: false,
                            options: [], inverse: "trip", deleteRule: "cascade", minCount: 0, maxCount: Int.max)
                    ], unique: ["a,b"], indexes: nil)
            ])
        entry.stores = [StoreEvidence(path: "a b/ü.store", checksum: nil, versionIdentifier: "1.0.0")]
        entry.heldIn = []
        var kind = ValueTypeRecord(kind: .enum, storedIn: ["Trip.kind"])
        kind.rawType = "String"
        kind.rawValues = ["a": "A", "": ""]
        kind.cases = ["b": []]
        entry.valueTypes = ["Kind": kind]
        lockfile.versions["SchemaV1"] = entry
        try assertSameAsRoundTrip(lockfile)
    }

    /// The rendering written on bytes: the escapes, indentation and key order it always had.
    func testRenderingKeepsItsEscapesIndentationAndKeyOrder() {
        let value = JSONValue.object([
            "b": .array([
                .string("quote \" slash \\ tab \t cr \r nl \n bell \u{7} é 🚀"), .int(-3), .bool(true), .null,
                .array([]), .object([:]),
            ]),
            "a": .string(""), "é": .bool(false), "B": .object(["x": .int(0)]), "z": .strings(["1"]),
        ])
        let expected = """
            {
              "B": {
                "x": 0
              },
              "a": "",
              "b": [
                "quote \\" slash \\\\ tab \\t cr \\r nl \\n bell \\u0007 é 🚀",
                -3,
                true,
                null,
                [],
                {}
              ],
              "z": [
                "1"
              ],
              "é": false
            }

            """
        XCTAssertEqual(value.rendered(), expected)
        XCTAssertEqual(value.renderedBytes(), Array(expected.utf8))
    }

    func testFloatingPointIsRefusedAsTheRoundTripRefusedIt() {
        struct Measured: Encodable { var ratio: Double }
        XCTAssertThrowsError(try JSONValueEncoder.encode(Measured(ratio: 0.5)))
        XCTAssertThrowsError(try JSONValue(encoding: Measured(ratio: 0.5)))
    }
}
