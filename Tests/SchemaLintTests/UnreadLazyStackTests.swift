import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A Core Data container made by a `lazy var` that no code reads is never made, so it opens no store (PinPhoto,
/// field test 29: Xcode's template `AppDelegate.persistentContainer` stayed after a `CoreDataManager` with a
/// `persistentContainer` of its own moved the data to an App Group; the template's file counted as still opened,
/// which hid the `store_abandoned` of the move).
final class UnreadLazyStackTests: XCTestCase {
    private static let delegate = """
        import UIKit
        import CoreData

        @main
        class AppDelegate: UIResponder, UIApplicationDelegate {
            lazy var persistentContainer: NSPersistentContainer = {
                let container = NSPersistentContainer(name: "Item")
                container.loadPersistentStores { _, error in if let error { fatalError("\\(error)") } }
                return container
            }()
        }
        """

    /// The manager of the next release: its own container in the App Group.
    private static let manager = """
        import CoreData

        extension URL {
            static func storeURL(for group: String, name: String) -> URL {
                FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: group)!
                    .appendingPathComponent("\\(name).sqlite")
            }
        }

        final class CoreDataManager {
            static let shared = CoreDataManager()
            let persistentContainer: NSPersistentContainer = {
                let container = NSPersistentContainer(name: "Item")
                container.persistentStoreDescriptions = [
                    NSPersistentStoreDescription(url: URL.storeURL(for: "group.com.example.pin", name: "Pin"))
                ]
                container.loadPersistentStores { _, _ in }
                return container
            }()
            lazy var context = persistentContainer.viewContext
        }
        """

    private static let bundle = [
        "App/Item.xcdatamodeld/Item.xcdatamodel/contents": CoreDataModelText.oneEntity("Pin", attribute: "title")
    ]

    /// The files whose Core Data stacks open a store.
    private static func opening(_ files: [String: String]) throws -> [String] {
        try TestSupport.analyzeOnDisk(files.merging(bundle) { $1 }).project.coreDataStores.map(\.location.file)
    }

    func testALazyContainerNothingReadsOpensNothing() throws {
        // Another type's property of the same name, read bare in that type (PinPhoto).
        XCTAssertEqual(
            try Self.opening(["App/AppDelegate.swift": Self.delegate, "App/Manager.swift": Self.manager]),
            ["App/Manager.swift"])
        // No code names it at all.
        XCTAssertEqual(try Self.opening(["App/AppDelegate.swift": Self.delegate]), [])
    }

    /// Control: a property Objective-C code may read (`@objc`, a class `@objcMembers`) is made, whatever Swift does.
    func testAPropertyObjectiveCMayReadOpensItsStore() throws {
        for marked in [
            Self.delegate.replacingOccurrences(of: "    lazy var", with: "    @objc lazy var"),
            Self.delegate.replacingOccurrences(of: "@main\nclass", with: "@main\n@objcMembers\nclass"),
        ] {
            XCTAssertNotEqual(marked, Self.delegate)
            XCTAssertEqual(try Self.opening(["App/AppDelegate.swift": marked]), ["App/AppDelegate.swift"])
        }
    }

    /// Controls: each way code reads the property makes the container, so its store is opened.
    func testEveryReadOfThePropertyOpensItsStore() throws {
        let reads = [
            (
                "another type reads it through the app delegate",
                """
                import UIKit
                final class Repository {
                    var context: NSManagedObjectContext? {
                        (UIApplication.shared.delegate as? AppDelegate)?.persistentContainer.viewContext
                    }
                }
                """
            ),
            (
                "an extension of its type reads it bare",
                """
                import CoreData
                extension AppDelegate {
                    func saveContext() { try? persistentContainer.viewContext.save() }
                }
                """
            ),
            (
                "a function of another file reads it as self's",
                """
                import CoreData
                extension AppDelegate {
                    var context: NSManagedObjectContext { self.persistentContainer.viewContext }
                }
                """
            ),
        ]
        for (name, reader) in reads {
            XCTAssertEqual(
                try Self.opening(["App/AppDelegate.swift": Self.delegate, "App/Reader.swift": reader]),
                ["App/AppDelegate.swift"], name)
        }
        // Read by its own type's method, in the type's body.
        let saving = Self.delegate.replacingOccurrences(
            of: "    }()\n}", with: "    }()\n    func save() { try? persistentContainer.viewContext.save() }\n}")
        XCTAssertNotEqual(saving, Self.delegate)
        XCTAssertEqual(try Self.opening(["App/AppDelegate.swift": saving]), ["App/AppDelegate.swift"])
    }

    /// The release that moved the data: the template's store was read through the delegate before, and nothing
    /// reads it now, so the file is left behind.
    func testAMoveAwayFromTheUnreadTemplateStoreIsReported() throws {
        let before = """
            import UIKit
            import CoreData
            final class CoreDataManager {
                static let shared = CoreDataManager()
                lazy var context = (UIApplication.shared.delegate as? AppDelegate)?.persistentContainer.viewContext
            }
            """
        let old = try TestSupport.analyzeOnDisk(
            ["App/AppDelegate.swift": Self.delegate, "App/Manager.swift": before].merging(Self.bundle) { $1 })
        let new = try TestSupport.analyzeOnDisk(
            ["App/AppDelegate.swift": Self.delegate, "App/Manager.swift": Self.manager].merging(Self.bundle) { $1 },
            lockfile: TestSupport.lock(old))
        XCTAssertEqual(TestSupport.summary(new.findings), ["store_abandoned App/Manager.swift:15"])
    }
}
