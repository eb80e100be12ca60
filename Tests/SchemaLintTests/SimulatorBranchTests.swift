import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// `#if targetEnvironment(simulator)` is never what users run: the store under its `#else` is theirs (field test 15,
/// BetterBlue keeps a simulator's store in `/tmp`). Written as statements of a function, a `let` per clause, members
/// of a type, and negated; the control without `#if` names the device store alone too.
final class SimulatorBranchTests: XCTestCase {
    static let model = "import SwiftData\n\n@Model final class Car {\n    var name = \"\"\n    init() {}\n}\n"
    static let app = """
        import SwiftData
        import SwiftUI

        @main struct GarageApp: App {
            let container = try! makeContainer()
            var body: some Scene { WindowGroup { Text("Cars") }.modelContainer(container) }
        }
        """

    static let spellings: [(String, String)] = [
        (
            "statements of a function",
            """
            func makeContainer() throws -> ModelContainer {
                #if targetEnvironment(simulator)
                return try ModelContainer(for: Car.self, configurations: ModelConfiguration("Sim"))
                #else
                return try ModelContainer(for: Car.self, configurations: ModelConfiguration("Device"))
                #endif
            }
            """
        ),
        (
            "a let per clause",
            """
            func makeContainer() throws -> ModelContainer {
                #if targetEnvironment(simulator)
                let name = "Sim"
                #else
                let name = "Device"
                #endif
                return try ModelContainer(for: Car.self, configurations: ModelConfiguration(name))
            }
            """
        ),
        (
            "members of a type",
            """
            enum Stores {
                #if targetEnvironment(simulator)
                static let configuration = ModelConfiguration("Sim")
                #else
                static let configuration = ModelConfiguration("Device")
                #endif
            }
            func makeContainer() throws -> ModelContainer {
                try ModelContainer(for: Car.self, configurations: Stores.configuration)
            }
            """
        ),
        (
            "negated, with os()",
            """
            func makeContainer() throws -> ModelContainer {
                #if !targetEnvironment(simulator) && os(iOS)
                return try ModelContainer(for: Car.self, configurations: ModelConfiguration("Device"))
                #else
                return try ModelContainer(for: Car.self, configurations: ModelConfiguration("Sim"))
                #endif
            }
            """
        ),
        (
            "control: no #if",
            """
            func makeContainer() throws -> ModelContainer {
                try ModelContainer(for: Car.self, configurations: ModelConfiguration("Device"))
            }
            """
        ),
    ]

    func testTheDevicesStoreIsTheUsersOne() {
        for (name, stack) in Self.spellings {
            let analysis = TestSupport.analyze([
                "Garage/Car.swift": Self.model, "Garage/GarageApp.swift": Self.app,
                "Garage/Stack.swift": "import Foundation\nimport SwiftData\n\n\(stack)\n",
            ])
            XCTAssertEqual(analysis.topology.stores.map(\.name), ["Device.store"], name)
        }
    }
}
