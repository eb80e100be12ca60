import Foundation
import XCTest

@testable import SchemaLintEngine
@testable import SchemaLintFacts

/// schemalint reads `project.pbxproj` with a reader of its own: it must give what Foundation's reader gives.
final class PropertyListReaderTests: XCTestCase {
    private func foundation(_ bytes: [UInt8]) throws -> PropertyListValue? {
        PropertyListValue(foundation: try PropertyListSerialization.propertyList(from: Data(bytes), format: nil))
    }

    private func assertSameAsFoundation(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let own = try PropertyListValue.read(bytes)
        XCTAssertEqual(own, try foundation(bytes), path, file: file, line: line)
    }

    func testFixtureProjectsReadAsFoundationReadsThem() throws {
        for fixture in ["Projects/Classic/Garden.xcodeproj", "Projects/Synchronized/Journal.xcodeproj"] {
            try assertSameAsFoundation(TestSupport.fixture(fixture).appendingPathComponent("project.pbxproj").path)
        }
    }

    func testQuotingEscapesAndComments() throws {
        let text = """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1; /* a comment with ; and } */
            \tname = "My App \\"Pro\\"\\n\\t\\U00e9\\101";
            \tpath = Sources/App/Model.swift;
            \tsingle = 'quoted';
            \tlist = (A1B2, "two words", );
            \tempty = ( );
            \tdata = <0fbd 7777>;
            \tnested = { isa = PBXGroup; children = (); };
            }
            """
        let value = try PropertyListValue.read(Array(text.utf8))
        let root = try XCTUnwrap(value.dictionary)
        XCTAssertEqual(root["name"]?.string, "My App \"Pro\"\n\té" + "A")
        XCTAssertEqual(root["path"]?.string, "Sources/App/Model.swift")
        XCTAssertEqual(root["single"]?.string, "quoted")
        XCTAssertEqual(root["list"]?.strings, ["A1B2", "two words"])
        XCTAssertEqual(root["empty"]?.strings, [])
        XCTAssertEqual(root["data"]?.string, "0fbd7777")
        XCTAssertEqual(root["nested"]?.dictionary?["isa"]?.string, "PBXGroup")
        XCTAssertEqual(value, try foundation(Array(text.utf8)))
    }

    func testDamagedProjectFilesThrow() {
        let damaged = [
            "{ a = b; ", "{ a = (b c); }", "{ a = \"open; }", "{ = b; }", "{ a = b }", "{ a = b; } extra", "",
        ]
        for text in damaged {
            XCTAssertThrowsError(try PropertyListValue.read(Array(text.utf8)), text)
        }
    }

    /// `SCHEMALINT_PBXPROJ_CORPUS=folder swift test --filter PropertyListReaderTests` compares every
    /// `project.pbxproj` below the folder (public apps' projects, for instance) with Foundation's reading.
    func testCorpusReadsAsFoundationReadsIt() throws {
        guard let corpus = ProcessInfo.processInfo.environment["SCHEMALINT_PBXPROJ_CORPUS"] else { return }
        let walker = FileManager.default.enumerator(atPath: corpus)
        var compared = 0
        while let relative = walker?.nextObject() as? String {
            guard relative.hasSuffix("project.pbxproj") else { continue }
            let path = corpus + "/" + relative
            guard let bytes = FileManager.default.contents(atPath: path).map(Array.init),
                (try? foundation(bytes)) != nil
            else { continue }
            try assertSameAsFoundation(path)
            compared += 1
        }
        print("compared \(compared) project files")
    }
}
