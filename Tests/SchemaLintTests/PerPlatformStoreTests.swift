import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A store URL declared once per platform (issue 49): a `let` declared in each clause of `#if os(tvOS) … #elseif
/// os(macOS) … #else … #endif`, a `var` assigned again in a clause, a static member of another type declared per
/// clause, a function returning in each clause. The store is each place a clause a build may take gives (where the
/// project says which platforms the target builds for, its clauses alone), every one checked, with no note; a
/// clause whose value cannot be read keeps the note, and two platforms naming one place are one store.
final class PerPlatformStoreTests: XCTestCase {
    static let models = """
        import SwiftData

        @Model final class Seed {
            var variety: String = ""
            init() {}
        }
        """

    static let caches = "URL.cachesDirectory.appending(path: \"Seeds.sqlite\")"
    static let support = "URL.applicationSupportDirectory.appending(path: \"Seeds.sqlite\")"
    static let documents = "URL.documentsDirectory.appending(path: \"Seeds.sqlite\")"
    static let unread = "UserDefaults.standard.url(forKey: \"folder\")!.appending(path: \"Seeds.sqlite\")"

    static let everyPlace = [
        "file:⟨Application Support⟩/Seeds.sqlite", "file:⟨Caches⟩/Seeds.sqlite", "file:⟨Documents⟩/Seeds.sqlite",
    ]

    /// The app's files, the store's URL given per platform `way`: the tvOS, macOS and other platforms' values.
    static func files(_ way: Int, tv: String, mac: String, other: String) -> [String: String] {
        var files = ["Seeds/Models.swift": models]
        let open = "try! ModelContainer(for: Seed.self, configurations: ModelConfiguration(url: storeURL))"
        switch way {
        case 0:
            // A `let` declared in each clause, in a closure-initialised property.
            files["Seeds/SeedApp.swift"] = app(
                """
                let container: ModelContainer = {
                        #if os(tvOS)
                        let storeURL = \(tv)
                        #elseif os(macOS)
                        let storeURL = \(mac)
                        #else
                        let storeURL = \(other)
                        #endif
                        return \(open)
                    }()
                """)
        case 1:
            // A `var` assigned again in the clauses, in a function.
            files["Seeds/SeedApp.swift"] = app("let container = openSeeds()")
            files["Seeds/Opening.swift"] = """
                import Foundation
                import SwiftData

                func openSeeds() -> ModelContainer {
                    var storeURL = \(other)
                    #if os(tvOS)
                    storeURL = \(tv)
                    #elseif os(macOS)
                    storeURL = \(mac)
                    #endif
                    return \(open)
                }
                """
        case 2:
            // A static member of another type, declared in each clause, in another file.
            files["Seeds/SeedApp.swift"] = app(
                "let container = " + open.replacingOccurrences(of: "url: storeURL", with: "url: Places.store"))
            files["Seeds/Places.swift"] = """
                import Foundation

                enum Places {
                    #if os(tvOS)
                    static let store = \(tv)
                    #elseif os(macOS)
                    static let store = \(mac)
                    #else
                    static let store = \(other)
                    #endif
                }
                """
        default:
            // A function returning in each clause.
            files["Seeds/SeedApp.swift"] = app(
                "let container = " + open.replacingOccurrences(of: "url: storeURL", with: "url: Places.store()"))
            files["Seeds/Places.swift"] = """
                import Foundation

                enum Places {
                    static func store() -> URL {
                        #if os(tvOS)
                        return \(tv)
                        #elseif os(macOS)
                        return \(mac)
                        #else
                        return \(other)
                        #endif
                    }
                }
                """
        }
        return files
    }

    static let ways = ["a let per clause", "a var assigned per clause", "a static member per clause", "a function"]

    static func app(_ container: String) -> String {
        """
        import Foundation
        import SwiftData
        import SwiftUI

        @main struct SeedApp: App {
            \(container)
            var body: some Scene { WindowGroup { Text("Seeds") }.modelContainer(container) }
        }
        """
    }

    func keys(_ analysis: Analysis) -> [String] { analysis.topology.stores.map(\.location.key).sorted() }

