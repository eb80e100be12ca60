import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// `#if FLAG` decided by the compilation conditions the project sets for a release build: a flag every target
/// compiling the file sets in Release (`SWIFT_ACTIVE_COMPILATION_CONDITIONS`, `-D` in `OTHER_SWIFT_FLAGS`, SwiftPM's
/// `.define`) takes its clause; a flag none sets, where every setting that could was read, skips it; anything else
/// (one of two targets, an `.xcconfig` not read, no project) stays unknown: the first clause, as before.
final class CompilationConditionTests: XCTestCase {
    private static let group = "group.com.example.tallies"
    private static let shared = "\(group)/Shared.store"
    private static let own = "Own.store"

    // MARK: Building a small app

    private typealias Target = TestXcodeProject.Target

    private static func project(_ targets: [Target], projectSettings: [String: [String: String]] = [:]) -> String {
        TestXcodeProject.text(targets, projectSettings: projectSettings)
    }

    private static let models = """
        import Foundation
        import SwiftData

        @Model final class Tally {
            var name: String = ""
            var count: Int = 0
            init(name: String) { self.name = name }
        }
        """

    private static let groupConfiguration =
        "ModelConfiguration(\"Shared\", groupContainer: .identifier(\"\(group)\"))"
    private static let ownConfiguration = "ModelConfiguration(\"Own\", groupContainer: .none)"

    /// The app's sources (under `folder`), the `#if USE_GROUP` written one of three ways; `negated`: as
    /// `#if !USE_GROUP`, the app's own store first (the clause today's reading takes).
    private static func sources(_ way: Int, folder: String = "Tallies", negated: Bool = false) -> [String: String] {
        var files = ["\(folder)/Models/Tally.swift": models]
        let condition = negated ? "!USE_GROUP" : "USE_GROUP"
        let (groupConfiguration, ownConfiguration) =
            negated
            ? (Self.ownConfiguration, Self.groupConfiguration) : (Self.groupConfiguration, Self.ownConfiguration)
        switch way {
        case 0:
            // A stored property of the app, each clause opening its container.
            files["\(folder)/TalliesApp.swift"] = """
                import SwiftData
                import SwiftUI

                @main
                struct TalliesApp: App {
                #if \(condition)
                    let container = try! ModelContainer(for: Tally.self, configurations: \(groupConfiguration))
                #else
                    let container = try! ModelContainer(for: Tally.self, configurations: \(ownConfiguration))
                #endif

                    var body: some Scene {
                        WindowGroup { Text("Tallies") }.modelContainer(container)
                    }
                }
                """
        case 1:
            // A function choosing its configuration inside its body.
            files["\(folder)/TalliesApp.swift"] = """
                import SwiftData
                import SwiftUI

                @main
                struct TalliesApp: App {
                    let container = Self.makeContainer()

                    static func makeContainer() -> ModelContainer {
                        #if \(condition)
                        let configuration = \(groupConfiguration)
                        #else
                        let configuration = \(ownConfiguration)
                        #endif
                        return try! ModelContainer(for: Tally.self, configurations: configuration)
                    }

                    var body: some Scene {
                        WindowGroup { Text("Tallies") }.modelContainer(container)
                    }
                }
                """
        default:
            // A static member of another type, in another file, declared in each clause.
            files["\(folder)/Stores.swift"] = """
                import SwiftData

                enum Stores {
                #if \(condition)
                    static let configuration = \(groupConfiguration)
                #else
                    static let configuration = \(ownConfiguration)
                #endif
                }
                """
            files["\(folder)/TalliesApp.swift"] = """
                import SwiftData
                import SwiftUI

                @main
                struct TalliesApp: App {
                    let container = try! ModelContainer(for: Tally.self, configurations: Stores.configuration)

                    var body: some Scene {
                        WindowGroup { Text("Tallies") }.modelContainer(container)
                    }
                }
                """
        }
        return files
    }

    /// One app target with these Release (and Debug) settings.
    private static func app(
        _ way: Int, release: [String: String] = [:], debug: [String: String] = [:],
        projectRelease: [String: String] = [:], xcconfig: Bool = false, negated: Bool = false
    ) -> [String: String] {
        var files = sources(way, negated: negated)
        files["Tallies.xcodeproj/project.pbxproj"] = project(
            [
                Target(
                    name: "Tallies", folder: "Tallies", settings: ["Debug": debug, "Release": release],
                    xcconfig: xcconfig)
            ],
            projectSettings: ["Release": projectRelease])
        return files
    }

    private func stores(_ files: [String: String]) throws -> [String] {
        let analysis = try TestSupport.analyzeOnDisk(files)
        return analysis.topology.stores.map(\.name)
    }

