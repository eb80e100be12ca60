import SchemaLintEngine
import SchemaLintModel
import XCTest

/// Apple's template switch, `if inMemory { container.persistentStoreDescriptions.first!.url = URL(fileURLWithPath:
/// "/dev/null") }`, after the container's descriptions are replaced by one a static member of its type builds
/// (Trabits, field test 34 A-D1/D2): on the paths where the switch is off, the stack opens the description's file
/// with its model, whatever the description's variable is called.
final class TemplateInMemorySwitchTests: XCTestCase {
    static func stack(given: String, variable: String, devNull: String) -> [String: String] {
        [
            "App/Persistence.swift": """
                import CoreData

                struct PersistenceController {
                    static let shared = PersistenceController()
                    let container: NSPersistentContainer

                    init(inMemory: Bool = false) {
                        container = NSPersistentContainer(name: "M")
                        container.persistentStoreDescriptions = [\(given)]
                        if inMemory {
                            container.persistentStoreDescriptions.first!.url = \(devNull)
                        }
                        container.loadPersistentStores { _, _ in }
                    }

                    private static var storeURL: URL {
                        let folder = FileManager.default.urls(
                            for: .applicationSupportDirectory, in: .userDomainMask)[0]
                        return folder.appending(path: "M.sqlite")
                    }

                    private static var storeDescription: NSPersistentStoreDescription = {
                        let \(variable) = NSPersistentStoreDescription()
                        \(variable).url = storeURL
                        return \(variable)
                    }()
                }
                """,
            "App/M.xcdatamodeld/M.xcdatamodel/contents": CoreDataModelText.oneEntity("Habit", attribute: "title"),
        ]
    }

    func testTheDescriptionsFileIsOpenedWithTheModel() throws {
        for (given, variable, devNull) in [
            ("PersistenceController.storeDescription", "description", "URL(fileURLWithPath: \"/dev/null\")"),
            ("PersistenceController.storeDescription", "d", "URL(fileURLWithPath: \"/dev/null\")"),
            ("Self.storeDescription", "store", "URL(filePath: \"/dev/null\")"),
        ] {
            let files = Self.stack(given: given, variable: variable, devNull: devNull)
            let analysis = try TestSupport.analyzeOnDisk(files)
            XCTAssertEqual(
                analysis.project.coreDataStores.filter { $0.purpose == .app }.map {
                    "\($0.file ?? "?") \($0.model ?? "-")"
                },
                ["M.sqlite M"], "\(given) \(variable)")
            XCTAssertEqual(analysis.untoldCoreDataStoreNotes, [], "\(given) \(variable)")
        }
    }
}
