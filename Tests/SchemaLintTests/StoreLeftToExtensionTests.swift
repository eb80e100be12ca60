import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// store_abandoned judged per app container: a counter app moved its store into an App Group while its widget still
/// opens the old default store. The widget's container must not hide that the app left its users' counts behind, and
/// where the targets cannot be told apart nothing is claimed.
final class StoreLeftToExtensionTests: XCTestCase {
    static let models = """
        import Foundation
        import SwiftData

        @Model final class Tally {
            var name: String = ""
            var count: Int = 0
            init(name: String) { self.name = name }
        }

        @Model final class Reset {
            var at: Date = Date.now
            var tally: Tally?
            init() {}
        }
        """

    /// The app's container: on the default store when it shipped, in the App Group now.
    private static func app(movedToGroup: Bool) -> String {
        let configuration =
            movedToGroup
            ? "ModelConfiguration(groupContainer: .identifier(\"group.com.example.tallies\"))"
            : "ModelConfiguration()"
        return """
            import SwiftData
            import SwiftUI

            @main
            struct TalliesApp: App {
                let container: ModelContainer = {
                    let configuration = \(configuration)
                    return try! ModelContainer(for: Tally.self, Reset.self, configurations: configuration)
                }()

                var body: some Scene {
                    WindowGroup { Text("Tallies") }.modelContainer(container)
                }
            }
            """
    }

    /// A widget, an App Intent or a helper that still opens the default store with one of the two models.
    private static let reader = """
        import SwiftData

        struct TallyReader {
            func total() throws -> Int {
                let container = try ModelContainer(for: Tally.self)
                return try ModelContext(container).fetch(FetchDescriptor<Tally>()).reduce(0) { $0 + $1.count }
            }
        }
        """

    /// An Xcode 16 project: the app target and a widget extension, each a synchronized folder.
    private static let project = """
        // !$*UTF8*$!
        {
            archiveVersion = 1;
            classes = {
            };
            objectVersion = 77;
            objects = {
                G1 /* Tallies */ = {isa = PBXFileSystemSynchronizedRootGroup; path = Tallies; sourceTree = "<group>"; };
                G2 /* Glance */ = {isa = PBXFileSystemSynchronizedRootGroup; path = Glance; sourceTree = "<group>"; };
                C1 = {isa = PBXGroup; children = (G1, G2, ); sourceTree = "<group>"; };
                D1 /* Tallies */ = {
                    isa = PBXNativeTarget;
                    buildPhases = (E1, );
                    fileSystemSynchronizedGroups = (G1, );
                    name = Tallies;
                    productType = "com.apple.product-type.application";
                };
                D2 /* Glance */ = {
                    isa = PBXNativeTarget;
                    buildPhases = (E2, );
                    fileSystemSynchronizedGroups = (G2, );
                    name = Glance;
                    productType = "com.apple.product-type.app-extension";
                };
                E1 = {isa = PBXSourcesBuildPhase; files = (); };
                E2 = {isa = PBXSourcesBuildPhase; files = (); };
                F1 = {isa = PBXProject; mainGroup = C1; projectDirPath = ""; projectRoot = ""; targets = (D1, D2, ); };
            };
            rootObject = F1;
        }
        """

    /// The app's files, with the reader at `readerPath`, shipped (default store) or moved (App Group).
    private static func tree(readerPath: String, moved: Bool, project: Bool) -> [String: String] {
        var files = [
            "Tallies/Models/Tally.swift": models,
            "Tallies/TalliesApp.swift": app(movedToGroup: moved),
            readerPath: reader,
        ]
        if project { files["Tallies.xcodeproj/project.pbxproj"] = Self.project }
        return files
    }

