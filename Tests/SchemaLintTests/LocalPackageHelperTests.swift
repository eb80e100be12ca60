import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A `public` helper of a package that only this repository's app builds with, which no code here calls, opens no
/// store (Goals, field test 28: `UnifiedSchema.createContainer(url: URL? = nil)` in `GoalsKit`, which the app's local
/// package depends on by path; its "cannot tell" store hid the `store_abandoned` of a store the release merged away).
/// A package no app of the repository references may be another repository's library: its helper stays.
final class LocalPackageHelperTests: XCTestCase {
    private static let kit = """
        import Foundation
        import SwiftData

        @Model public final class Goal { public var title: String = ""; public init() {} }

        public enum UnifiedSchema {
            public static func createConfiguration(url: URL? = nil, inMemory: Bool = false) -> ModelConfiguration {
                if inMemory { return ModelConfiguration(isStoredInMemoryOnly: true) }
                if let url { return ModelConfiguration(url: url) }
                return ModelConfiguration()
            }

            public static func createContainer(url: URL? = nil, inMemory: Bool = false) throws -> ModelContainer {
                let configuration = createConfiguration(url: url, inMemory: inMemory)
                return try ModelContainer(for: Goal.self, configurations: [configuration])
            }
        }
        """

    private static let feature = """
        import Foundation
        import SwiftData
        import Kit

        public enum Storage {
            public static func appContainer() throws -> ModelContainer {
                let folder = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.example")!
                return try ModelContainer(
                    for: Goal.self, configurations: ModelConfiguration(url: folder.appending(path: "Goals.store")))
            }
        }
        """

    private static let app = """
        import SwiftUI
        import AppFeature
        @main struct GoalsApp: App {
            var body: some Scene { WindowGroup { Text("x") }.modelContainer(try! Storage.appContainer()) }
        }
        """

    /// The repository: the app project, its local package `AppPackage`, which depends on `../Kit` by path.
    private static func repository(referenced: Bool = true) -> [String: String] {
        var project = TestXcodeProject.text([TestXcodeProject.Target(name: "GoalsApp")])
        if referenced {
            project = project.replacingOccurrences(
                of: "        C1 = {isa = PBXGroup;",
                with: "        W1 = {isa = XCLocalSwiftPackageReference; relativePath = AppPackage; };\n"
                    + "        C1 = {isa = PBXGroup;")
        }
        return [
            "GoalsApp.xcodeproj/project.pbxproj": project,
            "GoalsApp/GoalsApp.swift": app,
            "AppPackage/Package.swift": """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(
                    name: "AppPackage",
                    products: [.library(name: "AppFeature", targets: ["AppFeature"])],
                    dependencies: [.package(path: "../Kit")],
                    targets: [.target(name: "AppFeature", dependencies: [.product(name: "Kit", package: "Kit")])]
                )
                """,
            "AppPackage/Sources/AppFeature/Storage.swift": feature,
            "Kit/Package.swift": """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(
                    name: "Kit", products: [.library(name: "Kit", targets: ["Kit"])], targets: [.target(name: "Kit")])
                """,
            "Kit/Sources/Kit/UnifiedSchema.swift": kit,
        ]
    }

    func testAnUncalledPublicHelperOfTheAppsOwnPackageOpensNothing() throws {
        let analysis = try TestSupport.analyzeOnDisk(Self.repository())
        XCTAssertEqual(analysis.topology.stores.map(\.location.key), ["file:⟨group:group.example⟩/Goals.store"])
        XCTAssertEqual(analysis.project.uncalledContainers.map(\.file), ["Kit/Sources/Kit/UnifiedSchema.swift"])
        XCTAssertEqual(analysis.untoldStoreNotes, [])
    }

    /// Control: a package no app project references may be imported by another repository's app.
    func testAPackageNoAppReferencesKeepsItsHelper() throws {
        let analysis = try TestSupport.analyzeOnDisk(Self.repository(referenced: false))
        XCTAssertEqual(analysis.project.uncalledContainers, [])
    }

    /// Control: the helper called by the app opens a store.
    func testACalledHelperOpensItsStore() throws {
        var files = Self.repository()
        files["GoalsApp/GoalsApp.swift"] = """
            import SwiftUI
            import Kit
            @main struct GoalsApp: App {
                var body: some Scene {
                    WindowGroup { Text("x") }.modelContainer(try! UnifiedSchema.createContainer())
                }
            }
            """
        let analysis = try TestSupport.analyzeOnDisk(files)
        XCTAssertEqual(analysis.project.uncalledContainers, [])
        // What the call opens: the helper's container is one of the app's (its file is returned by another
        // function with arguments, which is not followed per call).
        XCTAssertEqual(analysis.topology.stores.count, 2, "\(analysis.topology.stores.map(\.location.key))")
    }
}
