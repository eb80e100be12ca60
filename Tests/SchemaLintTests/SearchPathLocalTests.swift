import SchemaLintEngine
import SchemaLintModel
import XCTest

/// `FileManager.default.urls(for: location, in: .userDomainMask)` where `location` is a local holding the folder
/// (FlexiDeck, field test 34 A-D4): the folder is the local's, as if written in place, so the store is placed.
final class SearchPathLocalTests: XCTestCase {
    static func app(_ body: String) -> [String: String] {
        [
            "Decks/DecksApp.swift": """
                import SwiftData
                import SwiftUI

                @Model final class Deck {
                    var name: String = ""
                    init() {}
                }

                enum Store {
                    static func container() -> ModelContainer {
                \(body)
                        return try! ModelContainer(for: Deck.self, configurations: ModelConfiguration(url: file))
                    }
                }
                """
        ]
    }

    static let spellings = [
        """
                let location: FileManager.SearchPathDirectory = .documentDirectory
                let file = FileManager.default.urls(for: location, in: .userDomainMask).first!
                    .appending(path: "Decks.store")
        """,
        """
                let location = FileManager.SearchPathDirectory.documentDirectory
                let folder = FileManager.default.urls(for: location, in: .userDomainMask)[0]
                let file = folder.appendingPathComponent("Decks.store")
        """,
        """
                let location: FileManager.SearchPathDirectory = .documentDirectory
                let file = try! FileManager.default.url(for: location, in: .userDomainMask, appropriateFor: nil,
                    create: true).appendingPathComponent("Decks.store")
        """,
    ]

    func testALocalFolderPlacesTheStore() {
        for spelling in Self.spellings {
            let analysis = TestSupport.analyze(Self.app(spelling))
            XCTAssertEqual(analysis.topology.stores.map(\.location.key), ["file:⟨Documents⟩/Decks.store"], spelling)
            XCTAssertEqual(analysis.untoldStoreNotes, [], spelling)
        }
    }

    /// Control: a folder given by a parameter no call passes is not guessed.
    func testAFolderNoCodeGivesIsNotGuessed() {
        let analysis = TestSupport.analyze(
            Self.app(
                """
                        let location = FileManager.SearchPathDirectory(rawValue: UInt(CommandLine.argc))!
                        let file = FileManager.default.urls(for: location, in: .userDomainMask)[0]
                            .appendingPathComponent("Decks.store")
                """))
        XCTAssertNotEqual(analysis.topology.stores.map(\.location.key), ["file:⟨Documents⟩/Decks.store"])
    }
}
