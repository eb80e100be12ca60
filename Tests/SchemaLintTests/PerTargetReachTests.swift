import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A helper in a file the phone and the watch both compile opens a store only on the targets whose code reaches
/// it, and a configuration's `.automatic` CloudKit or a CloudKit flag it is passed is that target's (field test 18:
/// TheProPilotApp, heatlab, glasswater). The phone is entitled to CloudKit and `group.x`, the watch to `group.x`.
final class PerTargetReachTests: XCTestCase {
    private static let spec = """
        name: Repro
        targets:
          Phone:
            type: application
            platform: iOS
            sources: [Phone, Shared]
            entitlements:
              path: Phone/Phone.entitlements
              properties:
                com.apple.developer.icloud-container-identifiers: [iCloud.x]
                com.apple.developer.icloud-services: [CloudKit]
                com.apple.security.application-groups: [group.x]
          Watch:
            type: application
            platform: watchOS
            sources: [Watch, Shared]
            entitlements:
              path: Watch/Watch.entitlements
              properties:
                com.apple.security.application-groups: [group.x]
        """

    private static let models = """
        import SwiftData

        @Model final class Trip { var name: String = ""; init() {} }
        @Model final class Photo { var caption: String = ""; init() {} }
        """

    /// Each app's `@main` type holds the container the last line of `opening` gives, after the lines before it.
    private func app(_ name: String, _ opening: String) -> String {
        let lines = opening.split(separator: "\n").map(String.init)
        return """
            import SwiftData
            import SwiftUI

            \(lines.dropLast().joined(separator: "\n"))
            @main
            struct \(name)App: App {
                \(lines.last ?? "")
                var body: some Scene { WindowGroup { Text("\(name)") }.modelContainer(container) }
            }
            """
    }

    private func analyze(store: String, phone: String, watch: String) throws -> Analysis {
        try TestSupport.analyzeOnDisk([
            "project.yml": Self.spec, "Shared/Models.swift": Self.models, "Shared/Store.swift": store,
            "Phone/PhoneApp.swift": app("Phone", phone), "Watch/WatchApp.swift": app("Watch", watch),
        ])
    }

    /// The store lines `--verbose` would print: where, how many containers, whether it syncs.
    private func stores(_ analysis: Analysis) -> [String] {
        analysis.topology.stores.map { "\($0.location.key) \($0.containers.count)\($0.syncs ? " CloudKit" : "")" }
    }

    /// One factory per device, each called by its own app's code only, written three ways: static functions of an
    /// enum, global functions, and the watch's factory reached through a function of the watch's own file.
    func testEachDevicesFactoryOpensItsOwnStore() throws {
        let url = "FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: \"group.x\")!"
            + ".appendingPathComponent(\"Log.store\")"
        let spellings: [(store: String, phone: String, watch: String)] = [
            (
                """
                import Foundation
                import SwiftData
                enum Store {
                    static var url: URL { \(url) }
                    static func makePhone() throws -> ModelContainer {
                        try ModelContainer(for: Trip.self, Photo.self, configurations: ModelConfiguration(
                            "Log", url: url, cloudKitDatabase: .private("iCloud.x")))
                    }
                    static func makeWatch() throws -> ModelContainer {
                        try ModelContainer(for: Trip.self, configurations: ModelConfiguration("Log", url: url))
                    }
                }
                """,
                "let container = try! Store.makePhone()", "let container = try! Store.makeWatch()"
            ),
            (
                """
                import Foundation
                import SwiftData
                func phoneContainer() throws -> ModelContainer {
                    try ModelContainer(for: Trip.self, Photo.self, configurations: ModelConfiguration(
                        "Log", url: \(url), cloudKitDatabase: .private("iCloud.x")))
                }
                func watchContainer() throws -> ModelContainer {
                    try ModelContainer(for: Trip.self, configurations: ModelConfiguration("Log", url: \(url)))
                }
                """,
                "let container = try! phoneContainer()", "let container = try! watchContainer()"
            ),
            (
                """
                import Foundation
                import SwiftData
                enum Store {
                    static func makePhone() throws -> ModelContainer {
                        try ModelContainer(for: Trip.self, Photo.self, configurations: ModelConfiguration(
                            "Log", url: \(url), cloudKitDatabase: .private("iCloud.x")))
                    }
                    static func makeWatch() throws -> ModelContainer {
                        try ModelContainer(for: Trip.self, configurations: ModelConfiguration("Log", url: \(url)))
                    }
                }
                """,
                "let container = try! Store.makePhone()",
                "enum WatchStore {\n    static func load() -> ModelContainer { try! Store.makeWatch() }\n}\n"
                    + "let container = WatchStore.load()"
            ),
        ]
        for (index, spelling) in spellings.enumerated() {
            let analysis = try analyze(store: spelling.store, phone: spelling.phone, watch: spelling.watch)
            XCTAssertEqual(
                stores(analysis),
                ["file:⟨group:group.x⟩/Log.store 1 CloudKit", "watchOS:file:⟨group:group.x⟩/Log.store 1"],
                "spelling \(index)")
            // Two devices, two files: the watch's smaller model list deletes nothing on the phone.
            XCTAssertEqual(
                analysis.findings.filter { $0.rule == .storeOpenedWithDifferentModels }.count, 0, "spelling \(index)")
        }
    }

