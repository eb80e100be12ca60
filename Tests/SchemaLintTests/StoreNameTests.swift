import SchemaLintModel
import XCTest

/// How a store whose URL cannot be evaluated is named (issue 50): a long expression is cut in the middle, so three
/// stores built the same way keep the ends that tell them apart (the file names), and a short one is left whole.
final class StoreNameTests: XCTestCase {
    func testLongURLsBuiltTheSameWayKeepTheirFileNames() {
        let base = "FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: Settings.groupIdentifier)!"
        let spellings = [
            (base + ".appendingPathComponent(\"Feed.sqlite\")", "Feed.sqlite"),
            (base + ".appendingPathComponent(\"Images.sqlite\")", "Images.sqlite"),
            (base + ".appending(path: \"Accounts.sqlite\")", "Accounts.sqlite"),
            (base + ".appendingPathComponent(\"Stores\").appendingPathComponent(\"Drafts.sqlite\")", "Drafts.sqlite"),
        ]
        let names = spellings.map { StoreLocation(kind: .url, key: "url:" + $0.0).description }
        XCTAssertEqual(Set(names).count, spellings.count, "\(names)")
        for (name, (_, file)) in zip(names, spellings) {
            XCTAssertTrue(name.contains(file), name)
            XCTAssertTrue(name.hasPrefix("the store at `FileManager.default.containerURL"), name)
            XCTAssertTrue(name.contains("…"), name)
        }
        let short = StoreLocation(kind: .url, key: "url:storeURL").description
        XCTAssertEqual(short, "the store at `storeURL`")
    }
}