    /// Every clause readable: the store is each platform's place, each checked, and nothing is said to be untold.
    func testAStoreURLDeclaredPerPlatformIsEachPlace() {
        for (way, name) in Self.ways.enumerated() {
            let analysis = TestSupport.analyze(
                Self.files(way, tv: Self.caches, mac: Self.support, other: Self.documents))
            XCTAssertEqual(keys(analysis), Self.everyPlace, name)
            XCTAssertEqual(analysis.untoldStoreNotes, [], name)
            XCTAssertEqual(analysis.pickedStoreNotes.count, 1, "\(name): \(analysis.pickedStoreNotes)")
            XCTAssertEqual(
                analysis.project.containers.filter { $0.purpose == .app }.count, 3, "\(name): one per place")
        }
    }

    /// Controls: a clause whose folder cannot be read keeps the note (the place is not told, whichever platform);
    /// two platforms naming one place are one store, said as no pick at all.
    func testAnUnreadClauseKeepsTheNoteAndOnePlaceIsOneStore() {
        for (way, name) in Self.ways.enumerated() {
            let unread = TestSupport.analyze(Self.files(way, tv: Self.caches, mac: Self.unread, other: Self.documents))
            XCTAssertEqual(unread.untoldStoreNotes.count, 1, "\(name): \(unread.untoldStoreNotes)")
            XCTAssertTrue(
                unread.untoldStoreNotes.first?.contains("cannot be told") == true, "\(name): \(unread.untoldStoreNotes)"
            )
            let same = TestSupport.analyze(
                Self.files(way, tv: Self.documents, mac: Self.support, other: Self.documents))
            XCTAssertEqual(
                keys(same), ["file:⟨Application Support⟩/Seeds.sqlite", "file:⟨Documents⟩/Seeds.sqlite"], name)
            let one = TestSupport.analyze(
                Self.files(way, tv: Self.documents, mac: Self.documents, other: Self.documents))
            XCTAssertEqual(keys(one), ["file:⟨Documents⟩/Seeds.sqlite"], name)
            XCTAssertEqual(one.pickedStoreNotes, [], name)
            XCTAssertEqual(one.untoldStoreNotes, [], name)
        }
    }

    /// A `var` changed in place (`url.appendPathComponent(...)`) is not its first value: its place is not told,
    /// where it was read as the folder it started as.
    func testAVariableChangedInPlaceIsNotItsFirstValue() {
        let files = [
            "Seeds/Models.swift": Self.models,
            "Seeds/SeedApp.swift": Self.app(
                """
                let container: ModelContainer = {
                        var storeURL = URL.documentsDirectory
                        storeURL.appendPathComponent("Seeds.sqlite")
                        return try! ModelContainer(for: Seed.self, configurations: ModelConfiguration(url: storeURL))
                    }()
                """),
        ]
        let analysis = TestSupport.analyze(files)
        XCTAssertEqual(analysis.untoldStoreNotes.count, 1, "\(analysis.untoldStoreNotes)")
        XCTAssertFalse(keys(analysis).contains("file:⟨Documents⟩"), "\(keys(analysis))")
    }

    /// Where the project says which platforms the target builds for, only their clauses count: the project's
    /// `SDKROOT = iphoneos` alone is the `#else`'s place; a target for the phone and the Mac (`SUPPORTED_PLATFORMS`)
    /// both of theirs; a TV app its own.
    func testOnlyTheClausesOfTheTargetsPlatformsCount() throws {
        let platforms: [(String, [String: String], [String])] = [
            ("the phone", [:], ["file:⟨Documents⟩/Seeds.sqlite"]),
            (
                "the phone and the Mac",
                ["SDKROOT": "auto", "SUPPORTED_PLATFORMS": "iphoneos iphonesimulator macosx"],
                ["file:⟨Application Support⟩/Seeds.sqlite", "file:⟨Documents⟩/Seeds.sqlite"]
            ),
            // On the TV's own device, never the phone's file of that place.
            ("a TV", ["SDKROOT": "appletvos"], ["tvOS:file:⟨Caches⟩/Seeds.sqlite"]),
            (
                "every platform", ["SDKROOT": "auto", "SUPPORTED_PLATFORMS": "appletvos iphoneos macosx xros"],
                Self.everyPlace
            ),
        ]
        for (way, name) in Self.ways.enumerated() {
            for (platform, settings, expected) in platforms {
                var files = Self.files(way, tv: Self.caches, mac: Self.support, other: Self.documents)
                var target = TestXcodeProject.Target(name: "Seeds")
                for (key, value) in settings { target.set(key, value) }
                files["Seeds.xcodeproj/project.pbxproj"] = TestXcodeProject.text([target])
                let analysis = try TestSupport.analyzeOnDisk(files)
                XCTAssertEqual(keys(analysis), expected, "\(name), \(platform)")
                XCTAssertEqual(analysis.untoldStoreNotes, [], "\(name), \(platform)")
                XCTAssertEqual(analysis.pickedStoreNotes.count, expected.count > 1 ? 1 : 0, "\(name), \(platform)")
            }
        }
    }

