import Foundation
import SchemaLintEngine
import XCTest

/// A release that moved its Core Data store (the old file opened where it exists, then `migratePersistentStore` into
/// the App Group: the lockfile records the version held in both files) and a later one that opens only the new file
/// without carrying the old one (SwiftCalendar c50347a, field test 22): users updating from before the move find an
/// empty store. `store_abandoned` names the old file and `upgrades` says it is no longer opened; carrying it still,
/// or never having opened it, is nothing.
final class CoreDataMoveDroppedTests: XCTestCase {
    private static let model = CoreDataToSwiftDataElsewhereTests.model
    private static let places = """
        import Foundation
        enum Places {
            static var old: URL {
                FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
                    .appending(path: "Calendar.sqlite")
            }
            static var shared: URL {
                FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.x")!
                    .appending(path: "Calendar.sqlite")
            }
        }
        """
    /// The release that moves the store.
    private static let moving = """
        import CoreData
        struct PersistenceController {
            let container = NSPersistentContainer(name: "Calendar")
            init() {
                if !FileManager.default.fileExists(atPath: Places.old.path) {
                    container.persistentStoreDescriptions.first?.url = Places.shared
                }
                container.loadPersistentStores { _, _ in }
                let coordinator = container.persistentStoreCoordinator
                guard let old = coordinator.persistentStore(for: Places.old) else { return }
                _ = try? coordinator.migratePersistentStore(old, to: Places.shared, type: .sqlite)
            }
        }
        """
    /// Later releases opening only the App Group's file, three ways.
    private static let groupOnly = [
        """
        import CoreData
        struct PersistenceController {
            let container = NSPersistentContainer(name: "Calendar")
            init() {
                container.persistentStoreDescriptions.first?.url = Places.shared
                container.loadPersistentStores { _, _ in }
            }
        }
        """,
        """
        import CoreData
        struct PersistenceController {
            let container = NSPersistentContainer(name: "Calendar")
            init() {
                container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: Places.shared)]
                container.loadPersistentStores { _, _ in }
            }
        }
        """,
        """
        import CoreData
        final class GroupContainer: NSPersistentContainer {
            override class func defaultDirectoryURL() -> URL {
                FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.x")!
            }
        }
        struct PersistenceController {
            let container = GroupContainer(name: "Calendar")
            init() { container.loadPersistentStores { _, _ in } }
        }
        """,
    ]

    private func tree(_ stack: String) -> [String: String] {
        [
            "Calendar/Calendar.xcdatamodeld/Calendar.xcdatamodel/contents": Self.model,
            "Calendar/Places.swift": Self.places,
            "Calendar/Persistence.swift": stack,
        ]
    }

    private func check(locked: String, now: String) throws -> (findings: [String], upgrades: [String]) {
        let lockfile = TestSupport.lock(try TestSupport.analyzeOnDisk(tree(locked)))
        let root = try TestSupport.writeTree(tree(now))
        defer { try? FileManager.default.removeItem(at: root) }
        let analysis = try Analyzer(workingDirectory: root, threads: 1).analyze(paths: [], lockfile: lockfile)
        return (TestSupport.summary(analysis.findings), analysis.upgrades.rows.map { "\($0.name): \($0.outcome)" })
    }

    func testAMoveDroppedLeavesTheOldFileBehind() throws {
        for (index, stack) in Self.groupOnly.enumerated() {
            let (findings, upgrades) = try check(locked: Self.moving, now: stack)
            XCTAssertEqual(findings.filter { $0.hasPrefix("store_abandoned") }.count, 1, "\(index): \(findings)")
            XCTAssertTrue(
                upgrades.contains { $0.contains("storeGone") && $0.contains("Application Support/Calendar.sqlite") },
                "\(index): \(upgrades)")
        }
    }

    /// Two stacks of one bundle, the App Group's renaming its file (git-annex-turtle v0.1 → v0.2): the finding is at
    /// the stack opening the new file in that folder, not at the other stack.
    func testARenameIsReportedAtTheStackInItsFolder() throws {
        let stacks = { (file: String) in
            """
            import CoreData
            final class AppDelegate {
                lazy var persistentContainer: NSPersistentContainer = {
                    let container = NSPersistentContainer(name: "Calendar")
                    container.loadPersistentStores { _, _ in }
                    return container
                }()
            }
            enum Shared {
                static let container: NSPersistentContainer = {
                    let container = NSPersistentContainer(name: "Calendar")
                    let folder = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.x")!
                    container.persistentStoreDescriptions = [
                        NSPersistentStoreDescription(url: folder.appendingPathComponent("\(file)"))
                    ]
                    container.loadPersistentStores { _, _ in }
                    return container
                }()
            }
            """
        }
        let (findings, _) = try check(locked: stacks("data_v1.sqlite"), now: stacks("data_v2.sqlite"))
        XCTAssertEqual(
            findings.filter { $0.hasPrefix("store_abandoned") }, ["store_abandoned Calendar/Persistence.swift:14"])
    }

    func testAMoveKeptOrNeverMadeIsNothing() throws {
        let kept = try check(locked: Self.moving, now: Self.moving)
        XCTAssertFalse(kept.findings.contains { $0.hasPrefix("store_abandoned") }, "\(kept.findings)")
        XCTAssertFalse(kept.upgrades.contains { $0.contains("storeGone") }, "\(kept.upgrades)")
        let never = try check(locked: Self.groupOnly[0], now: Self.groupOnly[1])
        XCTAssertFalse(never.findings.contains { $0.hasPrefix("store_abandoned") }, "\(never.findings)")
    }
}
