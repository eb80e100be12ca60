import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A member an extension adds to another module's type, called bare (or as `Self.`) from its sibling (`extension URL
/// { static func container(for:) ...; static func storeURL(for:databaseName:) { container(for: g)... } }`,
/// CarShuffle, field test 22): found as Swift finds it, among the extension's members before the globals, so the
/// store is in the App Group and no "cannot be told" note is printed.
final class ExtensionSiblingMemberTests: XCTestCase {
    private static let group = "group.com.example.cars"
    /// CarShuffle's `extension URL`: a store URL built by a static member from its bare sibling `container(for:)`.
    static func carShuffleURL(fileExtension: String) -> String {
        """
        import Foundation
        public extension URL {
            static func container(for group: String) -> URL {
                guard let folder = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: group)
                else { fatalError("no App Group") }
                return folder
            }
            static func storeURL(for group: String, databaseName: String) -> URL {
                container(for: group).appendingPathComponent("\\(databaseName).\(fileExtension)")
            }
        }
        """
    }

    private static let helpers: [(name: String, text: String, call: String)] = [
        (
            "a bare static sibling of URL",
            carShuffleURL(fileExtension: "store"),
            "URL.storeURL(for: \"\(group)\", databaseName: \"Cars\")"
        ),
        (
            "Self. and a static property sibling",
            """
            import Foundation
            extension URL {
                static var sharedFolder: URL {
                    FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "\(group)")!
                }
                static var carsStore: URL { Self.sharedFolder.appending(path: "Cars.store") }
            }
            """,
            "URL.carsStore"
        ),
        (
            "a bare instance sibling of FileManager",
            """
            import Foundation
            extension FileManager {
                func sharedFolder() -> URL { containerURL(forSecurityApplicationGroupIdentifier: "\(group)")! }
                func carsStore() -> URL { sharedFolder().appending(path: "Cars.store") }
            }
            """,
            "FileManager.default.carsStore()"
        ),
    ]

    private static func app(_ call: String) -> String {
        """
        import SwiftUI
        import SwiftData
        @Model final class Car { var plate: String = ""; init() {} }
        @main struct CarsApp: App {
            let container = try! ModelContainer(for: Car.self, configurations: ModelConfiguration(url: \(call)))
            var body: some Scene { WindowGroup { Text("cars") }.modelContainer(container) }
        }
        """
    }

    func testASiblingMemberOfAnExtensionIsFound() {
        for helper in Self.helpers {
            let analysis = TestSupport.analyze(
                ["App/CarsApp.swift": Self.app(helper.call), "App/Helpers.swift": helper.text])
            XCTAssertEqual(
                analysis.topology.stores.map(\.location.key), ["file:⟨group:\(Self.group)⟩/Cars.store"],
                helper.name)
            XCTAssertEqual(analysis.untoldStoreNotes, [], helper.name)
        }
    }

    /// A global function of the name, and no member: the global, as Swift finds it.
    func testAGlobalOfTheNameIsFoundWhereNoMemberIs() {
        let text = """
            import Foundation
            func sharedFolder() -> URL { FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0] }
            extension URL {
                static var carsStore: URL { sharedFolder().appending(path: "Cars.store") }
            }
            """
        let analysis = TestSupport.analyze(["App/CarsApp.swift": Self.app("URL.carsStore"), "App/Helpers.swift": text])
        XCTAssertEqual(analysis.topology.stores.map(\.location.key), ["file:⟨Documents⟩/Cars.store"])
    }
}

/// CarShuffle's own shape: a Core Data description given the sibling's URL, in memory on one branch.
extension CoreDataStoreLocationTests {
    func testACoreDataStoreURLFromAnExtensionsSiblingIsInTheGroup() throws {
        let helper = ExtensionSiblingMemberTests.carShuffleURL(fileExtension: "sqlite")
        let stack = """
            import CoreData

            final class Persistence {
                let container: NSPersistentContainer

                init(inMemory: Bool = false) {
                    container = NSPersistentContainer(name: "Journal")
                    let url = inMemory
                        ? URL(fileURLWithPath: "/dev/null")
                        : URL.storeURL(for: "\(Self.group)", databaseName: "Journal")
                    container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: url)]
                    container.loadPersistentStores { _, _ in }
                }
            }
            """
        let spelling = Spelling(name: "CarShuffle", stack: stack, others: ["Journal/URL+Group.swift": helper])
        XCTAssertEqual(try keys(spelling), ["file:⟨group:\(Self.group)⟩/Journal.sqlite"])
    }
}
