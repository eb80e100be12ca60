import Foundation
import SchemaLintModel
import XCTest

@testable import SchemaLintEngine

/// In an app whose files hold none of SwiftData's words, the Core Data stack files are asked about the project too: a
/// stack in a file no target compiles never runs, so it opens no store (SoundFonts kept a framework's `Core Data`
/// folder in its project, compiled by no target, and its stack was counted as the app's store). Through
/// `Workspace.apps`, as `check` runs, where the project is read for the bundles and the stack files alone.
final class UncompiledStackFileTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try TestSupport.copy(ofFixture: "CoreData/Apps/Journal")
        // The app target compiles the `Journal` folder alone.
        try write("Journal.xcodeproj/project.pbxproj", TestXcodeProject.text([.init(name: "Journal")]))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func write(_ path: String, _ text: String) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    private static let archive = """
        import CoreData

        final class Archive {
            static let shared = Archive()
            let container = NSPersistentContainer(name: "Journal")
            init() {
                let folder = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
                container.persistentStoreDescriptions = [
                    NSPersistentStoreDescription(url: folder.appendingPathComponent("Archive.sqlite"))
                ]
                container.loadPersistentStores { _, _ in }
            }
        }
        """

    /// The store files the app's stacks open, and the files left out as compiled by no target.
    private func stores() throws -> (files: [String], leftOut: [String]) {
        let discovered = try SourceDiscovery(workingDirectory: folder).discover([])
        let request = Workspace.Request(discovered: discovered, workingDirectory: folder.path)
        let unit = try XCTUnwrap(try Workspace.apps(request).first)
        let analysis = unit.analyzer(threads: 2).analyze(files: unit.files, lockfile: nil)
        return (
            analysis.project.coreDataStores.compactMap(\.file).sorted(),
            analysis.statistics.notCompiled.values.flatMap { $0 }.sorted()
        )
    }

    func testAStackInAFileNoTargetCompilesOpensNothing() throws {
        for path in ["Legacy/Archive.swift", "Old Code/Stacks/Archive.swift"] {
            try write(path, Self.archive)
            let found = try stores()
            XCTAssertEqual(found.files, ["Journal.sqlite"], path)
            XCTAssertEqual(found.leftOut, [path], path)
            try FileManager.default.removeItem(at: folder.appendingPathComponent(path))
        }
    }

    /// Control: the same stack in the target's folder opens its file.
    func testTheSameStackInTheTargetsFolderOpensItsFile() throws {
        try write("Journal/Archive.swift", Self.archive)
        let found = try stores()
        XCTAssertEqual(found.files, ["Archive.sqlite", "Journal.sqlite"])
        XCTAssertEqual(found.leftOut, [])
    }
}
