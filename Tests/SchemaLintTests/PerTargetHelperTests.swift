import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// Two targets may each declare a helper of one name (LifeFlow's app and widget each add `extension URL { static func
/// storeURL(for:) }`, returning different files): a name is found among the files of the target its own file is
/// compiled in, so each container opens its own target's file. The app's helper may sit in a file with no SwiftData
/// word, which pass 2 then reads. The control declares the helper in the app's target alone, read from both.
final class PerTargetHelperTests: XCTestCase {
    private static let models = """
        import SwiftData

        @Model final class Entry {
            var title: String = ""
            init() {}
        }
        """

    /// The app's container and the widget's, each opening `URL.storeURL()` (or what `use` writes).
    private static func files(app: String, widget: String, use: String) -> [String: String] {
        [
            "Journal.xcodeproj/project.pbxproj": TestXcodeProject.text([
                TestXcodeProject.Target(name: "Journal"),
                TestXcodeProject.Target(name: "JournalWidget", productType: "com.apple.product-type.app-extension"),
            ]),
            "Journal/Models.swift": models,
            "Journal/JournalApp.swift": """
                import SwiftData
                import SwiftUI

                @main struct JournalApp: App {
                    let container = try! ModelContainer(
                        for: Entry.self, configurations: ModelConfiguration(url: \(use)))
                    var body: some Scene { WindowGroup { Text("Journal") }.modelContainer(container) }
                }
                """,
            "Journal/Helper.swift": app,
            "JournalWidget/Models.swift": models,
            "JournalWidget/Provider.swift": """
                import SwiftData

                struct Provider {
                    let container = try! ModelContainer(
                        for: Entry.self, configurations: ModelConfiguration(url: \(use)))
                }
                """
                + "\n" + widget,
        ]
    }

    private static func helper(_ shape: String, file: String) -> (code: String, use: String) {
        switch shape {
        case "extension URL":
            return (
                """
                import Foundation

                extension URL {
                    static func storeURL(for name: String) -> URL {
                        URL.applicationSupportDirectory.appending(path: "\(file)")
                    }
                }
                """, "URL.storeURL(for: \"x\")"
            )
        case "global function":
            return (
                """
                import Foundation

                func storeLocation() -> URL {
                    let folder = URL.applicationSupportDirectory
                    return folder.appendingPathComponent("\(file)")
                }
                """, "storeLocation()"
            )
        default:
            return (
                """
                import Foundation

                enum Paths {
                    static let store = URL.documentsDirectory.appending(path: "\(file)")
                }
                """, "Paths.store"
            )
        }
    }

    func testEachTargetsOwnHelperIsRead() throws {
        for shape in ["extension URL", "global function", "a type of one name in each target"] {
            let (app, use) = Self.helper(shape, file: "Journal.sqlite")
            let (widget, _) = Self.helper(shape, file: "Widget.sqlite")
            let analysis = try TestSupport.analyzeOnDisk(Self.files(app: app, widget: widget, use: use))
            let stores = analysis.topology.stores.map(\.name).sorted()
            let base = shape.hasPrefix("a type") ? "Documents" : "Application Support"
            XCTAssertEqual(stores, ["the store at \(base)/Journal.sqlite", "the store at \(base)/Widget.sqlite"], shape)
            XCTAssertEqual(
                TestSupport.summary(analysis.findings).filter { !$0.hasPrefix("lockfile_missing") }, [], shape)
        }
    }

    /// Control: a helper the app's target alone declares, used by a file both targets compile, is read for both.
    func testAHelperOneTargetDeclaresIsStillRead() throws {
        let (app, use) = Self.helper("extension URL", file: "Journal.sqlite")
        var files = Self.files(app: app, widget: "", use: use)
        files["JournalWidget/Provider.swift"] = nil
        let analysis = try TestSupport.analyzeOnDisk(files)
        XCTAssertEqual(analysis.topology.stores.map(\.name), ["the store at Application Support/Journal.sqlite"])
    }

    /// An extension's store whose folder cannot be told is said, as an app's is: whether it is the app's store is not
    /// checked. The control reads the folder and says nothing.
    func testAnExtensionsUntoldStoreIsSaid() throws {
        let (app, use) = Self.helper("extension URL", file: "Journal.sqlite")
        let unread = app.replacingOccurrences(of: "URL.applicationSupportDirectory", with: "Settings.shared.folder")
            .replacingOccurrences(of: "Journal.sqlite", with: "Widget.sqlite")
        let analysis = try TestSupport.analyzeOnDisk(Self.files(app: app, widget: unread, use: use))
        XCTAssertEqual(analysis.untoldStoreNotes.count, 1, "\(analysis.untoldStoreNotes)")
        XCTAssertTrue(
            analysis.untoldStoreNotes.first?.hasPrefix("JournalWidget/Provider.swift:") == true
                && analysis.untoldStoreNotes.first?.hasSuffix("nor whether it is a store the app opens") == true,
            "\(analysis.untoldStoreNotes)")
        let (widget, _) = Self.helper("extension URL", file: "Widget.sqlite")
        let read = try TestSupport.analyzeOnDisk(Self.files(app: app, widget: widget, use: use))
        XCTAssertEqual(read.untoldStoreNotes, [])
    }

    /// An iPad app and a Mac app, each in a project of its own and both called `Notes`, linking one package that opens
    /// the container: two targets, told apart by the device, the same on every run (the projects used to be read in
    /// an order that changed from run to run, and with it which device the store was on).
    func testTwoProjectsTargetsOfOneNameAreTwoTargetsOnEveryRun() throws {
        var pad = TestXcodeProject.Target(name: "Notes")
        pad.packageProducts = ["NotesKit"]
        var mac = TestXcodeProject.Target(name: "Notes")
        mac.packageProducts = ["NotesKit"]
        mac.set("SDKROOT", "macosx")
        let app = """
            import SwiftUI
            import NotesKit

            @main struct NotesApp: App {
                var body: some Scene { WindowGroup { Text("Notes") }.modelContainer(NotesStore.container) }
            }
            """
        let files = [
            "iPad/Notes.xcodeproj/project.pbxproj": TestXcodeProject.text([pad]),
            "iPad/Notes/NotesApp.swift": app,
            "Mac/Notes.xcodeproj/project.pbxproj": TestXcodeProject.text([mac]),
            "Mac/Notes/NotesApp.swift": app,
            "NotesKit/Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(
                    name: "NotesKit",
                    products: [.library(name: "NotesKit", targets: ["NotesKit"])],
                    targets: [.target(name: "NotesKit")]
                )
                """,
            "NotesKit/Sources/NotesKit/Models.swift": Self.models,
            "NotesKit/Sources/NotesKit/NotesStore.swift": """
                import SwiftData

                public enum NotesStore {
                    public static let container = try! ModelContainer(for: Entry.self)
                }
                """,
        ]
        for _ in 0..<3 {
            let analysis = try TestSupport.analyzeOnDisk(files)
            // Each device has its own `default.store`: one store per device, never the iPad's file on the Mac.
            XCTAssertEqual(
                analysis.topology.stores.map(\.name),
                ["default.store (Notes)", "default.store (on macOS) (Notes (macOS))"])
        }
    }
}