    // MARK: Xcode projects

    private static let conditions = "SWIFT_ACTIVE_COMPILATION_CONDITIONS"
    /// Each way, written `#if USE_GROUP` and `#if !USE_GROUP` (whose first clause is the app's own store).
    private static let shapes = (0..<3).flatMap { way in [(way, false), (way, true)] }

    func testAFlagSetInReleaseTakesItsClause() throws {
        for (way, negated) in Self.shapes {
            let shape = "\(way) \(negated)"
            XCTAssertEqual(
                try stores(Self.app(way, release: [Self.conditions: "USE_GROUP"], negated: negated)), [Self.shared],
                shape)
            XCTAssertEqual(
                try stores(
                    Self.app(
                        way, release: [Self.conditions: "OTHER USE_GROUP"], debug: [Self.conditions: "DEBUG"],
                        negated: negated)),
                [Self.shared], shape)
        }
    }

    func testAFlagSetNowhereSkipsItsClause() throws {
        for (way, negated) in Self.shapes {
            let shape = "\(way) \(negated)"
            XCTAssertEqual(try stores(Self.app(way, negated: negated)), [Self.own], shape)
            XCTAssertEqual(
                try stores(Self.app(way, release: [Self.conditions: "OTHER"], negated: negated)), [Self.own], shape)
            // Clang's macro, not a Swift condition.
            XCTAssertEqual(
                try stores(Self.app(way, release: ["OTHER_SWIFT_FLAGS": "-Xcc -DUSE_GROUP"], negated: negated)),
                [Self.own], shape)
        }
    }

    func testAFlagSetOnlyInDebugSkipsItsClause() throws {
        for (way, negated) in Self.shapes {
            XCTAssertEqual(
                try stores(Self.app(way, debug: [Self.conditions: "DEBUG USE_GROUP"], negated: negated)),
                [Self.own], "\(way) \(negated)")
        }
    }

    /// The flag through `OTHER_SWIFT_FLAGS` (`-D NAME` or `-DNAME`), or the project's setting the target inherits.
    func testAFlagThroughOtherSwiftFlagsOrTheProjectLevel() throws {
        for (way, negated) in Self.shapes {
            let shape = "\(way) \(negated)"
            for flags in ["-D USE_GROUP", "-DUSE_GROUP", "$(inherited) -enable-bare-slash-regex -D USE_GROUP"] {
                XCTAssertEqual(
                    try stores(Self.app(way, release: ["OTHER_SWIFT_FLAGS": flags], negated: negated)),
                    [Self.shared], "\(shape) \(flags)")
            }
            // The project sets it and the target inherits it, written or by leaving the setting out.
            XCTAssertEqual(
                try stores(
                    Self.app(
                        way, release: [Self.conditions: "$(inherited) OTHER"],
                        projectRelease: [Self.conditions: "USE_GROUP"], negated: negated)),
                [Self.shared], shape)
            XCTAssertEqual(
                try stores(Self.app(way, projectRelease: [Self.conditions: "USE_GROUP"], negated: negated)),
                [Self.shared], shape)
            // Control: the target's own value without `$(inherited)` replaces the project's.
            XCTAssertEqual(
                try stores(
                    Self.app(
                        way, release: [Self.conditions: "OTHER"], projectRelease: [Self.conditions: "USE_GROUP"],
                        negated: negated)),
                [Self.own], shape)
        }
    }

    /// A flag the `.xcconfig` a Release configuration is based on sets takes its clause, as one set in the project
    /// file does; `$(inherited)` in the project file's value takes the file's in.
    func testAFlagSetInAnXcconfigTakesItsClause() throws {
        for (way, negated) in Self.shapes {
            let shape = "\(way) \(negated)"
            var files = Self.app(way, xcconfig: true, negated: negated)
            files["Base.xcconfig"] = "\(Self.conditions) = USE_GROUP\n"
            XCTAssertEqual(try stores(files), [Self.shared], shape)
            files = Self.app(way, release: [Self.conditions: "$(inherited) OTHER"], xcconfig: true, negated: negated)
            files["Base.xcconfig"] = "\(Self.conditions) = USE_GROUP\n"
            XCTAssertEqual(try stores(files), [Self.shared], shape)
            // Control: the file sets another flag.
            files["Base.xcconfig"] = "\(Self.conditions) = OTHER_FLAG\n"
            XCTAssertEqual(try stores(files), [Self.own], shape)
        }
    }