    /// Locks the shipped tree, then checks the moved one: both read from disk, as `schemalint` would.
    private func storeAbandoned(readerPath: String, project: Bool) throws -> [Finding] {
        let shipped = try analyze(Self.tree(readerPath: readerPath, moved: false, project: project), lockfile: nil)
        XCTAssertEqual(TestSupport.summary(shipped.findings.filter { $0.rule == .storeAbandoned }), [])
        let lockfile = TestSupport.lock(shipped)
        let moved = try analyze(Self.tree(readerPath: readerPath, moved: true, project: project), lockfile: lockfile)
        return moved.findings.filter { $0.rule == .storeAbandoned }
    }

    private func analyze(_ files: [String: String], lockfile: Lockfile?) throws -> Analysis {
        try TestSupport.analyzeOnDisk(files, lockfile: lockfile)
    }

    func testTheProjectFileSaysOnlyTheWidgetStillOpensTheOldStore() throws {
        let found = try storeAbandoned(readerPath: "Glance/TallyReader.swift", project: true)
        XCTAssertEqual(TestSupport.summary(found), ["store_abandoned Tallies/TalliesApp.swift:8"])
        let message = try XCTUnwrap(found.first?.message)
        XCTAssertEqual(message.id, "left-to-extensions")
        XCTAssertEqual(
            message.headline,
            "The app moved off default.store and only Glance still opens it: users' data there is left behind")
        XCTAssertTrue(message.detail.contains("open group.com.example.tallies/default.store now"), message.detail)
        XCTAssertTrue(message.detail.contains("Glance/TallyReader.swift:5"), message.detail)
        XCTAssertEqual(found.first?.notes.map(\.location.file), ["Glance/TallyReader.swift"])
    }

    func testFolderNamesSayTheWidgetIsAnExtension() throws {
        let found = try storeAbandoned(readerPath: "TalliesWidget/TallyReader.swift", project: false)
        XCTAssertEqual(TestSupport.summary(found), ["store_abandoned Tallies/TalliesApp.swift:8"])
        XCTAssertEqual(found.first?.message.id, "left-to-extensions")
        XCTAssertTrue(found.first?.message.headline.contains("only TalliesWidget still opens it") == true)
    }

    /// An App Intent compiled into the app opens the app's own default store: the app still opens it.
    func testAnIntentInTheAppsOwnFilesKeepsTheStoreTheApps() throws {
        for project in [true, false] {
            let found = try storeAbandoned(readerPath: "Tallies/Intents/TallyReader.swift", project: project)
            XCTAssertEqual(TestSupport.summary(found), [], "project file: \(project)")
        }
    }

    /// No project file and no folder that names another target: which target opens what cannot be told.
    func testWithoutTargetInformationNothingIsClaimed() throws {
        let found = try storeAbandoned(readerPath: "Glance/TallyReader.swift", project: false)
        XCTAssertEqual(TestSupport.summary(found), [])
    }

    /// A named store in an App Group is one file whatever target opens it: the widget left on it migrates it to its
    /// own models.
    func testAnExtensionLeftOnASharedFileMigratesItToItsModels() throws {
        var shipped = Self.tree(readerPath: "Glance/TallyReader.swift", moved: false, project: true)
        let old = "ModelConfiguration(\"Tallies\", groupContainer: .identifier(\"group.com.example.tallies\"))"
        shipped["Tallies/TalliesApp.swift"] = shipped["Tallies/TalliesApp.swift"]!
            .replacingOccurrences(of: "ModelConfiguration()", with: old)
        shipped["Glance/TallyReader.swift"] = Self.reader.replacingOccurrences(
            of: "ModelContainer(for: Tally.self)",
            with: "ModelContainer(for: Tally.self, configurations: \(old))")
        let lockfile = TestSupport.lock(try analyze(shipped, lockfile: nil))
        var moved = shipped
        moved["Tallies/TalliesApp.swift"] = shipped["Tallies/TalliesApp.swift"]!
            .replacingOccurrences(of: "ModelConfiguration(\"Tallies\"", with: "ModelConfiguration(\"Counts\"")
        let found = try analyze(moved, lockfile: lockfile).findings.filter { $0.rule == .storeAbandoned }
        XCTAssertEqual(TestSupport.summary(found), ["store_abandoned Tallies/TalliesApp.swift:8"])
        XCTAssertTrue(
            found.first?.message.detail.contains(
                "still opens that file (Glance/TallyReader.swift:5) with its own models")
                == true, "\(found)")
    }

