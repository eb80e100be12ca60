import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A store URL returned from an `if` that ends its getter or function, each branch returning (Trabits' `if
/// #available(iOS 16.0, *) { return dir.appending(path:) } else { return dir.appendingPathComponent() }`, field test
/// 34 A-D3): the value each branch returns, after the locals declared before the `if`.
final class FinalIfReturnTests: XCTestCase {
    static func app(_ helper: String) -> [String: String] {
        [
            "Notes/Store.swift": """
                import SwiftData

                @Model final class Note {
                    var text: String = ""
                    init() {}
                }

                enum Store {
                \(helper)

                    static func container() throws -> ModelContainer {
                        try ModelContainer(for: Note.self, configurations: ModelConfiguration(url: storeURL()))
                    }
                }
                """
        ]
    }

    static let spellings = [
        """
            static func storeURL() -> URL {
                let folder = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
                if #available(iOS 16.0, *) {
                    return folder.appending(path: "Notes.store")
                } else {
                    return folder.appendingPathComponent("Notes.store")
                }
            }
        """,
        """
            static func storeURL() -> URL {
                let folder = URL.documentsDirectory
                if #unavailable(iOS 16.0) {
                    return folder.appendingPathComponent("Notes.store")
                } else if ProcessInfo.processInfo.isiOSAppOnMac {
                    return folder.appending(path: "Notes.store")
                } else {
                    return folder.appending(component: "Notes.store")
                }
            }
        """,
        """
            static func storeURL() -> URL {
                let name = "Notes.store"
                guard let folder = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first else {
                    fatalError("no documents")
                }
                if #available(macOS 13, iOS 16, *) { return folder.appending(path: name) }
                else { return folder.appendingPathComponent(name) }
            }
        """,
    ]

    func testEachBranchReturnsTheSameFile() {
        for spelling in Self.spellings {
            let analysis = TestSupport.analyze(Self.app(spelling))
            XCTAssertEqual(analysis.topology.stores.map(\.location.key), ["file:⟨Documents⟩/Notes.store"], spelling)
            XCTAssertEqual(analysis.notes, [], spelling)
        }
    }

    /// Control: branches returning different files are two stores the code picks between, never one of them.
    func testBranchesReturningDifferentFilesAreNotOne() {
        let analysis = TestSupport.analyze(
            Self.app(
                """
                    static func storeURL() -> URL {
                        let folder = URL.documentsDirectory
                        if #available(iOS 17, *) { return folder.appending(path: "New.store") }
                        else { return folder.appending(path: "Old.store") }
                    }
                """))
        XCTAssertNotEqual(analysis.topology.stores.map(\.location.key), ["file:⟨Documents⟩/New.store"])
        XCTAssertNotEqual(analysis.topology.stores.map(\.location.key), ["file:⟨Documents⟩/Old.store"])
    }
}
