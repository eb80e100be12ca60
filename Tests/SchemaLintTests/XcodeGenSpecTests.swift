import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// An app whose project XcodeGen generates from `project.yml` (no `.xcodeproj` committed, read-later): its targets'
/// sources, kinds, platforms and entitlements are read from the spec, so a store left at `.automatic` is in the App
/// Group the targets are entitled to, a watch app's is its own, and a test target's container is a test's.
final class XcodeGenSpecTests: XCTestCase {
    static let group = "group.com.example.pins"

    static let models = """
        import SwiftData

        @Model final class Pin {
            var url: String = ""
            init() {}
        }

        @Model final class Folder {
            var name: String = ""
            init() {}
        }
        """

    static let store = """
        import SwiftData

        enum Store {
            static func make(_ models: [any PersistentModel.Type]) -> ModelContainer {
                try! ModelContainer(for: Schema(models), configurations: ModelConfiguration("Pins"))
            }
        }
        """

    /// The spec: the app and its widget compile `Shared` and their own folder; the watch app `Shared` too.
    /// `entitlements` is how the app's entitlements are written (`properties` or a file `path`).
    static func files(entitlements: String, spec extra: String = "") -> [String: String] {
        [
            "Shared/Models.swift": models,
            "Shared/Store.swift": store,
            "Pins/PinsApp.swift": "import SwiftData\n\nlet app = Store.make([Pin.self, Folder.self])\n",
            "Widget/Timeline.swift": "import SwiftData\n\nlet widget = Store.make([Pin.self])\n",
            "Watch/WatchApp.swift": "import SwiftData\n\nlet watch = Store.make([Pin.self])\n",
            "PinsTests/StoreTests.swift": "import SwiftData\n\nlet scratch = Store.make([Pin.self, Folder.self])\n",
            "Pins/Pins.entitlements": plist([group]),
            "project.yml": """
                name: Pins
                targets:
                  Pins:
                    type: application
                    platform: iOS
                    sources: [Pins, Shared]
                \(entitlements)
                  PinsWidget:
                    type: app-extension
                    platform: iOS
                    sources:
                      - path: Widget
                      - path: Shared
                    entitlements:
                      path: Widget/Widget.entitlements
                      properties:
                        com.apple.security.application-groups: [\(group)]
                  PinsWatch:
                    type: application
                    platform: watchOS
                    sources: [Watch, Shared]
                  PinsTests:
                    type: bundle.unit-test
                    platform: iOS
                    sources: [PinsTests]
                    dependencies:
                      - target: Pins
                \(extra)
                """,
        ]
    }

    static func plist(_ groups: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>com.apple.security.application-groups</key>
        \t<array>\(groups.map { "<string>\($0)</string>" }.joined())</array>
        </dict>
        </plist>
        """
    }

    static let entitlementSpellings = [
        "    entitlements:\n      properties:\n        com.apple.security.application-groups:\n          - \(group)",
        "    entitlements:\n      path: Pins/Pins.entitlements",
        "    settings:\n      base:\n        CODE_SIGN_ENTITLEMENTS: Pins/Pins.entitlements",
    ]

    func testTheSpecsTargetsPlaceTheStores() throws {
        for spelling in Self.entitlementSpellings {
            let analysis = try TestSupport.analyzeOnDisk(Self.files(entitlements: spelling))
            XCTAssertEqual(
                analysis.topology.stores.map(\.location.key).sorted(),
                ["\(Self.group)/Pins.store", "watchOS:Pins.store"], spelling)
            // The widget opens the group's store with one model of two; the watch's own store drops nothing.
            XCTAssertEqual(
                TestSupport.summary(analysis.findings.filter { $0.rule == .storeOpenedWithDifferentModels }),
                ["store_opened_with_different_models Shared/Store.swift:5"], spelling)
        }
    }

    /// Entitlements named per configuration (`settings.configs`, hauptgang, field test 33 A-D1): the release
    /// configuration's file decides, as users run the release build.
    func testReleaseConfigurationEntitlementsPlaceTheStore() throws {
        let spellings = [
            "    settings:\n      configs:\n        Debug:\n          CODE_SIGN_ENTITLEMENTS: Pins/Pins.entitlements\n"
                + "        Release:\n          CODE_SIGN_ENTITLEMENTS: Pins/Pins.Release.entitlements",
            "    settings:\n      base:\n        PRODUCT_BUNDLE_IDENTIFIER: com.example.pins\n      configs:\n"
                + "        release:\n          CODE_SIGN_ENTITLEMENTS: Pins/Pins.Release.entitlements",
            "    settings:\n      configs:\n        Staging:\n"
                + "          CODE_SIGN_ENTITLEMENTS: Pins/Pins.entitlements\n"
                + "        Production:\n          CODE_SIGN_ENTITLEMENTS: Pins/Pins.Release.entitlements",
        ]
        for spelling in spellings {
            var files = Self.files(entitlements: spelling)
            files["Pins/Pins.Release.entitlements"] = Self.plist([Self.group])
            let analysis = try TestSupport.analyzeOnDisk(files)
            XCTAssertEqual(
                analysis.topology.stores.map(\.location.key).sorted(),
                ["\(Self.group)/Pins.store", "watchOS:Pins.store"], spelling)
        }
        // Controls: the release file names no group, so the app's store is its own, apart from the widget's; and
        // two configurations that differ with no release one among them leave the group untold.
        var own = Self.files(entitlements: spellings[0])
        own["Pins/Pins.Release.entitlements"] = Self.plist([])
        XCTAssertEqual(
            try TestSupport.analyzeOnDisk(own).topology.stores.map(\.location.key).sorted(),
            ["Pins.store", "\(Self.group)/Pins.store", "watchOS:Pins.store"])
        var differing = Self.files(entitlements: spellings[2])
        differing["Pins/Pins.Release.entitlements"] = Self.plist([])
        XCTAssertEqual(
            try TestSupport.analyzeOnDisk(differing).topology.stores.map(\.location.key).sorted(),
            ["`the App Group of Pins`/Pins.store", "\(Self.group)/Pins.store", "watchOS:Pins.store"])
    }

    /// Controls: a spec beside the project it generated is not read (the project says it); a spec that is not
    /// YAML is named and nothing is concluded from it.
    func testACommittedProjectWinsAndABrokenSpecIsSaid() throws {
        var broken = Self.files(entitlements: Self.entitlementSpellings[0])
        broken["project.yml"] = "targets: [unclosed\n"
        let root = try TestSupport.writeTree(broken)
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try TestSupport.run(["check", "--verbose"], in: root)
        XCTAssertTrue(
            (run.stdout + run.stderr).contains("project.yml is not an XcodeGen spec schemalint can read"),
            run.stdout + run.stderr)
        XCTAssertNotEqual(run.status, 2, run.stderr)
        var generated = Self.files(entitlements: Self.entitlementSpellings[0])
        generated["Pins.xcodeproj/project.pbxproj"] = TestXcodeProject.text([TestXcodeProject.Target(name: "Pins")])
        let analysis = try TestSupport.analyzeOnDisk(generated)
        XCTAssertFalse(
            analysis.topology.stores.contains { $0.location.key.hasPrefix(Self.group) },
            "\(analysis.topology.stores.map(\.location.key))")
    }
}
