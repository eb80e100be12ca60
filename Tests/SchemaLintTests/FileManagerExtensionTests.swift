import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A store URL from a method an extension of `FileManager` declares, called on `FileManager.default` (wishlist's
/// `FileManager.default.storeURL(for:databaseName:)`): read as a function of the type, with each call's arguments, for
/// a SwiftData configuration and written with `self.` and an argument label; the control is an instance method of the
/// app's own class, which stays untold.
final class FileManagerExtensionTests: XCTestCase {
    static let models = "import SwiftData\n\n@Model final class Wish {\n    var title = \"\"\n    init() {}\n}\n"

    static func helper(_ body: String) -> String {
        """
        import Foundation

        public extension FileManager {
            func storeURL(for appGroup: String, databaseName: String) -> URL {
        \(body)
            }
        }
        """
    }

    static let bodies = [
        """
                guard let folder = containerURL(forSecurityApplicationGroupIdentifier: appGroup) else {
                    fatalError("no group")
                }
                return folder.appendingPathComponent("\\(databaseName).sqlite")
        """,
        """
                self.containerURL(forSecurityApplicationGroupIdentifier: appGroup)!
                    .appendingPathComponent(databaseName + ".sqlite")
        """,
    ]

    func testAFileManagerExtensionsMethodIsRead() {
        for body in Self.bodies {
            let analysis = TestSupport.analyze([
                "Wishlist/Wish.swift": Self.models,
                "Modules/Sources/Toolbox/FileManager+Store.swift": Self.helper(body),
                "Wishlist/Store.swift": """
                    import Foundation
                    import SwiftData

                    enum Store {
                        static let container = try! ModelContainer(
                            for: Wish.self,
                            configurations: ModelConfiguration(
                                url: FileManager.default.storeURL(for: "group.wishes", databaseName: "Wishlist")))
                    }
                    """,
            ])
            XCTAssertEqual(
                analysis.topology.stores.map(\.location.key), ["file:⟨group:group.wishes⟩/Wishlist.sqlite"], body)
            XCTAssertEqual(analysis.untoldStoreNotes, [], body)
        }
        // Control: an instance of the app's own type is no one instance: its method is not read this way.
        let own = TestSupport.analyze([
            "Wishlist/Wish.swift": Self.models,
            "Wishlist/Paths.swift": """
                import Foundation

                final class Paths {
                    let root: URL
                    init(root: URL) { self.root = root }
                    func storeURL() -> URL { root.appendingPathComponent("Wishlist.sqlite") }
                }
                """,
            "Wishlist/Store.swift": """
                import Foundation
                import SwiftData

                enum Store {
                    static let container = try! ModelContainer(
                        for: Wish.self,
                        configurations: ModelConfiguration(
                            url: Paths(root: URL(fileURLWithPath: CommandLine.arguments[1])).storeURL()))
                }
                """,
        ])
        XCTAssertEqual(own.untoldStoreNotes.count, 1, "\(own.untoldStoreNotes)")
    }
}
