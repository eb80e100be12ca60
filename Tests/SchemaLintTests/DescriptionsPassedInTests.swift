import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A Core Data stack given its store descriptions by its callers (Iron's `init(storeDescription:)`): the file they
/// open cannot be told where the container is made, so it is said to be untold, never taken for the container's own
/// file. Three spellings; the control builds the description from a URL it can read.
final class DescriptionsPassedInTests: XCTestCase {
    private static let model = CoreDataModelText.oneEntity("Workout", attribute: "start", type: "Date")

    private func keys(_ storage: String) throws -> [String?] {
        let analysis = try TestSupport.analyzeOnDisk([
            "Kit/Storage.swift": "import CoreData\n\n" + storage,
            "Kit/Workouts.xcdatamodeld/Workouts.xcdatamodel/contents": Self.model,
        ])
        return analysis.topology.coreData.stores.map(\.key)
    }

    func testDescriptionsGivenByCallersAreUntold() throws {
        let own = "file:⟨Application Support⟩/Workouts.sqlite"
        let spellings: [(String, String, [String?])] = [
            (
                "an optional parameter, used when given",
                """
                public final class Storage {
                    public let container: NSPersistentContainer
                    public init(storeDescription: NSPersistentStoreDescription? = nil) {
                        container = NSPersistentContainer(name: "Workouts")
                        if let storeDescription {
                            container.persistentStoreDescriptions = [storeDescription]
                        }
                        container.loadPersistentStores { _, _ in }
                    }
                }
                """,
                [nil, own]
            ),
            (
                "a parameter always used",
                """
                final class Storage {
                    let container: NSPersistentContainer
                    init(description: NSPersistentStoreDescription) {
                        container = NSPersistentContainer(name: "Workouts")
                        container.persistentStoreDescriptions = [description]
                        container.loadPersistentStores { _, _ in }
                    }
                }
                """,
                [nil]
            ),
            (
                "a list handed to a static function",
                """
                enum Storage {
                    static func make(_ descriptions: [NSPersistentStoreDescription]) -> NSPersistentContainer {
                        let container = NSPersistentContainer(name: "Workouts")
                        container.persistentStoreDescriptions = descriptions
                        container.loadPersistentStores { _, _ in }
                        return container
                    }
                }
                """,
                [nil]
            ),
        ]
        for (name, storage, expected) in spellings {
            XCTAssertEqual(try keys(storage), expected, name)
        }
        // Control: a description built here from a URL that can be read.
        let control = """
            final class Storage {
                let container: NSPersistentContainer = {
                    let container = NSPersistentContainer(name: "Workouts")
                    let url = URL.documentsDirectory.appendingPathComponent("Workouts.sqlite")
                    container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: url)]
                    container.loadPersistentStores { _, _ in }
                    return container
                }()
            }
            """
        XCTAssertEqual(try keys(control), ["file:⟨Documents⟩/Workouts.sqlite"])
    }
}
