import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A container opened in a function that reads its parameters and that nothing calls (LifeLapse kept
/// `createCloudKitContainer(schema:)` beside the helper its app calls): no call passes it models or a store, so it
/// opens nothing. It is neither a note about models that cannot be read nor a reason to pool every store.
final class UncalledHelperTests: XCTestCase {
    private static let app = """
        import SwiftData
        import SwiftUI

        @Model final class Event { var title: String = ""; init() {} }

        @main
        struct LogApp: App {
            let container = Manager.make(schema: Schema([Event.self]))
            var body: some Scene { WindowGroup { Text("") }.modelContainer(container) }
        }

        enum Manager {
            static func make(schema: Schema) -> ModelContainer {
                try! ModelContainer(for: schema, configurations: [ModelConfiguration(schema: schema)])
            }
        }
        """

    /// The helper nothing calls, written four ways: a static function beside the live one, a global function taking
    /// a URL, an instance method taking a configuration, an extension's function taking a name.
    private static let uncalled = [
        """
        import SwiftData
        extension Manager {
            static func makeCloud(schema: Schema) -> ModelContainer? {
                let config = ModelConfiguration(schema: schema, cloudKitDatabase: .private("iCloud.x"))
                return try? ModelContainer(for: schema, configurations: [config])
            }
        }
        """,
        """
        import Foundation
        import SwiftData
        func openArchive(at url: URL) throws -> ModelContainer {
            try ModelContainer(for: Event.self, configurations: ModelConfiguration(url: url))
        }
        """,
        """
        import SwiftData
        final class Importer {
            func importContainer(with configuration: ModelConfiguration) throws -> ModelContainer {
                try ModelContainer(for: Event.self, configurations: configuration)
            }
        }
        """,
        """
        import SwiftData
        extension ModelContainer {
            static func named(_ name: String) throws -> ModelContainer {
                try ModelContainer(for: Event.self, configurations: ModelConfiguration(name))
            }
        }
        """,
    ]

    func testAHelperNothingCallsOpensNoStore() {
        for (index, helper) in Self.uncalled.enumerated() {
            let analysis = TestSupport.analyze(["App/LogApp.swift": Self.app, "App/Unused.swift": helper])
            XCTAssertFalse(analysis.topology.isPooled, "spelling \(index)")
            XCTAssertEqual(analysis.topology.stores.map(\.name), ["default.store"], "spelling \(index)")
            XCTAssertEqual(analysis.project.uncalledContainers.map(\.file), ["App/Unused.swift"], "spelling \(index)")
            XCTAssertEqual(analysis.findings.filter { $0.severity == .note }.map(\.message.headline), [],
                           "spelling \(index)")
        }
    }

    /// Pooled stores hid a store the app stopped opening; with the helper nothing calls set aside, the move is told.
    func testAnAbandonedStoreIsToldBesideAHelperNothingCalls() {
        let files = ["App/LogApp.swift": Self.app, "App/Unused.swift": Self.uncalled[0]]
        let lockfile = TestSupport.lock(TestSupport.analyze(files))
        var moved = files
        moved["App/LogApp.swift"] = Self.app.replacingOccurrences(
            of: "ModelConfiguration(schema: schema)", with: "ModelConfiguration(\"Moved\", schema: schema)")
        let found = TestSupport.analyze(moved, lockfile: lockfile).findings.filter { $0.rule == .storeAbandoned }
        XCTAssertEqual(found.map(\.message.headline), ["default.store is no longer opened: users' data in it is left "
            + "behind, unread"])
    }

    /// Still read as before: a helper the code names without calling it (handed on as a function value), and a
    /// public type's helper, which another module may call.
    func testAHelperNamedOrPublicIsStillAContainer() {
        let named = Self.uncalled[0] + "\nlet factory: (Schema) -> ModelContainer? = Manager.makeCloud\n"
        let publicType = Self.uncalled[2].replacingOccurrences(
            of: "final class Importer", with: "public final class Importer")
        for (index, helper) in [named, publicType].enumerated() {
            let analysis = TestSupport.analyze(["App/LogApp.swift": Self.app, "App/Unused.swift": helper])
            XCTAssertEqual(analysis.project.uncalledContainers, [], "spelling \(index)")
            XCTAssertEqual(analysis.project.containers.count, 2, "spelling \(index)")
        }
    }
}
