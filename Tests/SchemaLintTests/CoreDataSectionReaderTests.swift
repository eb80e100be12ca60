import Foundation
import XCTest

@testable import SchemaLintEngine
@testable import SchemaLintFacts

/// schemalint reads a lockfile's `coreData` section with a reader of its own: it must give what `JSONDecoder` gives,
/// or give up so that `JSONDecoder` decides.
final class CoreDataSectionReaderTests: XCTestCase {
    private struct Section: Decodable {
        var coreData: [String: LockedBundle]?
    }

    private func assertSameAsJSONDecoder(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let bytes = Array(text.utf8)
        let decoded = try? JSONDecoder().decode(Section.self, from: Data(bytes))
        switch CoreDataSectionReader.read(bytes) {
        case .absent?:
            XCTAssertNotNil(decoded, "read what JSONDecoder refuses", file: file, line: line)
            XCTAssertNil(decoded?.coreData, file: file, line: line)
        case let .read(bundles, range)?:
            XCTAssertEqual(bundles, decoded?.coreData, file: file, line: line)
            let remainder = CoreDataSectionReader.remainder(of: bytes, without: range)
            XCTAssertNotNil(try? JSONSerialization.jsonObject(with: Data(remainder)), file: file, line: line)
        case nil:
            break  // Given up: JSONDecoder decides, whatever it says.
        }
    }

    private let bundle = """
        {"path": "App/Model.xcdatamodeld", "current": "Model 2", "versions": {
          "Model": {"checksum": "abc=", "entities": {"Trip": "Trip@1"}, "identifier": "1",
                    "uncertainties": ["x"], "contents": "1:10:00000000000000ff", "lockedAt": "2026-01-02",
                    "release": "1.0", "accepted": [{"reason": "r", "previousChecksum": "p", "previousFingerprint": ""}],
                    "future": {"nested": [1, true, null, "s"]}},
          "Model 2": {"checksum": "def=", "entities": {}, "retired": null}},
         "entities": {"Trip@1": {"hash": "00", "snapshot": {"name": "Trip", "superentity": null, "properties": [
            {"name": "name", "kind": "attribute", "type": "String", "optional": false, "hasDefault": true,
             "options": ["unique"], "originalName": "title", "hashModifier": "v2", "minCount": 0, "maxCount": -1},
            {"name": "stops", "kind": "relationship", "type": "[Stop]", "optional": true, "hasDefault": false,
             "inverse": "trip", "deleteRule": "cascade"}], "unique": ["name"], "indexes": []}}}}
        """

    func testWhatTheReaderReadsEqualsJSONDecoder() throws {
        let current = "\"current\": \"Model 2\""
        let withHistory = bundle.replacingOccurrences(
            of: current, with: current + ", \"currentHistory\": [\"Model\", \"Model 2\"]")
        let nullHistory = bundle.replacingOccurrences(of: current, with: "\"currentHistory\": null")
        XCTAssertNotEqual(withHistory, bundle)
        let documents = [
            #"{"formatVersion": 3, "hashAlgorithm": "sl1", "versions": {}}"#,
            #"{"formatVersion": 3, "coreData": null, "versions": {}}"#,
            #"{"coreData": {}}"#,
            #"{"versions": {"A": {"n": 1.5}}, "coreData": {"M.xcdatamodeld": \#(bundle)}}"#,
            #"{"coreData": {"M.xcdatamodeld": \#(bundle), "N.xcdatamodeld": \#(bundle)}}"#,
            // The order versions became current (issue 41), given and null.
            #"{"coreData": {"M.xcdatamodeld": \#(withHistory)}}"#,
            #"{"coreData": {"M.xcdatamodeld": \#(nullHistory)}}"#,
            // Escapes, a surrogate pair, unicode as is.
            #"{"coreData": {"Caf\u00e9 \ud83d\ude00 é \"q\" \\ \/ \n.xcdatamodeld": \#(bundle)}}"#,
        ]
        for document in documents {
            XCTAssertNotNil(CoreDataSectionReader.read(Array(document.utf8)), document)
            assertSameAsJSONDecoder(document)
        }
    }

    /// What the reader gives up on, `JSONDecoder` decides: a fraction, a key given twice, `null` for a required field,
    /// another type, a lone surrogate, a control character, text after the document.
    func testTheReaderGivesUpRatherThanGuess() {
        let bundleWith = { (from: String, to: String) in
            #"{"coreData": {"M.xcdatamodeld": \#(self.bundle.replacingOccurrences(of: from, with: to))}}"#
        }
        let documents = [
            bundleWith(#""minCount": 0"#, #""minCount": 0.0"#),
            bundleWith(#""minCount": 0"#, #""minCount": 1e2"#),
            bundleWith(#""checksum": "def=""#, #""checksum": "def=", "checksum": "x""#),
            bundleWith(#""checksum": "def=""#, #""checksum": null"#),
            bundleWith(#""optional": false"#, #""optional": "false""#),
            bundleWith(#""kind": "attribute""#, #""kind": "property""#),
            bundleWith(#""Model": {"#, #""Model 2": {"#),
            #"{"coreData": {"\ud83d.xcdatamodeld": {}}}"#,
            "{\"coreData\": {\"a\tb\": {}}}",
            #"{"coreData": {}, "coreData": {}}"#,
            #"{"coreData": {}} x"#,
            #"[{"coreData": {}}]"#,
            #"{"coreData": {"M": {"path": "p", "versions": {}, "entities": {}}"#,
        ]
        for document in documents {
            XCTAssertNil(CoreDataSectionReader.read(Array(document.utf8)), document)
        }
    }

    /// A damaged Core Data section is described as `JSONDecoder` describes it.
    func testADamagedSectionIsDescribedAsBefore() throws {
        let text = #"{"formatVersion": \#(Lockfile.currentFormatVersion), "hashAlgorithm": "sl1", "versions": {}, "#
            + #""coreData": {"M": {"path": 1}}}"#
        XCTAssertThrowsError(try LockfileStore.decode(Array(text.utf8), path: "schemalint.lock")) { error in
            XCTAssertTrue("\(error)".contains("path"), "\(error)")
        }
    }

    /// Every lockfile in the repository, and with `SCHEMALINT_LOCKFILE_CORPUS=folder` every `schemalint.lock` below
    /// it (a large Core Data app's locked history, say).
    func testLockfilesOfTheRepositoryAndACorpus() throws {
        // The repository's `.lock` files are all schemalint's; a corpus has others (`Podfile.lock`).
        var roots = [(TestSupport.fixture("").path, ".lock"), (TestSupport.fixture("../../../Examples").path, ".lock")]
        if let corpus = ProcessInfo.processInfo.environment["SCHEMALINT_LOCKFILE_CORPUS"] {
            roots.append((corpus, "/" + Lockfile.defaultFileName))
        }
        var compared = 0
        for (root, suffix) in roots {
            guard let walker = FileManager.default.enumerator(atPath: root) else { continue }
            for case let relative as String in walker where ("/" + relative).hasSuffix(suffix) {
                let path = root + "/" + relative
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                // What schemalint writes, it reads itself: a lockfile that needs JSONDecoder would be slow again.
                XCTAssertNotNil(CoreDataSectionReader.read([UInt8](data)), path)
                assertSameAsJSONDecoder(String(decoding: data, as: UTF8.self))
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 0)
    }
}
