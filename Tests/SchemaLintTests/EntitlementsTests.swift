import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// What the project states through its targets' entitlements: a configuration leaving `groupContainer` at `.automatic`
/// keeps its store in the target's App Group, so an app and its widget both entitled to one group open one
/// `default.store`; one leaving `cloudKitDatabase` at `.automatic` syncs in a target entitled to a CloudKit container.
/// Entitlements that cannot be read change nothing.
final class EntitlementsTests: XCTestCase {
    private static let group = "group.com.example.tallies"

    // MARK: Building a small app

    private typealias Target = TestXcodeProject.Target

    private static func project(_ targets: [Target]) -> String { TestXcodeProject.text(targets) }

    /// An entitlements file: App Groups, and CloudKit with its containers.
    private static func entitlements(groups: [String] = [], cloudKit: [String]? = nil) -> String {
        var body = ""
        if !groups.isEmpty {
            body +=
                "\t<key>com.apple.security.application-groups</key>\n\t<array>\n"
                + groups.map { "\t\t<string>\($0)</string>\n" }.joined() + "\t</array>\n"
        }
        if let cloudKit {
            body +=
                "\t<key>com.apple.developer.icloud-services</key>\n\t<array>\n\t\t<string>CloudKit</string>\n"
                + "\t</array>\n\t<key>com.apple.developer.icloud-container-identifiers</key>\n\t<array>\n"
                + cloudKit.map { "\t\t<string>\($0)</string>\n" }.joined() + "\t</array>\n"
        }
        body += "\t<key>com.apple.security.app-sandbox</key>\n\t<true/>\n"
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \(body)</dict>
            </plist>
            """
    }

    private func analyze(_ files: [String: String]) throws -> Analysis {
        try TestSupport.analyzeOnDisk(files, lockfile: nil)
    }

    /// Why some targets' entitlements cannot be told, as `check --verbose` says.
    private func notes(_ files: [String: String]) throws -> [String] {
        let root = try TestSupport.writeTree(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let paths = files.keys.filter { $0.hasSuffix(".swift") }.sorted()
        return ProjectMembership(paths: paths, workingDirectory: root.path).entitlementNotes
    }

    private func found(_ analysis: Analysis, _ rule: RuleID) -> [String] {
        TestSupport.summary(analysis.findings.filter { $0.rule == rule })
    }

    // MARK: App Group

    /// The widget app of `StoreLeftToExtensionTests`: its models.
    private static let tallies = StoreLeftToExtensionTests.models

    /// The app: both models, on the store `configuration` names (nil: `.modelContainer(for:)`, no configuration).
    private static func app(_ configuration: String?) -> String {
        let container =
            configuration.map {
                "let container = try! ModelContainer(for: Tally.self, Reset.self, configurations: \($0))"
            } ?? "let container = try! ModelContainer(for: Tally.self, Reset.self)"
        return """
            import SwiftData
            import SwiftUI

            @main
            struct TalliesApp: App {
                \(container)

                var body: some Scene {
                    WindowGroup { Text("Tallies") }.modelContainer(container)
                }
            }
            """
    }

    /// The widget: one model, on the store `configuration` names.
    private static func widget(_ configuration: String?) -> String {
        let container =
            configuration.map { "try ModelContainer(for: Tally.self, configurations: \($0))" }
            ?? "try ModelContainer(for: Tally.self)"
        return """
            import SwiftData

            struct TallyReader {
                func total() throws -> Int {
                    let container = \(container)
                    return try ModelContext(container).fetch(FetchDescriptor<Tally>()).reduce(0) { $0 + $1.count }
                }
            }
            """
    }

    /// An app and its widget, each entitled to the groups given (nil: no entitlements file named), the app's
    /// entitlements named by `appPath`.
    private static func groupApp(
        app: String?, widget: String?, appGroups: [String]? = [group], widgetGroups: [String]? = [group],
        appPath: String = "Tallies/Tallies.entitlements", extra: [String: String] = [:]
    ) -> [String: String] {
        var files = [
            "Tallies/Models/Tally.swift": tallies,
            "Tallies/TalliesApp.swift": Self.app(app),
            "Glance/TallyReader.swift": Self.widget(widget),
            "Tallies.xcodeproj/project.pbxproj": project([
                .app(entitlements: appGroups == nil ? nil : appPath),
                .widget(entitlements: widgetGroups == nil ? nil : "Glance/Glance.entitlements"),
            ]),
        ]
        // Every path form names this file.
        if let appGroups { files["Tallies/Tallies.entitlements"] = entitlements(groups: appGroups) }
        if let widgetGroups { files["Glance/Glance.entitlements"] = entitlements(groups: widgetGroups) }
        return files.merging(extra) { $1 }
    }

    /// Both targets entitled to one group, both leaving `groupContainer` at `.automatic`: one store in the group, and
    /// the widget opening it with one model of two drops the other's rows. Written four ways.
    func testAnAppAndItsWidgetInOneAppGroupShareTheDefaultStore() throws {
        let shapes: [(app: String?, widget: String?, extra: [String: String], store: String)] = [
            ("ModelConfiguration()", "ModelConfiguration()", [:], "\(Self.group)/default.store"),
            // No configuration at all: SwiftData's default one.
            (nil, nil, [:], "\(Self.group)/default.store"),
            // A static member of another type in another file, given a schema.
            (
                "ModelConfiguration(schema: Schema([Tally.self, Reset.self]))", "GlanceStore.configuration",
                [
                    "Glance/GlanceStore.swift": "import SwiftData\n\nenum GlanceStore {\n"
                        + "    static let configuration = ModelConfiguration(schema: Schema([Tally.self]))\n}\n"
                ],
                "\(Self.group)/default.store"
            ),
            // Named: the app names the group, the widget leaves it to its entitlements.
            (
                "ModelConfiguration(\"Tallies\", groupContainer: .identifier(\"\(Self.group)\"))",
                "ModelConfiguration(\"Tallies\", groupContainer: .automatic)", [:], "\(Self.group)/Tallies.store"
            ),
        ]
        for shape in shapes {
            let analysis = try analyze(Self.groupApp(app: shape.app, widget: shape.widget, extra: shape.extra))
            let stores = analysis.topology.stores.map(\.name)
            XCTAssertEqual(stores, [shape.store], "\(shape)")
            XCTAssertEqual(
                found(analysis, .storeOpenedWithDifferentModels),
                [
                    "store_opened_with_different_models "
                        + "Glance/TallyReader.swift:5"
                ], "\(shape)")
        }
    }

    /// The app's entitlements for macOS (`CODE_SIGN_ENTITLEMENTS[sdk=macosx*]`) naming another App Group than its
    /// iOS ones (Three Daily Goals): which group holds its default store cannot be told, so the store locked in the
    /// iOS group is not said to be left behind. Control: the same override naming the same group keeps the store
    /// there, for certain.
    func testEntitlementsNamingAnotherGroupPerPlatformLeaveTheStoreUntold() throws {
        let shipped = try TestSupport.analyzeOnDisk(
            Self.groupApp(app: "ModelConfiguration()", widget: nil, widgetGroups: nil), lockfile: nil)
        XCTAssertTrue(shipped.topology.stores.map(\.name).contains("\(Self.group)/default.store"))
        let lockfile = TestSupport.lock(shipped)
        func checked(macGroup: String) throws -> Analysis {
            var files = Self.groupApp(app: "ModelConfiguration()", widget: nil, widgetGroups: nil)
            var app = Target.app(entitlements: "Tallies/Tallies.entitlements")
            app.set("CODE_SIGN_ENTITLEMENTS[sdk=macosx*]", "Tallies/Tallies-macOS.entitlements")
            files["Tallies.xcodeproj/project.pbxproj"] = Self.project([app, .widget(entitlements: nil)])
            files["Tallies/Tallies-macOS.entitlements"] = Self.entitlements(groups: [macGroup])
            return try TestSupport.analyzeOnDisk(files, lockfile: lockfile)
        }
        let differ = try checked(macGroup: "ABCDE12345.com.example.tallies")
        XCTAssertTrue(
            differ.topology.stores.map(\.name).contains("`the App Group of Tallies`/default.store"),
            "\(differ.topology.stores.map(\.name))")
        XCTAssertEqual(found(differ, .storeAbandoned), [])
        let same = try checked(macGroup: Self.group)
        XCTAssertTrue(same.topology.stores.map(\.name).contains("\(Self.group)/default.store"))
        XCTAssertEqual(found(same, .storeAbandoned), [])
    }

    /// A watch app entitled to the same group is on another device: its group container is the watch's, so its
    /// stores are never the phone app's, however they are spelt, and opening fewer models there drops nothing of the
    /// phone's (LastFast, Shlf).
    func testAWatchAppsStoresAreNotThePhonesInOneGroup() throws {
        let shapes: [(app: String?, watch: String?)] = [
            ("ModelConfiguration()", "ModelConfiguration()"),
            (nil, nil),
            (
                "ModelConfiguration(\"Tallies\", groupContainer: .identifier(\"\(Self.group)\"))",
                "ModelConfiguration(\"Tallies\", groupContainer: .identifier(\"\(Self.group)\"))"
            ),
        ]
        for shape in shapes {
            var files = Self.groupApp(app: shape.app, widget: shape.watch)
            var watch = Target.app("Glance", entitlements: "Glance/Glance.entitlements")
            watch.set("SDKROOT", "watchos")
            files["Tallies.xcodeproj/project.pbxproj"] = Self.project([
                .app(entitlements: "Tallies/Tallies.entitlements"), watch,
            ])
            let analysis = try analyze(files)
            XCTAssertEqual(analysis.topology.stores.count, 2, "\(shape): \(analysis.topology.stores.map(\.name))")
            XCTAssertTrue(
                analysis.topology.stores.contains { $0.location.key.hasPrefix("watchOS:") },
                "\(analysis.topology.stores.map(\.location.key))")
            XCTAssertEqual(found(analysis, .storeOpenedWithDifferentModels), [], "\(shape)")
        }
    }

    /// The app spells the group's file out through `containerURL(forSecurityApplicationGroupIdentifier:)`; the
    /// widget leaves it to its entitlements: the same file.
    func testAGroupContainerURLIsTheEntitledDefaultStore() throws {
        let url =
            "ModelConfiguration(url: FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "
            + "\"\(Self.group)\")!.appending(path: \"Library/Application Support/default.store\"))"
        let analysis = try analyze(Self.groupApp(app: url, widget: "ModelConfiguration()"))
        XCTAssertEqual(
            found(analysis, .storeOpenedWithDifferentModels),
            ["store_opened_with_different_models Glance/TallyReader.swift:5"])
        // Not entitled, the widget's default store is its own.
        let apart = try analyze(Self.groupApp(app: url, widget: "ModelConfiguration()", widgetGroups: nil))
        XCTAssertEqual(found(apart, .storeOpenedWithDifferentModels), [])
    }

    /// The group's identifier read at run time (the Info.plist, a value set at launch, the user's defaults) in a
    /// target entitled to that one App Group alone: `containerURL` gives a folder for it only, so the file is the
    /// group's, and the widget leaving its store to the same entitlement opens it too. Entitled to two groups, which
    /// one cannot be told, and nothing is said of it.
    func testAGroupReadAtRunTimeIsTheOnlyEntitledGroup() throws {
        let spellings: [(String, String)] = [
            ("the Info.plist", "Bundle.main.object(forInfoDictionaryKey: \"AppGroup\") as! String"),
            ("a static member of another type set at launch", "Launch.groupID!"),
            ("the user's defaults", "UserDefaults.standard.string(forKey: \"group\")!"),
        ]
        let launch = "enum Launch {\n    static var groupID: String?\n}\n"
        for (name, identifier) in spellings {
            let url =
                "ModelConfiguration(url: FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "
                + "\(identifier))!.appending(path: \"Library/Application Support/default.store\"))"
            let extra = ["Tallies/Launch.swift": launch]
            let analysis = try analyze(Self.groupApp(app: url, widget: "ModelConfiguration()", extra: extra))
            XCTAssertEqual(
                found(analysis, .storeOpenedWithDifferentModels),
                ["store_opened_with_different_models Glance/TallyReader.swift:5"], name)
            XCTAssertEqual(analysis.untoldStoreNotes, [], name)
            // Entitled to two groups: which one cannot be told, and the folder is said to be unknown.
            let two = try analyze(
                Self.groupApp(
                    app: url, widget: "ModelConfiguration()", appGroups: [Self.group, "group.com.example.other"],
                    extra: extra))
            XCTAssertEqual(found(two, .storeOpenedWithDifferentModels), [], name)
            XCTAssertEqual(two.untoldStoreNotes.count, 1, name)
        }
    }

    /// The store's code in a local Swift package: it runs in the app targets linking a product that holds its
    /// target (directly, or through a target the product's depends on), so theirs are its entitlements. Linked by
    /// the app and the widget, both entitled to one group, the default store is the group's, shared by the two. Not
    /// linked by any target, the package's own code has no entitlements, and the stores stay apart.
    func testAPackagesCodeHasTheEntitlementsOfTheTargetsLinkingIt() throws {
        let manifests: [(String, String)] = [
            (
                "the product holds the target",
                """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(
                    name: "TallyKit",
                    products: [.library(name: "TallyKit", targets: ["TallyStore"])],
                    targets: [.target(name: "TallyStore")]
                )
                """
            ),
            (
                "the product's target depends on it by name",
                """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(
                    name: "TallyKit",
                    products: [.library(name: "TallyKit", targets: ["TallyKit"])],
                    targets: [
                        .target(name: "TallyKit", dependencies: ["TallyStore"]),
                        .target(name: "TallyStore"),
                    ]
                )
                """
            ),
            (
                "the product's target depends on it through .target(name:)",
                """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(
                    name: "TallyKit",
                    products: [.library(name: "TallyKit", targets: ["TallyKit"])],
                    targets: [
                        .target(name: "TallyKit", dependencies: [.target(name: "TallyStore")]),
                        .target(name: "TallyStore"),
                    ]
                )
                """
            ),
        ]
        for (name, manifest) in manifests {
            func files(linked: Bool) -> [String: String] {
                var app = TestXcodeProject.Target.app(entitlements: "Tallies/Tallies.entitlements")
                var widget = TestXcodeProject.Target.widget(entitlements: "Glance/Glance.entitlements")
                if linked { (app.packageProducts, widget.packageProducts) = (["TallyKit"], ["TallyKit"]) }
                return [
                    "TallyKit/Package.swift": manifest,
                    "TallyKit/Sources/TallyStore/Tally.swift": Self.tallies,
                    "TallyKit/Sources/TallyStore/TallyReader.swift": Self.widget("ModelConfiguration()"),
                    "TallyKit/Sources/TallyKit/Exports.swift": "@_exported import TallyStore\n",
                    "Tallies/TalliesApp.swift": Self.app("ModelConfiguration()"),
                    "Glance/Widget.swift": "struct GlanceWidget {}\n",
                    "Tallies.xcodeproj/project.pbxproj": Self.project([app, widget]),
                    "Tallies/Tallies.entitlements": Self.entitlements(groups: [Self.group]),
                    "Glance/Glance.entitlements": Self.entitlements(groups: [Self.group]),
                ]
            }
            let analysis = try analyze(files(linked: true))
            XCTAssertEqual(
                found(analysis, .storeOpenedWithDifferentModels),
                ["store_opened_with_different_models TallyKit/Sources/TallyStore/TallyReader.swift:5"], name)
            XCTAssertEqual(found(try analyze(files(linked: false)), .storeOpenedWithDifferentModels), [], name)
        }
    }

    /// A framework's code runs in the targets depending on it: a default store it opens lands in their App Group,
    /// and is named by them (Unwatched's shared framework). Depended on by name, linked in a Frameworks phase only,
    /// or through another framework; controls: a framework nothing depends on, and one only a test target does.
    func testAFrameworksCodeHasTheEntitlementsOfTheTargetsDependingOnIt() throws {
        let framework = "com.apple.product-type.framework"
        func files(_ wire: (inout Target, inout Target) -> [Target]) -> [String: String] {
            var app = Target.app(entitlements: "Tallies/Tallies.entitlements")
            var widget = Target.widget(entitlements: "Glance/Glance.entitlements")
            let more = wire(&app, &widget)
            return [
                "TallyKit/Tally.swift": Self.tallies,
                "TallyKit/TallyReader.swift": Self.widget("ModelConfiguration()"),
                "Tallies/TalliesApp.swift": Self.app("ModelConfiguration()"),
                "Glance/Widget.swift": "struct GlanceWidget {}\n",
                "Tallies.xcodeproj/project.pbxproj": Self.project([app, widget] + more),
                "Tallies/Tallies.entitlements": Self.entitlements(groups: [Self.group]),
                "Glance/Glance.entitlements": Self.entitlements(groups: [Self.group]),
            ]
        }
        let kit = Target(name: "TallyKit", productType: framework)
        let shapes: [(String, (inout Target, inout Target) -> [Target])] = [
            ("depended on by name", { app, widget in
                (app.dependencies, widget.dependencies) = (["TallyKit"], ["TallyKit"])
                return [kit]
            }),
            ("linked only", { app, _ in
                app.linked = ["TallyKit"]
                return [kit]
            }),
            ("through another framework", { app, _ in
                app.dependencies = ["TallyUI"]
                var ui = Target(name: "TallyUI", productType: framework)
                ui.dependencies = ["TallyKit"]
                return [kit, ui]
            }),
        ]
        for (name, wire) in shapes {
            let analysis = try analyze(files(wire))
            XCTAssertEqual(analysis.topology.stores.map(\.name), ["\(Self.group)/default.store"], name)
            XCTAssertEqual(
                found(analysis, .storeOpenedWithDifferentModels),
                ["store_opened_with_different_models TallyKit/TallyReader.swift:5"], name)
        }
        // Nothing depends on it, or only its tests: its store is its own, named by it.
        let alone = try analyze(files { _, _ in [kit] })
        XCTAssertEqual(found(alone, .storeOpenedWithDifferentModels), [])
        XCTAssertTrue(
            alone.topology.stores.map(\.name).contains("default.store (TallyKit)"), "\(alone.topology.stores)")
        var tests = Target(name: "TallyKitTests", productType: "com.apple.product-type.bundle.unit-test")
        tests.dependencies = ["TallyKit"]
        let tested = try analyze(files { _, _ in [kit, tests] })
        XCTAssertEqual(found(tested, .storeOpenedWithDifferentModels), [])
    }

    /// `$(SRCROOT)/` before the path, a path built from `$(TARGET_NAME)`: the same files.
    func testEntitlementsPathsWithBuildSettings() throws {
        for path in [
            "$(SRCROOT)/Tallies/Tallies.entitlements", "${PROJECT_DIR}/$(TARGET_NAME)/$(TARGET_NAME).entitlements",
            // Another case than the folder and file have: a Mac's file system finds it, so does schemalint.
            "tallies/TALLIES.entitlements",
        ] {
            let analysis = try analyze(
                Self.groupApp(app: "ModelConfiguration()", widget: "ModelConfiguration()", appPath: path))
            XCTAssertEqual(analysis.topology.stores.map(\.name), ["\(Self.group)/default.store"], path)
            XCTAssertEqual(
                found(analysis, .storeOpenedWithDifferentModels),
                ["store_opened_with_different_models Glance/TallyReader.swift:5"], path)
        }
    }

    /// Controls: the widget not entitled, entitled to another group, keeping its store out of the group
    /// (`groupContainer: .none`), or its entitlements file missing: two stores, nothing said.
    func testDefaultStoresStayApartUnlessBothTargetsShareTheGroup() throws {
        let cases: [(String, [String: String])] = [
            (
                "widget not entitled",
                Self.groupApp(
                    app: "ModelConfiguration()", widget: "ModelConfiguration()",
                    widgetGroups: nil)
            ),
            (
                "another group",
                Self.groupApp(
                    app: "ModelConfiguration()", widget: "ModelConfiguration()",
                    widgetGroups: ["group.com.example.other"])
            ),
            (
                "groupContainer: .none",
                Self.groupApp(
                    app: "ModelConfiguration()",
                    widget: "ModelConfiguration(groupContainer: .none)")
            ),
            ("no App Group", Self.groupApp(app: nil, widget: nil, appGroups: [], widgetGroups: [])),
        ]
        for (name, files) in cases {
            let analysis = try analyze(files)
            XCTAssertEqual(analysis.topology.stores.count, 2, name)
            XCTAssertEqual(found(analysis, .storeOpenedWithDifferentModels), [], name)
        }
        // The widget's entitlements missing: its store cannot be told to be in the group, so it stays its own.
        var missing = Self.groupApp(app: "ModelConfiguration()", widget: "ModelConfiguration()")
        missing["Glance/Glance.entitlements"] = nil
        let analysis = try analyze(missing)
        XCTAssertEqual(
            analysis.topology.stores.map(\.name), ["default.store (Glance)", "\(Self.group)/default.store"])
        XCTAssertEqual(found(analysis, .storeOpenedWithDifferentModels), [])
        XCTAssertEqual(
            try notes(missing),
            [
                "target Glance of Tallies.xcodeproj: Glance/Glance.entitlements cannot be read (it does not "
                    + "exist): its App Group and CloudKit container cannot be told, so its stores are taken as its "
                    + "own and not synced"
            ])
    }

    /// Bad entitlements are normal input: not a property list, a path through a setting schemalint does not read,
    /// settings from an `.xcconfig` that does not exist: the widget's store stays its own.
    func testEntitlementsThatCannotBeToldChangeNothing() throws {
        var garbage = Self.groupApp(app: "ModelConfiguration()", widget: "ModelConfiguration()")
        garbage["Glance/Glance.entitlements"] = "<plist><dict><key>oops"
        var unread = Self.groupApp(app: "ModelConfiguration()", widget: "ModelConfiguration()")
        unread["Tallies.xcodeproj/project.pbxproj"] = Self.project([
            .app(entitlements: "Tallies/Tallies.entitlements"),
            .widget(entitlements: "$(CONFIGURATION_FOLDER)/Glance.entitlements"),
        ])
        var xcconfig = Self.groupApp(app: "ModelConfiguration()", widget: "ModelConfiguration()")
        var based = Target.widget(entitlements: nil)
        based.xcconfig = true
        xcconfig["Tallies.xcodeproj/project.pbxproj"] = Self.project([
            .app(entitlements: "Tallies/Tallies.entitlements"), based,
        ])
        let cases: [(String, [String: String], String)] = [
            ("not a plist", garbage, "Glance/Glance.entitlements is not a property list schemalint can read"),
            (
                "unread setting", unread,
                "its CODE_SIGN_ENTITLEMENTS ($(CONFIGURATION_FOLDER)/Glance.entitlements) "
                    + "uses a build setting schemalint does not read"
            ),
            (
                "xcconfig", xcconfig,
                "Base.xcconfig (its Release configuration's .xcconfig) cannot be read (it does not exist)"
            ),
        ]
        for (name, files, note) in cases {
            let analysis = try analyze(files)
            XCTAssertEqual(analysis.topology.stores.count, 2, name)
            XCTAssertEqual(found(analysis, .storeOpenedWithDifferentModels), [], name)
            let said = try notes(files)
            XCTAssertTrue(said.contains { $0.contains(note) }, "\(name): \(said)")
        }
    }

    /// Settings an `.xcconfig` sets are read as Xcode reads them: the widget's entitlements path set in the file its
    /// configurations are based on (with `//` comments), through an `#include` (beside an optional one that does not
    /// exist), in a file named with another case than the project writes, and a group identifier written with a
    /// setting the file sets (`group.$(GROUP_PREFIX).tallies`). The widget then shares the app's store.
    func testSettingsFromAnXcconfigAreRead() throws {
        var based = Target.widget(entitlements: nil)
        based.xcconfig = true
        var direct = Self.groupApp(app: "ModelConfiguration()", widget: "ModelConfiguration()")
        direct["Tallies.xcodeproj/project.pbxproj"] = Self.project([
            .app(entitlements: "Tallies/Tallies.entitlements"), based,
        ])
        direct["Base.xcconfig"] = "// Signing\nCODE_SIGN_ENTITLEMENTS = Glance/Glance.entitlements // the group's\n"
        var included = direct
        included["Base.xcconfig"] = "#include? \"Local.xcconfig\"\n#include \"Config/Signing.xcconfig\"\n"
        included["Config/Signing.xcconfig"] = "CODE_SIGN_ENTITLEMENTS = Glance/Glance.entitlements\n"
        var cased = direct
        cased["Base.xcconfig"] = nil
        cased["base.xcconfig"] = direct["Base.xcconfig"]
        var prefixed = direct
        prefixed["Base.xcconfig"] = "GROUP_PREFIX = com.example\nCODE_SIGN_ENTITLEMENTS = Glance/Glance.entitlements\n"
        prefixed["Glance/Glance.entitlements"] = Self.entitlements(groups: ["group.$(GROUP_PREFIX).tallies"])
        // `$(CFBundleIdentifier)` is the bundle's identifier, `PRODUCT_BUNDLE_IDENTIFIER`.
        var bundled = direct
        bundled["Base.xcconfig"] =
            "PRODUCT_BUNDLE_IDENTIFIER = com.example.tallies\nCODE_SIGN_ENTITLEMENTS = Glance/Glance.entitlements\n"
        bundled["Glance/Glance.entitlements"] = Self.entitlements(groups: ["group.$(CFBundleIdentifier)"])
        // Xcode 16 names the file by a synchronized folder and a path inside it (TaxTracker).
        var anchored = direct
        anchored["Base.xcconfig"] = nil
        anchored["Tallies/Config/Base.xcconfig"] = direct["Base.xcconfig"]
        anchored["Tallies.xcodeproj/project.pbxproj"] = direct["Tallies.xcodeproj/project.pbxproj"]?
            .replacingOccurrences(
                of: "baseConfigurationReference = X1; ",
                with: "baseConfigurationReferenceAnchor = G1; "
                    + "baseConfigurationReferenceRelativePath = Config/Base.xcconfig; ")
        for (name, files) in [
            ("direct", direct), ("included", included), ("case", cased), ("prefix", prefixed), ("bundle", bundled),
            ("anchored", anchored),
        ] {
            XCTAssertEqual(try analyze(files).topology.stores.map(\.name), ["\(Self.group)/default.store"], name)
            XCTAssertEqual(try notes(files), [], name)
        }
        // Control: an include that does not exist is named, and the widget's store stays its own.
        var broken = direct
        broken["Base.xcconfig"] = "#include \"Missing.xcconfig\"\nCODE_SIGN_ENTITLEMENTS = Glance/Glance.entitlements\n"
        XCTAssertEqual(try analyze(broken).topology.stores.count, 2)
        XCTAssertEqual(
            try notes(broken),
            [
                "target Glance of Tallies.xcodeproj: Base.xcconfig (its Release configuration's .xcconfig) includes "
                    + "Missing.xcconfig, which cannot be read (it does not exist): its App Group and CloudKit "
                    + "container cannot be told, so its stores are taken as its own and not synced"
            ])
    }

    /// Debug naming a development group of its own: Release is what users run (as for compilation conditions), so
    /// the widget shares the app's store, and nothing is said of the Debug build.
    func testADebugOnlyGroupLeavesTheReleaseGroup() throws {
        var files = Self.groupApp(app: "ModelConfiguration()", widget: "ModelConfiguration()")
        files["Glance/Debug.entitlements"] = Self.entitlements(groups: ["group.com.example.debug"])
        var split = Target.widget(entitlements: "Glance/Glance.entitlements")
        split.settings["Debug"]?["CODE_SIGN_ENTITLEMENTS"] = "Glance/Debug.entitlements"
        files["Tallies.xcodeproj/project.pbxproj"] = Self.project([
            .app(entitlements: "Tallies/Tallies.entitlements"), split,
        ])
        XCTAssertEqual(try analyze(files).topology.stores.map(\.name), ["\(Self.group)/default.store"])
        XCTAssertEqual(try notes(files), [])
    }

    /// Debug and Release agreeing, a third configuration (`Beta`) naming another group: Release is taken.
    func testReleaseIsTakenOverAnotherConfiguration() throws {
        var files = Self.groupApp(app: "ModelConfiguration()", widget: "ModelConfiguration()")
        files["Glance/Beta.entitlements"] = Self.entitlements(groups: ["group.com.example.beta"])
        var project = Self.project([
            .app(entitlements: "Tallies/Tallies.entitlements"), .widget(entitlements: "Glance/Glance.entitlements"),
        ])
        project = project.replacingOccurrences(
            of: "buildConfigurations = (B20, B21, )",
            with: "buildConfigurations = "
                + "(B20, B21, B22, )"
        ).replacingOccurrences(
            of: "        C1 = ",
            with: "        B22 = {isa = XCBuildConfiguration; buildSettings = {CODE_SIGN_ENTITLEMENTS = "
                + "\"Glance/Beta.entitlements\"; }; name = Beta; };\n        C1 = ")
        files["Tallies.xcodeproj/project.pbxproj"] = project
        let analysis = try analyze(files)
        XCTAssertEqual(analysis.topology.stores.map(\.name), ["\(Self.group)/default.store"])
    }

    /// A lockfile written before entitlements were read recorded the shared store as `default.store`: still that
    /// store.
    func testALockfileNamingTheDefaultStoreStillNamesTheGroupStore() throws {
        let files = Self.groupApp(app: "ModelConfiguration()", widget: nil)
        let analysis = try analyze(files)
        let store = try XCTUnwrap(analysis.topology.stores.first)
        XCTAssertEqual(store.location.key, "\(Self.group)/default.store")
        XCTAssertTrue(store.location.isRecorded(in: ["default.store"]))
    }

    // MARK: CloudKit

    private static let notes = """
        import Foundation
        import SwiftData

        @Model final class Note {
            @Attribute(.unique) var id: UUID = UUID()
            var text: String = ""
            init() {}
        }
        """

    /// A notes app whose container opens `configuration` (nil: none given), the app target entitled as given.
    private static func cloudApp(
        _ configuration: String?, entitlements: String? = entitlements(cloudKit: ["iCloud.com.example.notes"]),
        extra: [String: String] = [:]
    ) -> [String: String] {
        let container =
            configuration.map { "try! ModelContainer(for: Note.self, configurations: \($0))" }
            ?? "try! ModelContainer(for: Note.self)"
        var files = [
            "Notes/Note.swift": notes,
            "Notes/NotesApp.swift": """
            import SwiftData
            import SwiftUI

            @main
            struct NotesApp: App {
                let container = \(container)

                var body: some Scene {
                    WindowGroup { Text("Notes") }.modelContainer(container)
                }
            }
            """,
            "Notes.xcodeproj/project.pbxproj": project([
                .app("Notes", entitlements: entitlements == nil ? nil : "Notes/Notes.entitlements"),
                Target(name: "NotesTests", productType: "com.apple.product-type.bundle.unit-test"),
            ]),
        ]
        if let entitlements { files["Notes/Notes.entitlements"] = entitlements }
        return files.merging(extra) { $1 }
    }

    /// `cloudKitDatabase` left at `.automatic` in a target entitled to CloudKit syncs: a unique attribute breaks it.
    /// Written four ways.
    func testAnEntitledTargetSyncsConfigurationsLeftAtAutomatic() throws {
        let shapes: [(String?, [String: String], String)] = [
            ("ModelConfiguration()", [:], "Notes/NotesApp.swift:6"),
            (nil, [:], "Notes/NotesApp.swift:6"),
            (
                "NotesStore.configuration",
                [
                    "Notes/NotesStore.swift": "import SwiftData\n\nenum NotesStore {\n"
                        + "    static let configuration = ModelConfiguration(schema: Schema([Note.self]))\n}\n"
                ],
                "Notes/NotesStore.swift:4"
            ),
            (
                "makeConfiguration()",
                [
                    "Notes/Configuration.swift":
                        "import SwiftData\n\nfunc makeConfiguration() -> ModelConfiguration {\n"
                        + "    ModelConfiguration(schema: Schema([Note.self]))\n}\n"
                ],
                "Notes/Configuration.swift:4"
            ),
        ]
        for (configuration, extra, enabledAt) in shapes {
            let analysis = try analyze(Self.cloudApp(configuration, extra: extra))
            let findings = analysis.findings.filter { $0.rule == .cloudkitIncompatible }
            XCTAssertEqual(
                TestSupport.summary(findings), ["cloudkit_incompatible Notes/Note.swift:5"],
                "\(configuration ?? "none")")
            XCTAssertEqual(findings.first?.notes.map { "\($0.location.file):\($0.location.line)" }, [enabledAt])
            XCTAssertTrue(
                findings.first?.message.detail.contains(
                    "target Notes's entitlements (Notes/Notes.entitlements) name CloudKit container "
                        + "iCloud.com.example.notes") == true, "\(findings)")
            XCTAssertEqual(analysis.topology.stores.map(\.syncs), [true], "\(configuration ?? "none")")
        }
    }

    /// Controls: `cloudKitDatabase: .none`; entitlements without CloudKit, or CloudKit without a container; no
    /// entitlements; an entitlements file that is not a property list.
    func testConfigurationsStayLocalWithoutTheEntitlement() throws {
        let cases: [(String, [String: String])] = [
            (".none", Self.cloudApp("ModelConfiguration(cloudKitDatabase: .none)")),
            ("App Group only", Self.cloudApp(nil, entitlements: Self.entitlements(groups: [Self.group]))),
            ("no container", Self.cloudApp("ModelConfiguration()", entitlements: Self.entitlements(cloudKit: []))),
            ("no entitlements", Self.cloudApp("ModelConfiguration()", entitlements: nil)),
            ("not a plist", Self.cloudApp("ModelConfiguration()", entitlements: "{ not: xml")),
        ]
        for (name, files) in cases {
            let analysis = try analyze(files)
            XCTAssertEqual(found(analysis, .cloudkitIncompatible), [], name)
            XCTAssertEqual(analysis.topology.stores.map(\.syncs), [false], name)
        }
    }

    /// A Core Data stack on `NSPersistentCloudKitContainer` syncs with the container its target's entitlements name:
    /// entitled to none (an empty file, App Groups only, no entitlements) it keeps its store local, as `check
    /// --verbose` says. Controls: entitled to a container, and an entitlements file that cannot be read.
    func testACloudKitContainerWithoutTheEntitlementDoesNotSync() throws {
        let stack = """
            import CoreData

            final class Persistence {
                static let shared = Persistence()
                let container: NSPersistentCloudKitContainer

                init() {
                    container = NSPersistentCloudKitContainer(name: "Notes")
                    container.loadPersistentStores { _, _ in }
                }
            }
            """
        func files(_ entitlements: String?) -> [String: String] {
            var files = [
                "Notes/Persistence.swift": stack,
                "Notes.xcodeproj/project.pbxproj": Self.project([
                    .app("Notes", entitlements: entitlements == nil ? nil : "Notes/Notes.entitlements")
                ]),
            ]
            files["Notes/Notes.entitlements"] = entitlements
            files["Notes/Notes.xcdatamodeld/Notes.xcdatamodel/contents"] = FixturePlannerTests.noteModel
            return files
        }
        let cases: [(String, String?, Bool)] = [
            ("an empty file", Self.entitlements(), false),
            ("App Groups only", Self.entitlements(groups: [Self.group]), false),
            ("no entitlements", nil, false),
            ("entitled to a container", Self.entitlements(cloudKit: ["iCloud.com.example.notes"]), true),
            ("not a property list", "{ not: xml", true),
        ]
        for (name, entitlements, syncs) in cases {
            let analysis = try analyze(files(entitlements))
            XCTAssertEqual(analysis.topology.coreData.stores.map(\.syncs), [syncs], name)
        }
    }
}

extension TestXcodeProject.Target {
    /// A target whose Debug and Release configurations set `CODE_SIGN_ENTITLEMENTS` to `entitlements` (nil: not set).
    fileprivate static func app(
        _ name: String = "Tallies", productType: String = "com.apple.product-type.application", entitlements: String?
    ) -> Self {
        var target = Self(name: name, productType: productType)
        if let entitlements { target.set("CODE_SIGN_ENTITLEMENTS", entitlements) }
        return target
    }

    fileprivate static func widget(_ name: String = "Glance", entitlements: String?) -> Self {
        app(name, productType: "com.apple.product-type.app-extension", entitlements: entitlements)
    }
}

/// Where `check` is run from changes nothing (field test 15: `cd other && check ../App` lost the entitlements and
/// the widget's finding): the project above the files is read, and an app no marker names is the folder given.
extension EntitlementsTests {
    func testTheProjectIsReadWhereverTheRunStarts() throws {
        let root = try TestSupport.writeTree(
            Self.groupApp(app: "ModelConfiguration()", widget: "ModelConfiguration()").reduce(into: [:]) {
                $0["Tallies/" + $1.key] = $1.value
            }.merging(["Other/README.md": "elsewhere\n"]) { $1 })
        defer { try? FileManager.default.removeItem(at: root) }
        let app = root.appendingPathComponent("Tallies")
        let runs: [(String, URL, String)] = [
            ("from the app's folder", app, "."),
            ("from a sibling folder", root.appendingPathComponent("Other"), "../Tallies"),
            ("an absolute path from a sibling folder", root.appendingPathComponent("Other"), app.path),
            ("from the folder above", root, "Tallies"),
        ]
        for (name, directory, path) in runs {
            let run = try TestSupport.run(["check", "--verbose", path], in: directory)
            let output = run.stdout + run.stderr
            XCTAssertTrue(
                output.contains("store \(Self.group)/default.store (in the App Group's Library/Application Support): 2 "
                    + "containers"), "\(name): \(output)")
            XCTAssertTrue(output.contains("[store_opened_with_different_models]"), "\(name): \(output)")
            XCTAssertFalse(output.contains("store default.store"), "\(name): \(output)")
        }
        // `lock` from a sibling folder writes the app's lockfile in the app's folder, which a run from there reads.
        let locked = try TestSupport.run(["lock", "../Tallies"], in: root.appendingPathComponent("Other"))
        XCTAssertEqual(locked.status, 0, locked.stdout + locked.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: app.appendingPathComponent("schemalint.lock").path))
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: root.appendingPathComponent("Other/schemalint.lock").path))
    }
}

/// One file compiled by targets that run it apart (leaflet-reader: an iOS app and widget and a Mac app entitled to
/// one group, a watch app to none): each device's targets open their own store, in the group where entitled, and
/// the release that adds the group to the entitlements leaves each device's old store behind.
extension EntitlementsTests {
    /// The shared folder's code compiled by the phone app, its widget, the Mac app and the watch app.
    private static func everyDevice(_ configuration: String, groups: [String]) -> [String: String] {
        func target(_ name: String, sdk: String?, widget: Bool = false) -> Target {
            var made =
                widget
                ? Target.widget(name, entitlements: "\(name).entitlements")
                : Target.app(name, entitlements: "\(name).entitlements")
            made.folder = "Shared"
            if let sdk { made.set("SDKROOT", sdk) }
            return made
        }
        var files = [
            "Shared/Models/Tally.swift": tallies,
            "Shared/Store.swift": """
                import SwiftData

                enum Store {
                    static let container = try! ModelContainer(
                        for: Tally.self, Reset.self, configurations: \(configuration))
                }
                """,
            "Tallies.xcodeproj/project.pbxproj": project([
                target("Phone", sdk: nil), target("Glance", sdk: nil, widget: true), target("Desk", sdk: "macosx"),
                target("Wrist", sdk: "watchos"),
            ]),
        ]
        for name in ["Phone", "Glance", "Desk"] { files["\(name).entitlements"] = entitlements(groups: groups) }
        files["Wrist.entitlements"] = entitlements()
        return files
    }

    func testEachDeviceOpensItsOwnStoreInItsOwnGroup() throws {
        for configuration in ["ModelConfiguration(\"Tallies\")", "ModelConfiguration(\"Tallies\", schema: nil)"] {
            let analysis = try analyze(Self.everyDevice(configuration, groups: [Self.group]))
            XCTAssertEqual(
                analysis.topology.stores.map(\.location.key).sorted(),
                [
                    "\(Self.group)/Tallies.store", "macOS:\(Self.group)/Tallies.store", "watchOS:Tallies.store",
                ], configuration)
        }
        // The release adding the group: every device's own file is left behind (the watch's stays). Before it,
        // the phone app and its widget each had a file of their own.
        let before = try analyze(Self.everyDevice("ModelConfiguration(\"Tallies\")", groups: []))
        XCTAssertEqual(
            before.topology.stores.map(\.location.key).sorted(),
            ["Tallies.store", "Tallies.store", "macOS:Tallies.store", "watchOS:Tallies.store"])
        let after = try TestSupport.analyzeOnDisk(
            Self.everyDevice("ModelConfiguration(\"Tallies\")", groups: [Self.group]),
            lockfile: TestSupport.lock(before))
        XCTAssertEqual(found(after, .storeAbandoned).count, 1, "\(after.findings)")
    }
}

/// `cloudKitDatabase: .automatic` written out is what leaving it out is: it syncs only where the target's
/// entitlements name a CloudKit container (field test 15, leaflet-reader). Written inline, as a constant of another
/// type in another file, and as a parameter's default; the controls are entitled to a container, or have no project
/// that says (then it is taken as syncing).
extension EntitlementsTests {
    func testAutomaticWrittenOutSyncsOnlyWhereEntitled() throws {
        let spellings: [(String, [String: String])] = [
            ("ModelConfiguration(cloudKitDatabase: .automatic)", [:]),
            (
                "ModelConfiguration(cloudKitDatabase: Sync.database)",
                ["Notes/Sync.swift": "import SwiftData\n\nenum Sync {\n    static let database: "
                    + "ModelConfiguration.CloudKitDatabase = .automatic\n}\n"]
            ),
            (
                "Sync.configuration()",
                ["Notes/Sync.swift": "import SwiftData\n\nenum Sync {\n    static func configuration(database: "
                    + "ModelConfiguration.CloudKitDatabase = .automatic) -> ModelConfiguration {\n"
                    + "        ModelConfiguration(schema: Schema([Note.self]), cloudKitDatabase: database)\n    }\n}\n"]
            ),
        ]
        let groupOnly = Self.entitlements(groups: [Self.group])
        for (configuration, extra) in spellings {
            let local = try analyze(Self.cloudApp(configuration, entitlements: groupOnly, extra: extra))
            XCTAssertEqual(found(local, .cloudkitIncompatible), [], configuration)
            XCTAssertEqual(local.topology.stores.map(\.syncs), [false], configuration)
            let synced = try analyze(Self.cloudApp(configuration, extra: extra))
            XCTAssertEqual(
                found(synced, .cloudkitIncompatible), ["cloudkit_incompatible Notes/Note.swift:5"], configuration)
            var unprojected = Self.cloudApp(configuration, extra: extra)
            unprojected["Notes.xcodeproj/project.pbxproj"] = nil
            let untold = try analyze(unprojected)
            XCTAssertEqual(
                found(untold, .cloudkitIncompatible), ["cloudkit_incompatible Notes/Note.swift:5"], configuration)
        }
    }
}

/// A target based on the `.xcconfig` CocoaPods generates, not committed (Lexel): that file sets no entitlements, so
/// the target's own `CODE_SIGN_ENTITLEMENTS` (or none) decides. The control is based on a missing file of the app's
/// own, which may set them: untold.
extension EntitlementsTests {
    func testAMissingCocoaPodsConfigurationHidesNoEntitlements() throws {
        // The app names no entitlements file: entitled to nothing, its default store is in its own container.
        func ownContainer(base: String) throws -> [Bool] {
            var app = Target.app(entitlements: nil)
            app.xcconfig = true
            var files = Self.groupApp(app: "ModelConfiguration()", widget: nil, appGroups: nil, widgetGroups: nil)
            files["Tallies.xcodeproj/project.pbxproj"] = Self.project([app])
                .replacingOccurrences(of: "path = Base.xcconfig;", with: "path = \"\(base)\";")
            return try analyze(files).topology.stores.filter { $0.targets == ["Tallies"] }.map(\.inOwnContainer)
        }
        XCTAssertEqual(
            try ownContainer(base: "Pods/Target Support Files/Pods-Tallies/Pods-Tallies.release.xcconfig"), [true])
        XCTAssertEqual(try ownContainer(base: "Config/Tallies.xcconfig"), [false])
    }
}

/// Xcode's watch-app template names its container target as the phone app (bill-mind: three targets `billMind`):
/// each target's entitlements are its own, so the app's App Group still holds its default store, whichever comes
/// first in the project.
extension EntitlementsTests {
    func testATargetOfTheAppsNameKeepsTheAppsEntitlementsApart() throws {
        var container = TestXcodeProject.Target(
            name: "Tallies", folder: "TalliesContainer",
            productType: "com.apple.product-type.application.watchapp2-container")
        container.set("SDKROOT", "iphoneos")
        for before in [false, true] {
            var files = Self.groupApp(app: "ModelConfiguration()", widget: "ModelConfiguration()")
            let app = TestXcodeProject.Target.app(entitlements: "Tallies/Tallies.entitlements")
            let widget = TestXcodeProject.Target.widget(entitlements: "Glance/Glance.entitlements")
            files["Tallies.xcodeproj/project.pbxproj"] = Self.project(
                before ? [container, app, widget] : [app, widget, container])
            let analysis = try analyze(files)
            XCTAssertEqual(analysis.topology.stores.map(\.name), ["\(Self.group)/default.store"], "before: \(before)")
        }
    }
}
