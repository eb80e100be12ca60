import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A project naming its folder `Merian` over a checkout whose folder is `merian/` builds on a Mac (its volume
/// matches names without regard to case): on Linux CI the files are still the target's, never "compiled by no
/// target" (field test 20: merian lost all 31 app files and its store).
final class FolderCaseTests: XCTestCase {
    func testAFolderNamedInAnotherCaseIsTheTargets() throws {
        let app = """
            import SwiftData
            import SwiftUI

            @Model final class Place { var name: String = ""; init() {} }

            @main struct MerianApp: App {
                var body: some Scene { WindowGroup { Text("") }.modelContainer(for: Place.self) }
            }
            """
        for (folder, written) in [("merian", "Merian"), ("Merian", "merian"), ("Merian", "Merian")] {
            let analysis = try TestSupport.analyzeOnDisk([
                "\(folder)/MerianApp.swift": app,
                "Merian.xcodeproj/project.pbxproj": TestXcodeProject.text([
                    TestXcodeProject.Target(name: "Merian", folder: written)
                ]),
            ])
            XCTAssertEqual(analysis.statistics.notCompiled.values.reduce(0) { $0 + $1.count }, 0, folder)
            XCTAssertEqual(analysis.topology.stores.map(\.targets), [["Merian"]], "\(folder) named \(written)")
        }
    }
}