    /// What cannot be told keeps today's reading (the first clause, not certain): one of two targets compiling the
    /// file sets the flag, an `.xcconfig` may set it, a value names another setting, no project names the file.
    func testAFlagThatCannotBeToldStaysUnknown() throws {
        for (way, negated) in Self.shapes {
            let shape = "\(way) \(negated)"
            let today = try stores(Self.sources(way, negated: negated))
            XCTAssertEqual(today, [negated ? Self.own : Self.shared], shape)
            var two = Self.sources(way, negated: negated)
            two["Tallies.xcodeproj/project.pbxproj"] = Self.project([
                Target(name: "Tallies", folder: "Tallies", settings: ["Release": [Self.conditions: "USE_GROUP"]]),
                Target(name: "TalliesLite", folder: "Tallies", settings: ["Release": [:]]),
            ])
            // Two apps each open a file of their own where it is in their own sandbox.
            XCTAssertEqual(
                try stores(two), today == [Self.own] ? ["\(Self.own) (Tallies)", "\(Self.own) (TalliesLite)"] : today,
                shape)
            XCTAssertEqual(try stores(Self.app(way, xcconfig: true, negated: negated)), today, shape)
            XCTAssertEqual(
                try stores(Self.app(way, release: [Self.conditions: "$(EXTRA_CONDITIONS)"], negated: negated)), today,
                shape)
            // Set for one platform's build only, or replaced for another's.
            for settings in [
                ["\(Self.conditions)[sdk=iphoneos*]": "USE_GROUP"],
                [Self.conditions: "USE_GROUP", "\(Self.conditions)[sdk=macosx*]": "OTHER"],
            ] {
                XCTAssertEqual(try stores(Self.app(way, release: settings, negated: negated)), today, shape)
            }
            // Control: a platform's value taking the plain one in.
            XCTAssertEqual(
                try stores(
                    Self.app(
                        way,
                        release: [
                            Self.conditions: "USE_GROUP", "\(Self.conditions)[sdk=macosx*]": "$(inherited) OTHER",
                        ], negated: negated)),
                [Self.shared], shape)
            // Both targets setting it, each its own way: set.
            two["Tallies.xcodeproj/project.pbxproj"] = Self.project([
                Target(name: "Tallies", folder: "Tallies", settings: ["Release": [Self.conditions: "USE_GROUP"]]),
                Target(
                    name: "TalliesLite", folder: "Tallies",
                    settings: ["Release": ["OTHER_SWIFT_FLAGS": "-DUSE_GROUP"]]),
            ])
            XCTAssertEqual(try stores(two), [Self.shared], shape)
        }
    }

    // MARK: Packages

    private static func package(_ way: Int, settings: String?, negated: Bool) -> [String: String] {
        var files = sources(way, folder: "Sources/Tallies", negated: negated)
        let swiftSettings = settings.map { ", swiftSettings: [\($0)]" } ?? ""
        files["Package.swift"] = """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Tallies",
                platforms: [.iOS(.v17)],
                targets: [
                    .executableTarget(name: "Tallies"\(swiftSettings)),
                ]
            )
            """
        return files
    }

    func testAPackageDefine() throws {
        for (way, negated) in Self.shapes {
            let shape = "\(way) \(negated)"
            for settings in [
                ".define(\"USE_GROUP\")", ".enableUpcomingFeature(\"ExistentialAny\"), .define(\"USE_GROUP\")",
                ".define(\"USE_GROUP\", .when(configuration: .release))", ".unsafeFlags([\"-D\", \"USE_GROUP\"])",
            ] {
                XCTAssertEqual(
                    try stores(Self.package(way, settings: settings, negated: negated)), [Self.shared],
                    "\(shape) \(settings)")
            }
            for settings in [nil, ".define(\"USE_GROUP\", .when(configuration: .debug))", ".define(\"OTHER\")"] {
                XCTAssertEqual(
                    try stores(Self.package(way, settings: settings, negated: negated)), [Self.own],
                    "\(shape) \(settings ?? "none")")
            }
            // On some platforms only, or settings computed elsewhere: unknown, today's reading.
            let today = try stores(Self.sources(way, folder: "Sources/Tallies", negated: negated))
            for settings in [".define(\"USE_GROUP\", .when(platforms: [.macOS]))"] {
                XCTAssertEqual(
                    try stores(Self.package(way, settings: settings, negated: negated)), today, "\(shape) \(settings)")
            }
            var computed = Self.package(way, settings: nil, negated: negated)
            computed["Package.swift"] =
                computed["Package.swift"]!.replacingOccurrences(
                    of: "name: \"Tallies\")", with: "name: \"Tallies\", swiftSettings: shared)")
                + "\nlet shared: [SwiftSetting] = [.define(\"USE_GROUP\")]\n"
            XCTAssertEqual(try stores(computed), today, shape)
        }
    }
}
