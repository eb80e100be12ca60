import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A Core Data stack compiled into an iOS app and its watch app opens one file on each device: two stores, the
/// watch's keyed by its device, as SwiftData's are (nurture-fox, field test 33 A-D2). An iOS app and its widget
/// stay one stack; a lockfile taken before the split still matches the phone's file.
final class CoreDataStackPerDeviceTests: XCTestCase {
    private typealias Target = TestXcodeProject.Target

    private static let stack = """
        import CoreData

        final class Stack {
            static let shared = Stack()
            let container: NSPersistentContainer
            private init() {
                container = NSPersistentContainer(name: "Model")
                container.loadPersistentStores { _, _ in }
            }
        }
        """

    private static func app(project: (path: String, text: String)) -> [String: String] {
        [
            "Shared/Stack.swift": stack,
            "Shared/Model.xcdatamodeld/Model.xcdatamodel/contents":
                CoreDataModelText.oneEntity("Feed", attribute: "day"),
            "Phone/PhoneApp.swift": "import SwiftUI\n\n@main struct PhoneApp: App { let stack = Stack.shared }\n",
            "Watch/WatchApp.swift": "import SwiftUI\n\n@main struct WatchApp: App { let stack = Stack.shared }\n",
            project.path: project.text,
        ]
    }

    private static func xcodeGen(second: String) -> (String, String) {
        (
            "project.yml",
            """
            name: Feeds
            targets:
              Phone:
                type: application
                platform: iOS
                sources: [Phone, Shared]
              Watch:
                type: \(second == "watchOS" ? "application" : "app-extension")
                platform: \(second)
                sources: [Watch, Shared]
            """
        )
    }

    /// The phone's and the watch's file, from a project file (each target's `SDKROOT`) and from an XcodeGen spec.
    func testAStackOnThePhoneAndTheWatchOpensAFileOnEach() throws {
        // Each target compiles the shared folder (its own folder's `@main` is left out of the project file's app).
        var watch = Target(name: "Watch", folder: "Shared")
        watch.set("SDKROOT", "watchos")
        let project = TestXcodeProject.text([Target(name: "Phone", folder: "Shared"), watch])
        let spellings: [(String, (String, String))] = [
            ("an XcodeGen spec", Self.xcodeGen(second: "watchOS")),
            ("a project file", ("Feeds.xcodeproj/project.pbxproj", project)),
        ]
        for (name, project) in spellings {
            let analysis = try TestSupport.analyzeOnDisk(Self.app(project: project))
            XCTAssertEqual(
                analysis.topology.coreData.stores.compactMap(\.key),
                ["file:⟨Application Support⟩/Model.sqlite", "watchOS:file:⟨Application Support⟩/Model.sqlite"], name)
        }
    }

    /// Control: the iOS app and its widget run on one device: one stack, one file.
    func testAStackOnThePhoneAndItsWidgetIsOne() throws {
        let analysis = try TestSupport.analyzeOnDisk(Self.app(project: Self.xcodeGen(second: "iOS")))
        XCTAssertEqual(analysis.topology.coreData.stores.compactMap(\.key), ["file:⟨Application Support⟩/Model.sqlite"])
    }

    /// A lockfile taken when the stack was one store (no device told apart) still matches: nothing left behind.
    func testALockfileOfThePhonesFileStillMatches() throws {
        let files = Self.app(project: Self.xcodeGen(second: "watchOS"))
        var unsplit = files
        unsplit["project.yml"] = nil
        let lockfile = TestSupport.lock(try TestSupport.analyzeOnDisk(unsplit))
        let findings = try TestSupport.analyzeOnDisk(files, lockfile: lockfile).findings
        XCTAssertEqual(TestSupport.summary(findings.filter { $0.severity != .note }), [])
    }
}
