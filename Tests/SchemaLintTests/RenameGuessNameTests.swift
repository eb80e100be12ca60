import SchemaLintEngine
import XCTest

/// Which removed and added pair of one type is guessed to be a rename, by their names (field test 6, Pocket 8.9:
/// `Item.shortURL` removed and `shareURL` added, two different links, was said to look renamed). Names of one generic
/// kind that each qualify it with a word of their own (`shortURL`/`shareURL`, `startDate`/`endDate`) say they hold
/// two different things: no guess, and `data_dropped` says the old values go. Core Data's side is in
/// `CoreDataBundleTests.testNamesOfTwoThingsOfOneKindAreNoRename`.
final class RenameGuessNameTests: XCTestCase {
    static let shipped = """
        import SwiftData
        import SwiftUI

        @Model final class Post {
            var title: String = ""
            var shortURL: String?
            init() {}
        }

        @main
        struct PostsApp: App {
            var body: some Scene {
                WindowGroup { Text("Posts") }
                    .modelContainer(for: Post.self)
            }
        }
        """

    /// The app's container opens the shipped state by inference: `shortURL` → `shareURL` is no rename; the old
    /// values are said to be deleted. The control only adds a qualifier (`url` → `shareURL`): still a guess.
    func testAShippedStateOpenedByInference() throws {
        let lockfile = TestSupport.lock(TestSupport.analyze(Self.shipped))
        let sibling = Self.shipped.replacingOccurrences(of: "var shortURL: String?", with: "var shareURL: String?")
        XCTAssertEqual(TestSupport.analyze(sibling, lockfile: lockfile).findings.map(\.rule), ["data_dropped"])

        let plain = Self.shipped.replacingOccurrences(of: "var shortURL: String?", with: "var url: String?")
        let plainLock = TestSupport.lock(TestSupport.analyze(plain))
        let qualified = plain.replacingOccurrences(of: "var url: String?", with: "var shareURL: String?")
        XCTAssertEqual(
            TestSupport.analyze(qualified, lockfile: plainLock).findings.map(\.rule), ["rename_without_original_name"])
    }

    /// A plan's lightweight step, with the versions in the plan's file or each in a file of its own.
    func plan(_ old: String, _ new: String, type: String = "String?", split: Bool = false) -> [String: String] {
        let v1 = """
            enum LinkV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Post.self] }
                @Model final class Post { var title: String = ""; var \(old): \(type); init() {} }
            }
            """
        let v2 = """
            enum LinkV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Post.self] }
                @Model final class Post { var title: String = ""; var \(new): \(type); init() {} }
            }
            """
        let planText = """
            enum LinkPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [LinkV1.self, LinkV2.self] }
                static var stages: [MigrationStage] { [.lightweight(fromVersion: LinkV1.self, toVersion: LinkV2.self)] }
            }
            """
        guard split else { return ["Schema.swift": "import SwiftData\n" + [v1, v2, planText].joined(separator: "\n")] }
        return [
            "V1.swift": "import SwiftData\n" + v1, "V2.swift": "import SwiftData\n" + v2,
            "Plan.swift": "import SwiftData\n" + planText,
        ]
    }

    func rules(_ files: [String: String]) -> [String] {
        TestSupport.analyze(files).findings.map(\.rule.rawValue)
    }

    /// Two things of one kind, in a plan's lightweight step: the links, dates, flags, the app's `contextData` →
    /// `metricsData` (its version notes said one was removed); in one file and in three.
    func testTwoThingsOfOneKindInAPlanStep() throws {
        let pairs: [(String, String, String)] = [
            ("shortURL", "shareURL", "String?"), ("startDate", "endDate", "Date?"), ("isDraft", "isPinned", "Bool?"),
            ("contextData", "metricsData", "Data?"),
        ]
        for (old, new, type) in pairs {
            for split in [false, true] {
                XCTAssertEqual(rules(plan(old, new, type: type, split: split)), ["data_dropped"], "\(old) → \(new)")
            }
        }
    }

    /// Still guessed: a qualifier added (`link` → `shareLink`, a warning), a meaningful word shared (`currentIndex`
    /// → `musicIndex`, which a music player really renamed), no word shared at all (`name` → `heading`, a note).
    func testRenamesAreStillGuessed() throws {
        XCTAssertEqual(rules(plan("link", "shareLink")), ["rename_without_original_name"])
        XCTAssertEqual(
            rules(plan("currentIndex", "musicIndex", type: "Int?", split: true)), ["rename_without_original_name"])
        let analysis = TestSupport.analyze(plan("name", "heading"))
        XCTAssertEqual(analysis.findings.map(\.rule), ["rename_without_original_name"])
        XCTAssertEqual(analysis.findings.map(\.severity), [.note])
    }
}
