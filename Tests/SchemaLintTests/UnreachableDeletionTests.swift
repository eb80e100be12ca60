import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A migrate-and-delete written after `fatalError(...)` in the load's error branch never runs (Poli_Ver2 kept it below
/// the template's `fatalError`): no `store_deleted_on_failure`. The same code after a `print` still deletes.
final class UnreachableDeletionTests: XCTestCase {
    private func source(_ first: String) -> String {
        """
        import CoreData
        import Foundation

        final class Persistence {
            lazy var container: NSPersistentContainer = {
                let container = NSPersistentContainer(name: "Model")
                let storeURL = URL.documentsDirectory.appending(path: "Model.sqlite")
                let oldURL = URL.applicationSupportDirectory.appending(path: "Model.sqlite")
                container.loadPersistentStores { [unowned container] _, error in
                    if let error = error as NSError? {
                        \(first)
                        let coordinator = container.persistentStoreCoordinator
                        if let oldStore = coordinator.persistentStore(for: oldURL) {
                            do {
                                try coordinator.migratePersistentStore(
                                    oldStore, to: storeURL, options: nil, withType: NSSQLiteStoreType)
                            } catch {
                                print(error.localizedDescription)
                            }
                            try? FileManager.default.removeItem(at: oldURL)
                        }
                    }
                }
                return container
            }()
        }
        """
    }

    private static let model = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" sourceLanguage="Swift">
            <entity name="Goal" representedClassName="Goal" syncable="YES" codeGenerationType="class">
                <attribute name="title" optional="YES" attributeType="String"/>
            </entity>
        </model>
        """

    private func deleted(_ first: String) throws -> Int {
        try TestSupport.analyzeOnDisk([
            "App/Persistence.swift": source(first), "App/Model.xcdatamodeld/Model.xcdatamodel/contents": Self.model,
        ]).findings.filter { $0.rule == .storeDeletedOnFailure }.count
    }

    func testCodeAfterAStopperNeverDeletes() throws {
        for stopper in [#"fatalError("Unresolved error \(error)")"#, #"preconditionFailure("load")"#, "exit(1)"] {
            XCTAssertEqual(try deleted(stopper), 0, stopper)
        }
        XCTAssertEqual(try deleted("print(error)"), 1)
    }
}
