import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A store URL an instance method without parameters returns (Holder, field test 26: `NSPersistentStoreDescription(url:
/// containerURL())` in a `lazy var`, the method building the App Group's file from two instance constants): read as an
/// instance computed property is, so the stack opens the group's file and no note says it cannot be told. On the
/// journal app of `CoreDataStoreLocationTests`.
extension CoreDataStoreLocationTests {
    static func holder(_ made: String, method: String = "") -> String {
        """
        import CoreData

        final class Persistence {
            static let shared = Persistence()
            private let name = "Journal"
            private let group = "\(group)"
            lazy var container: NSPersistentCloudKitContainer = {
                let container = NSPersistentCloudKitContainer(name: name)
                container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: \(made))]
                container.loadPersistentStores { _, _ in }
                return container
            }()
            \(method)
        }
        """
    }

    static let storeMethod = """
        private func storeURL() -> URL {
                guard let folder = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: group) else {
                    return URL(fileURLWithPath: "")
                }
                return folder.appendingPathComponent("\\(name).sqlite")
            }
        """

    static let instanceMethods: [Spelling] = [
        Spelling(name: "called bare in a lazy var (Holder)", stack: holder("storeURL()", method: storeMethod)),
        Spelling(name: "called through self", stack: holder("self.storeURL()", method: storeMethod)),
        Spelling(
            name: "a method of another type's shared instance",
            stack: holder("StoreFiles.shared.storeURL()"),
            others: [
                "Journal/StoreFiles.swift": """
                import Foundation

                final class StoreFiles {
                    static let shared = StoreFiles()
                    func storeURL() -> URL {
                        FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "\(group)")!
                            .appendingPathComponent("Journal.sqlite")
                    }
                }
                """
            ]),
    ]

    func testAnInstanceMethodWithoutParametersIsReadAsAComputedProperty() throws {
        for spelling in Self.instanceMethods {
            XCTAssertEqual(try keys(spelling), ["file:⟨group:\(Self.group)⟩/Journal.sqlite"], spelling.name)
        }
    }

    /// Control: the method returns a file the user picked, kept in the user defaults: which file cannot be told.
    func testAnInstanceMethodReadingTheUsersSettingCannotBeTold() throws {
        let method = """
            private func storeURL() -> URL {
                    URL(fileURLWithPath: UserDefaults.standard.string(forKey: "storePath")!)
                }
            """
        XCTAssertEqual(try keys(Spelling(name: "settings", stack: Self.holder("storeURL()", method: method))), [nil])
    }
}

/// The same for SwiftData: `ModelConfiguration(url: storeURL())` with the method in the holder's type.
final class InstanceMethodConfigurationTests: XCTestCase {
    func testASwiftDataStoreURLFromAnInstanceMethodIsTheGroupsFile() {
        let text = """
            import SwiftData
            import Foundation
            @Model final class Item { var name: String = ""; init() {} }
            final class Store {
                static let shared = Store()
                lazy var container: ModelContainer = {
                    let config = ModelConfiguration(url: storeURL())
                    return try! ModelContainer(for: Item.self, configurations: config)
                }()
                private func storeURL() -> URL {
                    FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.x")!
                        .appendingPathComponent("Items.store")
                }
            }
            """
        let analysis = TestSupport.analyze(["App/Store.swift": text])
        XCTAssertEqual(analysis.topology.stores.map(\.location.key), ["file:⟨group:group.x⟩/Items.store"])
        XCTAssertEqual(analysis.notes, [])
    }
}