    /// `check --verbose` lists each platform's store, and plain `check` says nothing is untold.
    func testVerboseListsEachPlatformsStore() throws {
        let root = try TestSupport.writeTree(Self.files(0, tv: Self.caches, mac: Self.support, other: Self.documents))
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try TestSupport.run(["check", "--verbose"], in: root)
        let lines = (run.stdout + run.stderr).split(separator: "\n").map(String.init)
        XCTAssertEqual(
            lines.filter { $0.hasPrefix("schemalint: app .: store") },
            [
                "schemalint: app .: store at Application Support/Seeds.sqlite: 1 container, no plan, 1 version",
                "schemalint: app .: store at Caches/Seeds.sqlite: 1 container, no plan, 1 version",
                "schemalint: app .: store at Documents/Seeds.sqlite: 1 container, no plan, 1 version",
            ])
        XCTAssertFalse(lines.contains { $0.contains("cannot be told") }, "\(lines)")
        let plain = try TestSupport.run(["check"], in: root)
        XCTAssertFalse((plain.stdout + plain.stderr).contains("schemalint: note:"), plain.stdout + plain.stderr)
    }
}

/// A URL helper that declares a `let` per `#if os()` clause before it builds the URL (omnivore's `StorageProvider`:
/// each platform's App Group): each platform's place, for a SwiftData configuration given it from another file (a
/// Core Data stack given it: `CoreDataStoreLocationTests`), with no note.
extension PerPlatformStoreTests {
    static let helper = """
        import Foundation

        enum Storage {
            static func url() -> URL? {
                #if os(tvOS)
                let folder = URL.cachesDirectory
                #elseif os(macOS)
                let folder = URL.applicationSupportDirectory
                #else
                let folder = URL.documentsDirectory
                #endif
                let name = "Seeds.sqlite"
                return folder.appending(path: name)
            }
        }
        """

    func testAHelpersLetDeclaredPerPlatformIsEachPlace() {
        let swiftData = TestSupport.analyze([
            "Seeds/Models.swift": Self.models, "Seeds/Storage.swift": Self.helper,
            "Seeds/SeedApp.swift": Self.app(
                "let container = try! ModelContainer(for: Seed.self, configurations: ModelConfiguration(url: "
                    + "Storage.url()!))"),
        ])
        XCTAssertEqual(keys(swiftData), Self.everyPlace)
        XCTAssertEqual(swiftData.untoldStoreNotes, [])
    }
}

/// A configuration's App Group given by a local declared per `#if os()` clause, which the store's name is not read
/// through: the store is said to be untold in plain `check`, never listed as a certain one. The control names the
/// group with a literal.
extension PerPlatformStoreTests {
    func testAGroupSchemalintCannotReadIsSaid() {
        func analyzed(_ group: String) -> Analysis {
            TestSupport.analyze([
                "Seeds/Models.swift": Self.models,
                "Seeds/Stack.swift": """
                    import SwiftData

                    func makeContainer() throws -> ModelContainer {
                        #if os(iOS)
                        let groupID = "group.org.seeds"
                        #else
                        let groupID = "TEAM.org.seeds"
                        #endif
                        let config = ModelConfiguration(groupContainer: .identifier(\(group)))
                        return try ModelContainer(for: Seed.self, configurations: config)
                    }
                    """,
                "Seeds/SeedApp.swift": Self.app("let container = try! makeContainer()"),
            ])
        }
        let local = analyzed("groupID")
        XCTAssertEqual(local.untoldStoreNotes.count, 1, "\(local.untoldStoreNotes)")
        XCTAssertTrue(local.untoldStoreNotes.first?.contains("the App Group or name of") == true)
        XCTAssertEqual(analyzed("\"group.org.seeds\"").untoldStoreNotes, [])
    }
}
