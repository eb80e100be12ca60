import Foundation
import SchemaLintBundles
import SchemaLintModel
import XCTest

/// Model versions read through the entity memo (each distinct `<entity>` read once, across versions and cores) must
/// be exactly what reading each file whole gives: entities, lines, details, problems, hashes and snapshots.
final class EntityMemoTests: XCTestCase {
    private func assertSameReading(
        _ bytes: [UInt8], memo: EntityMemo, _ message: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let whole = ModelContentsReader.read(bytes, name: "V", file: "contents")
        let memoized = ModelContentsReader.read(bytes, name: "V", file: "contents", memo: memo)
        XCTAssertEqual(memoized.schema, whole.schema, message, file: file, line: line)
        XCTAssertEqual(memoized.details, whole.details, message, file: file, line: line)
        XCTAssertEqual(memoized.uncertainties, whole.uncertainties, message, file: file, line: line)
        XCTAssertEqual(memoized.problem, whole.problem, message, file: file, line: line)
        XCTAssertEqual(memoized.location, whole.location, message, file: file, line: line)
        XCTAssertEqual(memoized.identifier, whole.identifier, message, file: file, line: line)
        let a = VersionAnalysis(bundleVersion: memoized, key: "V")
        let b = VersionAnalysis(bundleVersion: whole, key: "V")
        XCTAssertEqual(a.hashes, b.hashes, message, file: file, line: line)
        XCTAssertEqual(a.snapshot, b.snapshot, message, file: file, line: line)
    }

    private func model(_ body: String) -> [UInt8] {
        Array(
            """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" systemVersion="22E261">
            \(body)
            </model>
            """.utf8)
    }

    private let note = """
            <entity name="Note" representedClassName="Note" syncable="YES" codeGenerationType="class">
                <attribute name="text" optional="YES" attributeType="String" elementID="body"/>
                <attribute name="created" attributeType="Date" defaultDateTimeInterval="0" usesScalarValueType="NO"/>
                <relationship name="tags" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Tag" \
        inverseName="note" inverseEntity="Tag"/>
            </entity>
        """

    private let tag = """
            <entity name="Tag" representedClassName="Tag" syncable="YES">
                <attribute name="name" attributeType="String" defaultValueString=""/>
                <relationship name="note" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Note" \
        inverseName="tags" inverseEntity="Note"/>
            </entity>
        """

    func testFixtureVersionsReadTheSameThroughTheMemo() throws {
        let memo = EntityMemo()
        let root = TestSupport.fixture("CoreData")
        let walker = FileManager.default.enumerator(atPath: root.path)
        var read = 0
        while let relative = walker?.nextObject() as? String {
            guard relative.hasSuffix("/contents") else { continue }
            let bytes = [UInt8](try Data(contentsOf: root.appendingPathComponent(relative)))
            // Twice: first the memo reads the entities, then it gives them back.
            assertSameReading(bytes, memo: memo, relative)
            assertSameReading(bytes, memo: memo, relative)
            read += 1
        }
        XCTAssertGreaterThanOrEqual(read, 10)
    }

    func testRepeatedEntitiesAtOtherLinesKeepTheirOwnLines() {
        let memo = EntityMemo()
        let first = model(note + "\n" + tag)
        let second = model("    <!-- moved down -->\n\n\n" + tag + "\n" + note)
        assertSameReading(first, memo: memo, "first")
        assertSameReading(second, memo: memo, "second")
        let moved = ModelContentsReader.read(second, name: "V", file: "contents", memo: memo)
        XCTAssertEqual(moved.entityStates.keys.sorted(), ["Note", "Tag"], "read through the memo")
        XCTAssertEqual(moved.details.entityLines["Tag"], 6)
        XCTAssertEqual(moved.details.propertyLines["Tag.name"], 7)
    }

    /// Cuts at the first closing tag that a whole reading would not make: the memo must notice and read the file whole.
    func testWrongCutsFallBackToReadingTheFileWhole() {
        let memo = EntityMemo()
        let inComment = note.replacingOccurrences(
            of: "<attribute name=\"text\"", with: "<!-- was </entity> here --><attribute name=\"text\"")
        let inCDATA = note.replacingOccurrences(
            of: "    </entity>", with: "<![CDATA[ </entity> ]]>\n    </entity>")
        let selfClosing = "    <entity name=\"Empty\" representedClassName=\"Empty\" syncable=\"YES\"/>\n" + tag
        let closingWithSpace = tag.replacingOccurrences(of: "</entity>", with: "</entity   >")
        for (name, body) in [
            ("comment", inComment + "\n" + tag), ("CDATA", inCDATA + "\n" + tag), ("self-closing", selfClosing),
            ("blank before >", closingWithSpace),
        ] {
            assertSameReading(model(body), memo: memo, name)
        }
    }

    func testProblemsAreTheOnesAWholeReadingNames() {
        let memo = EntityMemo()
        let twice = model(note + "\n" + tag + "\n" + note)
        let unknownType = model(
            tag.replacingOccurrences(of: "attributeType=\"String\"", with: "attributeType=\"Text\""))
        let unclosed = model(note + "\n" + tag.replacingOccurrences(of: "</entity>", with: ""))
        let missingParent = model(tag.replacingOccurrences(of: "syncable=\"YES\"", with: "parentEntity=\"Base\""))
        for (name, bytes) in [
            ("twice", twice), ("unknown type", unknownType), ("unclosed", unclosed), ("parent", missingParent),
        ] {
            assertSameReading(bytes, memo: memo, name)
            XCTAssertNotNil(ModelContentsReader.read(bytes, name: "V", file: "contents", memo: memo).problem, name)
        }
    }

    /// `SCHEMALINT_MODEL_CORPUS=folder swift test --filter EntityMemoTests` reads every `contents` of every
    /// `.xcdatamodel` below the folder (public apps' histories, for instance) both ways.
    func testCorpusReadsTheSameThroughTheMemo() throws {
        guard let corpus = ProcessInfo.processInfo.environment["SCHEMALINT_MODEL_CORPUS"] else { return }
        let memo = EntityMemo()
        let walker = FileManager.default.enumerator(atPath: corpus)
        var read = 0
        while let relative = walker?.nextObject() as? String {
            guard relative.hasSuffix(".xcdatamodel/contents"),
                let data = FileManager.default.contents(atPath: corpus + "/" + relative)
            else { continue }
            assertSameReading([UInt8](data), memo: memo, relative)
            read += 1
        }
        print("read \(read) model files both ways")
    }
}