    /// One helper both apps call: what each call passes for CloudKit, and `.automatic` by each app's entitlements.
    func testCloudKitIsEachCallersOwn() throws {
        let url = "FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: \"group.x\")!"
            + ".appendingPathComponent(\"Water.sqlite\")"
        let flag = """
            import Foundation
            import SwiftData
            enum Store {
                static func make(cloudKitSync: Bool = false) throws -> ModelContainer {
                    let database: ModelConfiguration.CloudKitDatabase = cloudKitSync ? .private("iCloud.x") : .none
                    return try ModelContainer(
                        for: Trip.self,
                        configurations: ModelConfiguration("Water", url: \(url), cloudKitDatabase: database))
                }
            }
            """
        let synced = try analyze(
            store: flag, phone: "let container = try! Store.make(cloudKitSync: true)",
            watch: "let container = try! Store.make()")
        XCTAssertEqual(
            stores(synced),
            ["file:⟨group:group.x⟩/Water.sqlite 1 CloudKit", "watchOS:file:⟨group:group.x⟩/Water.sqlite 1"])

        let automatic = """
            import SwiftData
            enum Store {
                static func make() throws -> ModelContainer { try ModelContainer(for: Trip.self) }
            }
            """
        let left = try analyze(
            store: automatic, phone: "let container = try! Store.make()", watch: "let container = try! Store.make()")
        XCTAssertEqual(stores(left), ["group.x/default.store 1 CloudKit", "watchOS:group.x/default.store 1"])
    }

    /// Control: the watch's call is in a file pass 1 does not parse (no SwiftData word in it): which targets reach
    /// the watch's factory is not known from the parsed files, so it is every target's (the watch's store is there,
    /// and the phone's holds it too); the phone's factory, named by no such file, is still the phone's alone.
    func testACallInAFileNotParsedLeavesEveryTarget() throws {
        let store = """
            import Foundation
            import SwiftData
            enum Store {
                static func makePhone() throws -> ModelContainer {
                    try ModelContainer(
                        for: Trip.self, configurations: ModelConfiguration("Log", cloudKitDatabase: .none))
                }
                static func makeWatch() throws -> ModelContainer {
                    try ModelContainer(
                        for: Trip.self, configurations: ModelConfiguration("Log", cloudKitDatabase: .none))
                }
            }
            """
        let analysis = try TestSupport.analyzeOnDisk([
            "project.yml": Self.spec, "Shared/Models.swift": Self.models, "Shared/Store.swift": store,
            "Phone/PhoneApp.swift": app("Phone", "let container = try! Store.makePhone()"),
            "Watch/Boot.swift": "enum Boot {\n    static let log = try? Store.makeWatch()\n}\n",
        ])
        XCTAssertEqual(stores(analysis), ["group.x/Log.store 2", "watchOS:group.x/Log.store 1"])
    }

    /// Control: a helper the file's own code calls from a property both apps compile is both apps' store.
    func testAHelperCalledInTheSharedFileIsEveryTargets() throws {
        let store = """
            import SwiftData
            enum Store {
                static let shared = try! make()
                static func make() throws -> ModelContainer {
                    try ModelContainer(
                        for: Trip.self, configurations: ModelConfiguration("Log", cloudKitDatabase: .none))
                }
            }
            """
        let analysis = try analyze(
            store: store, phone: "let container = Store.shared", watch: "let container = Store.shared")
        XCTAssertEqual(stores(analysis), ["group.x/Log.store 1", "watchOS:group.x/Log.store 1"])
    }
}
