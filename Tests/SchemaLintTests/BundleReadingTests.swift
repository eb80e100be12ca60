import SchemaLintBundles
import SchemaLintModel
import XCTest

/// The shortcuts model bundles are read with: they must give what the long way gives.
final class BundleReadingTests: XCTestCase {
    /// `xcmapping.xml` as Xcode writes it: the two model paths beside megabytes of archived models.
    let mapping = """
        <?xml version="1.0" standalone="yes"?>
        <database>
            <object type="XDDEVMAPPINGMODEL" id="z246">
                <attribute name="sourcemodelpath" type="string">Store/Model.xcdatamodeld/Model 9.xcdatamodel</attribute>
                <attribute name="sourcemodeldata" type="binary">YnBsaXN0MDDUAAEAAgAD&amp;AAQABQAG
        z5rPm1gkdmVyc2lvbg==</attribute>
                <attribute name="destinationmodelpath" type="string">Model 10.xcdatamodel</attribute>
            </object>
            <object type="XDDEVENTITYMAPPING" id="z247"><![CDATA[kept out]]></object>
        </database>
        """

    func testTextIsKeptOnlyWhereAsked() throws {
        let bytes = Array(mapping.utf8)
        let whole = try XMLReader.read(bytes)
        let kept = try XMLReader.read(bytes) { name, attributes in
            name == "attribute" && attributes["name"]?.hasSuffix("path") == true
        }
        let wholeAttributes = whole.children(named: "object")[0].children(named: "attribute")
        let keptAttributes = kept.children(named: "object")[0].children(named: "attribute")
        XCTAssertEqual(wholeAttributes.map(\.text)[1], "YnBsaXN0MDDUAAEAAgAD&AAQABQAG\nz5rPm1gkdmVyc2lvbg==")
        XCTAssertEqual(
            keptAttributes.map(\.text),
            ["Store/Model.xcdatamodeld/Model 9.xcdatamodel", "", "Model 10.xcdatamodel"])
        XCTAssertEqual(wholeAttributes.map(\.line), keptAttributes.map(\.line))
        XCTAssertEqual(whole.children(named: "object")[1].text, "kept out")
        XCTAssertEqual(kept.children(named: "object")[1].text, "")
        XCTAssertEqual(kept.children(named: "object")[1].line, 9)
    }

    /// Text that is not kept is still read: a damaged file is named the same way.
    func testTextNotKeptIsStillChecked() {
        let damaged = Array(mapping.replacingOccurrences(of: "&amp;", with: "&bogus;").utf8)
        XCTAssertThrowsError(try XMLReader.read(damaged) { _, _ in false }) { error in
            XCTAssertEqual("\(error)", "line 5: unknown entity &bogus;")
        }
    }

    /// ASCII names are split on bytes, others on characters: both orders agree where they overlap.
    func testVersionNamesSortTheSameWhateverTheirLetters() {
        let names = [
            "Modèle 10", "Modèle 9", "Model 10", "Model 9", "Model 0009 b", "Model 12345678901234567890",
            "Model 12345678901234567899", "Model", "Model 2 ", "Modèle", "2 Model",
        ]
        XCTAssertEqual(
            names.sorted(by: VersionNameOrder.precedes),
            [
                "2 Model", "Model", "Model 2 ", "Model 9", "Model 0009 b", "Model 10", "Model 12345678901234567890",
                "Model 12345678901234567899", "Modèle", "Modèle 9", "Modèle 10",
            ])
        XCTAssertEqual(VersionNameOrder.numbers(in: "ModelV26toV27"), [26, 27])
        XCTAssertEqual(VersionNameOrder.numbers(in: "ModèleV26toV27"), [26, 27])
    }
}
