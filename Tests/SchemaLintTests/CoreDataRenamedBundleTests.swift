import Foundation
import XCTest

/// A model bundle renamed or moved with its versions as they shipped (PizzaHelperUnited renamed `GachaMO4GI` to
/// `CDGachaMO4GI` and loads the new name): Core Data still finds the stores' model by its hashes, so the bundle the
/// lockfile names being gone is no finding. A shipped version edited on the way is still one. Runs the built binary.
final class CoreDataRenamedBundleTests: XCTestCase {
    private var app: URL!

    override func setUpWithError() throws { app = try TestSupport.temporaryDirectory() }

    override func tearDownWithError() throws {
        if let app { try? FileManager.default.removeItem(at: app) }
    }

    private func write(_ path: String, _ text: String) throws {
        let url = app.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func bundle(_ path: String, attributes: [String]) throws {
        let fields = attributes.map {
            "        <attribute name=\"\($0)\" optional=\"YES\" attributeType=\"String\"/>\n"
        }
        try write(
            "\(path)/Log.xcdatamodel/contents",
            """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" sourceLanguage="Swift">
                <entity name="Pull" representedClassName="Pull" syncable="YES" codeGenerationType="class">
            \(fields.joined())    </entity>
            </model>

            """)
    }

    /// A stack loading the bundle named `model` into `Log.sqlite`, written the way `spelling` says.
    private func stack(_ model: String, spelling: Int) throws {
        let body: String
        switch spelling {
        case 0:
            body = """
                enum LogStack {
                    static let modelName = "\(model)"
                    static func load() -> NSPersistentContainer {
                        let url = Bundle.main.url(forResource: modelName, withExtension: "momd")!
                        let container = NSPersistentContainer(
                            name: "Log", managedObjectModel: NSManagedObjectModel(contentsOf: url)!)
                        container.loadPersistentStores { _, _ in }
                        return container
                    }
                }
                let stack = LogStack.load()
                """
        default:
            body = """
                final class LogStack {
                    lazy var container: NSPersistentContainer = {
                        let container = NSPersistentContainer(name: "\(model)")
                        let url = NSPersistentContainer.defaultDirectoryURL().appendingPathComponent("Log.sqlite")
                        container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: url)]
                        container.loadPersistentStores { _, _ in }
                        return container
                    }()
                }
                let stack = LogStack().container
                """
        }
        try write("App/Stack.swift", "import CoreData\n\n" + body + "\n")
    }

    private func findings(_ run: TestSupport.Run) -> [String] {
        run.stdout.split(separator: "\n").map(String.init).filter { $0.hasSuffix("]") && $0.contains(": ") }
    }

    private func lockThenRename(to path: String, spelling: Int, attributes: [String]) throws -> TestSupport.Run {
        try bundle("App/GachaLog.xcdatamodeld", attributes: ["item"])
        try stack("GachaLog", spelling: spelling)
        let locked = try TestSupport.run(["lock"], in: app)
        XCTAssertEqual(locked.status, 0, locked.stdout + locked.stderr)
        try FileManager.default.removeItem(at: app.appendingPathComponent("App/GachaLog.xcdatamodeld"))
        try bundle(path, attributes: attributes)
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        try stack(name, spelling: spelling)
        return try TestSupport.run(["check"], in: app)
    }

    /// Renamed in place, and moved to a package's resources under another name, each loaded two ways.
    func testABundleRenamedWithItsVersionsIsNoRemoval() throws {
        for path in ["App/CDGachaLog.xcdatamodeld", "Packages/GachaKit/Sources/GachaKit/Resources/Pulls.xcdatamodeld"] {
            for spelling in 0..<2 {
                let check = try lockThenRename(to: path, spelling: spelling, attributes: ["item"])
                XCTAssertEqual(findings(check).filter { $0.contains("shipped_schema") }, [], "\(path) \(spelling)")
                XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
                try tearDownWithError()
                try setUpWithError()
            }
        }
    }

    /// The version edited as it was renamed: no bundle holds the shipped hashes, so the removal is still told.
    func testABundleRenamedAndEditedIsStillARemoval() throws {
        let check = try lockThenRename(to: "App/CDGachaLog.xcdatamodeld", spelling: 0, attributes: ["item", "rarity"])
        XCTAssertEqual(
            findings(check).filter { $0.contains("[shipped_schema_removed]") }.count, 1, check.stdout + check.stderr)
    }
}
