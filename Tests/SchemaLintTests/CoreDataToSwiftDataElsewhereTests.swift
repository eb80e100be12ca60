import Foundation
import SchemaLintEngine
import XCTest

/// An app that replaces its Core Data stack by a SwiftData container opening the same models in another file (the
/// App Group instead of Application Support, Documents; SwiftCalendar, field test 22) takes over no store: what the
/// Core Data files hold is left behind (`store_abandoned` at the container), and `upgrades` says they are no longer
/// opened. On the file the stack opened, it is an adoption, and nothing is left; code copying the store carries it.
final class CoreDataToSwiftDataElsewhereTests: XCTestCase {
    /// A one-entity model (`Day`, an optional date), as a `.xcdatamodel`'s `contents`.
    static let model = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="22522" \
        systemVersion="23D60" minimumToolsVersion="Automatic" sourceLanguage="Swift" \
        userDefinedModelVersionIdentifier="">
            <entity name="Day" representedClassName="Day" syncable="YES" codeGenerationType="class">
                <attribute name="date" optional="YES" attributeType="Date" usesScalarValueType="NO"/>
            </entity>
        </model>
        """
    private static let coreData = """
        import CoreData
        struct PersistenceController {
            let container: NSPersistentContainer
            init() {
                container = NSPersistentContainer(name: "Calendar")
                container.loadPersistentStores { _, _ in }
            }
        }
        """

    /// The SwiftData app opening `url` (written in its own helper file as `helper`).
    private static func swiftData(_ url: String, helper: String = "") -> [String: String] {
        [
            "Calendar/Persistence.swift": """
                import SwiftData
                import Foundation
                @Model class Day {
                    var date: Date?
                    init(date: Date?) { self.date = date }
                }
                struct Persistence {
                    static let container: ModelContainer = {
                        try! ModelContainer(for: Day.self, configurations: ModelConfiguration(url: \(url)))
                    }()
                }
                """,
            "Calendar/Places.swift": "import Foundation\n" + helper,
        ]
    }

    private func tree(_ files: [String: String]) -> [String: String] {
        var tree = files
        tree["Calendar/Calendar.xcdatamodeld/Calendar.xcdatamodel/contents"] = Self.model
        return tree
    }

    private func check(_ now: [String: String]) throws -> (findings: [String], upgrades: [String]) {
        let shipped = try TestSupport.analyzeOnDisk(tree(["Calendar/Persistence.swift": Self.coreData]))
        let lockfile = TestSupport.lock(shipped)
        let root = try TestSupport.writeTree(tree(now))
        defer { try? FileManager.default.removeItem(at: root) }
        let analysis = try Analyzer(workingDirectory: root, threads: 1).analyze(paths: [], lockfile: lockfile)
        let rows = analysis.upgrades.rows.map { "\($0.name): \($0.outcome)" }
        return (TestSupport.summary(analysis.findings), rows)
    }

    private static let elsewhere: [(name: String, files: [String: String])] = [
        (
            "the App Group, through a static property",
            swiftData(
                "Places.shared",
                helper: """
                    enum Places {
                        static var shared: URL {
                            FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.x")!
                                .appending(path: "Calendar.sqlite")
                        }
                    }
                    """)
        ),
        ("Documents, inline", swiftData("URL.documentsDirectory.appending(path: \"Calendar.sqlite\")")),
        (
            "a folder of its own, through a function",
            swiftData(
                "storeFile()",
                helper: """
                    func storeFile() -> URL {
                        URL.applicationSupportDirectory.appending(path: "Stores").appending(path: "Calendar.sqlite")
                    }
                    """)
        ),
    ]

    func testTheCoreDataFilesAreLeftBehind() throws {
        for spelling in Self.elsewhere {
            let (findings, upgrades) = try check(spelling.files)
            XCTAssertTrue(
                findings.contains("store_abandoned Calendar/Persistence.swift:9"), "\(spelling.name): \(findings)")
            XCTAssertTrue(
                upgrades.contains { $0.hasPrefix("Calendar.xcdatamodeld/Calendar: storeGone") },
                "\(spelling.name): \(upgrades)")
        }
    }

    func testTheSameFileOrACopyLeavesNothing() throws {
        let same = Self.swiftData("URL.applicationSupportDirectory.appending(path: \"Calendar.sqlite\")")
        var copied = Self.elsewhere[0].files
        copied["Calendar/Move.swift"] = """
            import CoreData
            func carry(_ coordinator: NSPersistentStoreCoordinator, _ store: NSPersistentStore, to url: URL) throws {
                _ = try coordinator.migratePersistentStore(store, to: url, type: .sqlite)
            }
            """
        for (name, files) in [("the same file", same), ("a copy", copied)] {
            let (findings, upgrades) = try check(files)
            XCTAssertFalse(findings.contains { $0.hasPrefix("store_abandoned") }, "\(name): \(findings)")
            XCTAssertFalse(upgrades.contains { $0.contains("storeGone") }, "\(name): \(upgrades)")
        }
    }
}