    static let goal = "@Model final class Goal { var amount: Int = 0; init() {} }\n"
    static let twoModels = "Reset.self, configurations"
    static let threeModels = "Reset.self, Goal.self, configurations"

    /// The app moved off its own default store to a new one and added a model in the same release (the shape of
    /// expense-tracker, field test 26): the new store holds no shipped state, and the widget alone still opens the
    /// old file's name. Moved to the App Group's default store, to a named store there, or by a helper of another
    /// file. (Moving off an App Group's file is left out: the lockfile does not say the app was entitled to it.)
    func testAnAppThatMovedAndAddedAModelLeftItsStoreBehind() throws {
        let helper = """
            import SwiftData
            enum Stores {
                static func open() -> ModelContainer {
                    let group = ModelConfiguration.GroupContainer.identifier("group.com.example.tallies")
                    let configuration = ModelConfiguration("Counts", groupContainer: group)
                    return try! ModelContainer(for: Tally.self, Reset.self, Goal.self, configurations: configuration)
                }
            }
            """
        let spellings: [(String, (inout [String: String]) -> Void)] = [
            ("the App Group's default store", { files in
                files["Tallies/TalliesApp.swift"] = Self.app(movedToGroup: true)
                    .replacingOccurrences(of: Self.twoModels, with: Self.threeModels)
            }),
            ("a named store in the group", { files in
                files["Tallies/TalliesApp.swift"] = Self.app(movedToGroup: true)
                    .replacingOccurrences(of: "(groupContainer", with: "(\"Counts\", groupContainer")
                    .replacingOccurrences(of: Self.twoModels, with: Self.threeModels)
            }),
            ("a helper in another file", { files in
                files["Tallies/TalliesApp.swift"] = """
                    import SwiftData
                    import SwiftUI

                    @main
                    struct TalliesApp: App {
                        let container = Stores.open()
                        var body: some Scene { WindowGroup { Text("Tallies") }.modelContainer(container) }
                    }
                    """
                files["Tallies/Stores.swift"] = helper
            }),
        ]
        for (name, move) in spellings {
            let shipped = Self.tree(readerPath: "Glance/TallyReader.swift", moved: false, project: true)
            let lockfile = TestSupport.lock(try analyze(shipped, lockfile: nil))
            var moved = shipped
            moved["Tallies/Models/Goal.swift"] = "import SwiftData\n" + Self.goal
            move(&moved)
            let found = try analyze(moved, lockfile: lockfile).findings.filter { $0.rule == .storeAbandoned }
            XCTAssertEqual(found.map(\.message.id), ["left-to-extensions"], "\(name): \(found)")
            XCTAssertTrue(
                found.first?.message.detail.contains("a store no shipped build opened") == true, "\(name): \(found)")
        }
    }

    /// Control: the app adds a model and stays on its store: it still opens the file, so nothing is left behind.
    func testAnAppThatAddedAModelInPlaceLeftNothing() throws {
        let shipped = Self.tree(readerPath: "Glance/TallyReader.swift", moved: false, project: true)
        let lockfile = TestSupport.lock(try analyze(shipped, lockfile: nil))
        var grown = shipped
        grown["Tallies/Models/Goal.swift"] = "import SwiftData\n" + Self.goal
        grown["Tallies/TalliesApp.swift"] = Self.app(movedToGroup: false)
            .replacingOccurrences(of: Self.twoModels, with: Self.threeModels)
        let found = try analyze(grown, lockfile: lockfile).findings.filter { $0.rule == .storeAbandoned }
        XCTAssertEqual(TestSupport.summary(found), [])
    }
}
