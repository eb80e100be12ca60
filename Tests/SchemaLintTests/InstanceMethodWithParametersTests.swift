import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A store URL an instance method with parameters returns (TimeLines, field test 31: `private func storeURL(for
/// appGroup: String, databaseName: String) -> URL`, called in a `lazy var` container): read with what the call
/// passes, as a static function's is.
final class InstanceMethodWithParametersTests: XCTestCase {
    private static let helper = """
          private func storeURL(for appGroup: String, databaseName: String) -> URL {
            guard let folder = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: appGroup) else {
              fatalError("no group")
            }
            return folder.appendingPathComponent("\\(databaseName).sqlite")
          }
        """

    private static func manager(_ call: String) -> String {
        """
        import CoreData
        public class CoreDataManager {
          let groupIdentifier = "group.me.example"
          lazy var persistentContainer: NSPersistentCloudKitContainer = {
            let container = NSPersistentCloudKitContainer(name: "Model")
            let store = \(call)
            container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: store)]
            container.loadPersistentStores { _, _ in }
            return container
          }()
        \(helper)
        }
        extension CoreDataManager {
          public var viewContext: NSManagedObjectContext { persistentContainer.viewContext }
        }
        """
    }

    func testTheURLIsWhatTheCallPasses() throws {
        for call in [
            "storeURL(for: \"group.me.example\", databaseName: \"TimeLine\")",
            "self.storeURL(for: \"group.me.example\", databaseName: \"TimeLine\")",
            "storeURL(for: groupIdentifier, databaseName: \"TimeLine\")",
        ] {
            let analysis = try TestSupport.analyzeOnDisk([
                "Shared/CoreDataManager.swift": Self.manager(call),
                "Shared/Model.xcdatamodeld/Model.xcdatamodel/contents":
                    CoreDataModelText.oneEntity("Line", attribute: "name"),
            ])
            XCTAssertEqual(
                analysis.project.coreDataStores.compactMap { $0.path?.evaluated },
                ["⟨group:group.me.example⟩/TimeLine.sqlite"], call)
        }
    }
}
