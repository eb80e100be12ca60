import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A store URL from a function that throws where the App Group is missing, written as BetterBlue writes it (`if let
/// group = ... { return ... } else { log(); throw ... }`) and the other ways Swift allows, handed to the container's
/// helper as `createContainer(storeURL: try groupURL())` or through a local: the group's file is the store, and a
/// widget opening it with fewer models is found. The controls return another file where the group is missing.
final class ThrowingURLHelperTests: XCTestCase {
    static let models = """
        import SwiftData

        @Model final class Car {
            var name: String = ""
            init() {}
        }

        @Model final class Trip {
            var miles: Int = 0
            init() {}
        }
        """

    static let bodies: [(String, String)] = [
        (
            "if let, else logs and throws",
            """
            let identifier = "group.com.example.cars"
            if let folder = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: identifier) {
                return folder.appendingPathComponent("Cars.sqlite")
            } else {
                print("no group")
                throw Failure.missing
            }
            """
        ),
        (
            "if let, then throw",
            """
            if let folder = FileManager.default.containerURL(
                forSecurityApplicationGroupIdentifier: "group.com.example.cars")
            {
                return folder.appendingPathComponent("Cars.sqlite")
            }
            throw Failure.missing
            """
        ),
        (
            "if let, else fatalError",
            """
            if let folder = FileManager.default.containerURL(
                forSecurityApplicationGroupIdentifier: "group.com.example.cars")
            {
                let name = "Cars.sqlite"
                return folder.appendingPathComponent(name)
            } else {
                fatalError("no group")
            }
            """
        ),
    ]

    static func files(body: String, call: String) -> [String: String] {
        let indented = body.split(separator: "\n").map { "        " + $0 }.joined(separator: "\n")
        return [
            "Cars/Models.swift": models,
            "Cars/Folders.swift": """
                import Foundation

                enum Folders {
                    enum Failure: Error { case missing }
                    static func storeURL() throws -> URL {
                \(indented)
                    }
                }
                """,
            "Cars/Store.swift": """
                import Foundation
                import SwiftData

                func createContainer(storeURL: URL) throws -> ModelContainer {
                    let configuration = ModelConfiguration(url: storeURL)
                    return try ModelContainer(for: Car.self, Trip.self, configurations: [configuration])
                }

                func sharedContainer() throws -> ModelContainer {
                    \(call)
                }
                """,
            "CarsWidget/Loader.swift": """
                import Foundation
                import SwiftData

                func widgetContainer() throws -> ModelContainer {
                    let folder = FileManager.default.containerURL(
                        forSecurityApplicationGroupIdentifier: "group.com.example.cars")!
                    let configuration = ModelConfiguration(url: folder.appendingPathComponent("Cars.sqlite"))
                    return try ModelContainer(for: Car.self, configurations: configuration)
                }
                """,
        ]
    }

    static let calls = [
        "return try createContainer(storeURL: try Folders.storeURL())",
        "let storeURL = try Folders.storeURL()\n        return try createContainer(storeURL: storeURL)",
    ]

    func testTheGroupsFileIsTheStore() {
        for (name, body) in Self.bodies {
            for call in Self.calls {
                let analysis = TestSupport.analyze(Self.files(body: body, call: call))
                XCTAssertEqual(
                    analysis.topology.stores.map(\.name), ["the store at App Group group.com.example.cars/Cars.sqlite"],
                    "\(name), \(call)")
                XCTAssertEqual(
                    TestSupport.summary(analysis.findings).filter { $0.hasPrefix("store_opened") },
                    ["store_opened_with_different_models CarsWidget/Loader.swift:8"], "\(name), \(call)")
                XCTAssertFalse(analysis.notes.contains { $0.contains("cannot be told") }, "\(name): \(analysis.notes)")
            }
        }
    }

    /// Controls: where the group is missing the function returns a file of the app's own, which may be the store
    /// too; a body that returns nothing it can read stays untold.
    func testAnotherFileOnTheOtherPathIsEitherStore() {
        let fallback = """
            if let folder = FileManager.default.containerURL(
                forSecurityApplicationGroupIdentifier: "group.com.example.cars")
            {
                return folder.appendingPathComponent("Cars.sqlite")
            } else {
                return URL.applicationSupportDirectory.appendingPathComponent("Cars.sqlite")
            }
            """
        let either = TestSupport.analyze(Self.files(body: fallback, call: Self.calls[0]))
        XCTAssertEqual(either.topology.stores.count, 2, "\(either.topology.stores.map(\.name))")
        let unread = "if Bool.random() { throw Failure.missing }\nreturn URL(string: readLine()!)!"
        let untold = TestSupport.analyze(Self.files(body: unread, call: Self.calls[0]))
        XCTAssertTrue(untold.notes.contains { $0.contains("cannot be told") }, "\(untold.notes)")
    }
}
