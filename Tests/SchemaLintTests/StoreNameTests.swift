import SchemaLintEngine
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

    /// Stores whose short names are the same (long URL expressions that differ only in the middle, folders that
    /// cannot be told ending in one file) are named in full, so `upgrades` never prints two identical lines: each
    /// keeps what tells it apart. A store whose short name is its own keeps it.
    func testStoresWhoseShortNamesAreTheSameAreNamedInFull() {
        // Longer than the 90 characters a name keeps whole; the first 40 and the last 49 are the same.
        let shared = { (account: String) in
            "Folders.sharedApplicationFolder(creatingIfNeeded: true, account: Accounts.\(account))"
                + ".appendingPathComponent(\"Stores\").appendingPathComponent(\"Library.sqlite\")"
        }
        let spellings: [(String, String, String)] = [
            (
                "long expressions that differ in the middle",
                shared("first"),
                shared("second")
            ),
            (
                "folders that cannot be told, one file",
                "Folders.first.appendingPathComponent(\"Library.sqlite\")",
                "Folders.second.appendingPathComponent(\"Library.sqlite\")"
            ),
        ]
        for (name, first, second) in spellings {
            let files = [
                "App/Models.swift": """
                import SwiftData
                import Foundation

                @Model final class Book { var title: String = ""; init() {} }

                enum Stores {
                    static let first = try! ModelContainer(
                        for: Book.self, configurations: ModelConfiguration(url: \(first)))
                    static let second = try! ModelContainer(
                        for: Book.self, configurations: ModelConfiguration(url: \(second)))
                }
                """
            ]
            let names = TestSupport.analyze(files, readsWholeApp: true).topology.stores.map(\.name)
            XCTAssertEqual(names.count, 2, "\(name): \(names)")
            XCTAssertEqual(Set(names).count, 2, "\(name): \(names)")
            XCTAssertTrue(names.contains { $0.contains("first") }, "\(name): \(names)")
            XCTAssertTrue(names.contains { $0.contains("second") }, "\(name): \(names)")
        }
        let single = TestSupport.analyze([
            "App/Models.swift": """
            import SwiftData
            import Foundation

            @Model final class Book { var title: String = ""; init() {} }
            let container = try! ModelContainer(
                for: Book.self, configurations: ModelConfiguration(url: \(shared("first"))))
            """
        ]).topology.stores.map(\.name)
        XCTAssertEqual(single.count, 1, "\(single)")
        XCTAssertTrue(single.first?.contains("…") == true, "\(single)")
    }
}
