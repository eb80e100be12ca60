import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A file deleted on a failure path that is, for certain, not the failed open's store (KnowledgeBit deletes
/// `default.store` at its App Group's root, where SwiftData keeps the group's store in `Library/Application
/// Support`): no `store_deleted_on_failure`. Written with `guard let`, a local, inline and a loop over a list; the
/// control deletes the store's own place.
final class DeletedElsewhereTests: XCTestCase {
    static func app(_ delete: String) -> [String: String] {
        [
            "Cards/App.swift": """
                import Foundation
                import SwiftData

                @Model final class Card {
                    var title: String = ""
                    init() {}
                }

                enum Store {
                    static func make() -> ModelContainer? {
                        let schema = Schema([Card.self])
                        let config = ModelConfiguration(schema: schema, groupContainer: .identifier("group.cards"))
                        do {
                            return try ModelContainer(for: schema, configurations: [config])
                        } catch {
                            \(delete)
                            return try? ModelContainer(for: schema, configurations: [config])
                        }
                    }
                }
                """
        ]
    }

    static let group = "FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: \"group.cards\")"

    func testAFileBesideTheStoresFolderIsNotTheStore() {
        let elsewhere = [
            "guard let root = \(Self.group) else { return nil }\n"
                + "            try? FileManager.default.removeItem(at: root.appendingPathComponent(\"default.store\"))",
            "let file = \(Self.group)!.appendingPathComponent(\"default.store\")\n"
                + "            try? FileManager.default.removeItem(at: file)",
            "try? FileManager.default.removeItem(at: \(Self.group)!.appending(path: \"default.store\"))",
            // Each file of a local list, each loop declaring its own `file` (KnowledgeBit).
            "let names = [\"default.store\", \"default.store-wal\"]\n"
                + "            for name in names {\n"
                + "                let file = \(Self.group)!.appendingPathComponent(name)\n"
                + "                try? FileManager.default.removeItem(at: file)\n"
                + "            }",
        ]
        for delete in elsewhere {
            let analysis = TestSupport.analyze(Self.app(delete))
            XCTAssertEqual(
                TestSupport.summary(analysis.findings.filter { $0.rule == .storeDeletedOnFailure }), [], delete)
        }
        let own = "try? FileManager.default.removeItem(at: \(Self.group)!\n"
            + "                .appending(path: \"Library/Application Support/default.store\"))"
        XCTAssertEqual(
            TestSupport.analyze(Self.app(own)).findings.filter { $0.rule == .storeDeletedOnFailure }.count, 1)
    }
}
