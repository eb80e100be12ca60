import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A helper whose body is one `#if DEBUG ... #else ... #endif` returning a configuration (TakeNote, field test 30:
/// `AppBootstrapper.makeModelConfiguration(debugStoreURL:)`): where the project sets `DEBUG` in no Release
/// configuration, every shipped build takes the `#else`, so the store is what it returns.
final class IfConfigReturnedConfigurationTests: XCTestCase {
    private static let app = """
        import SwiftUI
        import SwiftData
        @Model final class Note { var title: String = ""; init() {} }
        @main
        struct NotesApp: App {
            let container: ModelContainer
            static func debugStoreURL() -> URL { URL.applicationSupportDirectory.appending(path: "Dev/Debug.sqlite") }
            init() {
                container = try! ModelContainer(for: Note.self, configurations: CALL)
            }
            var body: some Scene { WindowGroup { Text("") }.modelContainer(container) }
        }
        """

    private static let helpers: [(String, String)] = [
        (
            """
            enum Bootstrapper {
                static func makeConfiguration(debugStoreURL: @autoclosure () -> URL) -> ModelConfiguration {
                    #if DEBUG
                        return ModelConfiguration(url: debugStoreURL())
                    #else
                        return ModelConfiguration("Notes")
                    #endif
                }
            }
            """,
            "Bootstrapper.makeConfiguration(debugStoreURL: Self.debugStoreURL())"
        ),
        (
            """
            enum Bootstrapper {
                static func makeConfiguration() -> ModelConfiguration {
                    #if !DEBUG
                    ModelConfiguration("Notes")
                    #else
                    ModelConfiguration(isStoredInMemoryOnly: true)
                    #endif
                }
            }
            """,
            "Bootstrapper.makeConfiguration()"
        ),
        (
            """
            func makeConfiguration(named name: String) -> ModelConfiguration {
                #if DEBUG
                return ModelConfiguration(name + "-debug")
                #else
                return ModelConfiguration("Notes")
                #endif
            }
            """,
            "makeConfiguration(named: \"x\")"
        ),
    ]

    private static func files(helper: Int) -> [String: String] {
        var target = TestXcodeProject.Target(name: "Notes")
        target.settings["Debug"] = ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": "DEBUG"]
        return [
            "Notes.xcodeproj/project.pbxproj": TestXcodeProject.text([target]),
            "Notes/NotesApp.swift": app.replacingOccurrences(of: "CALL", with: helpers[helper].1),
            "Notes/Bootstrapper.swift": "import Foundation\nimport SwiftData\n" + helpers[helper].0,
        ]
    }

    func testAReleaseBuildTakesTheElseClause() throws {
        for index in Self.helpers.indices {
            let analysis = try TestSupport.analyzeOnDisk(Self.files(helper: index))
            XCTAssertEqual(analysis.topology.stores.map(\.location.key), ["Notes.store"], "helper \(index)")
            XCTAssertEqual(analysis.untoldStoreNotes, [], "helper \(index)")
        }
    }

    /// Control: a flag the Release configuration sets takes its clause.
    func testAFlagSetForReleaseTakesItsClause() throws {
        var files = Self.files(helper: 1)
        var target = TestXcodeProject.Target(name: "Notes")
        target.set("SWIFT_ACTIVE_COMPILATION_CONDITIONS", "STAGING")
        files["Notes.xcodeproj/project.pbxproj"] = TestXcodeProject.text([target])
        files["Notes/Bootstrapper.swift"] = files["Notes/Bootstrapper.swift"]!
            .replacingOccurrences(of: "#if !DEBUG", with: "#if STAGING")
            .replacingOccurrences(of: "ModelConfiguration(\"Notes\")", with: "ModelConfiguration(\"Staging\")")
        let analysis = try TestSupport.analyzeOnDisk(files)
        XCTAssertEqual(analysis.topology.stores.map(\.location.key), ["Staging.store"])
    }
}
