import Foundation
import SchemaLintEngine
import XCTest

final class SourceDiscoveryTests: XCTestCase {
    func testWalksOnlyTheGivenTreeAndSkipsBuildAndHiddenFolders() throws {
        let root = try TestSupport.temporaryDirectory()
        let app = root.appendingPathComponent("App")
        let fm = FileManager.default
        for folder in ["Sources", ".build/debug", ".git", "DerivedData/X", "Pods/P", ".hidden", "Odd.swift"] {
            try fm.createDirectory(at: app.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for file in [
            "Sources/A.swift", ".build/debug/B.swift", ".git/C.swift", "DerivedData/X/D.swift", "Pods/P/E.swift",
            ".hidden/F.swift", "Sources/notes.txt",
        ] {
            try Data("struct S {}".utf8).write(to: app.appendingPathComponent(file))
        }
        try Data("struct Outside {}".utf8).write(to: root.appendingPathComponent("Outside.swift"))
        // A symlink loop must not hang the walk.
        try fm.createSymbolicLink(at: app.appendingPathComponent("Sources/loop"), withDestinationURL: app)

        let directoryWithoutSlash = URL(fileURLWithPath: app.path)
        let result = try SourceDiscovery(workingDirectory: directoryWithoutSlash).discover([])
        XCTAssertEqual(result.files.map(\.path), ["Sources/A.swift"])
        XCTAssertThrowsError(try SourceDiscovery(workingDirectory: app).discover(["Missing"]))

        // A named pipe is skipped by the walk and reported, not read (reading it would block forever).
        XCTAssertEqual(mkfifo(app.appendingPathComponent("Sources/Pipe.swift").path, 0o644), 0)
        XCTAssertEqual(try SourceDiscovery(workingDirectory: app).discover([]).files.map(\.path), ["Sources/A.swift"])
        let explicit = try SourceDiscovery(workingDirectory: app).discover(["Sources/Pipe.swift", "Sources/A.swift"])
        XCTAssertEqual(explicit.files.map(\.path), ["Sources/A.swift"])
        XCTAssertEqual(explicit.unreadable.map(\.path), ["Sources/Pipe.swift"])
    }

    /// Files come back in path order whatever the walk meets: a folder whose name starts another entry's (`Foo/` and
    /// `Foo+Sync.swift`: `+` sorts before `/`), a link to a folder, several paths given out of order, one thread or
    /// several.
    func testFilesComeInPathOrderWhereNamesShareAPrefix() throws {
        let root = try TestSupport.temporaryDirectory()
        let fm = FileManager.default
        let files = [
            "Foo/Model.swift", "Foo+Sync.swift", "Foo-Bar/View.swift", "Foo.swift", "Foo0/A.swift", "Fo/Z.swift",
            "Models/Trip+CoreDataClass.swift", "Models/Trip/Trip.swift", "Models/Trip.swift", "Models/Tripé.swift",
        ]
        for file in files {
            let url = root.appendingPathComponent(file)
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("struct S {}".utf8).write(to: url)
        }
        // A link sorts by its own name, then turns out to be a folder: `Bar/X.swift` is found before `Bar+Y.swift`,
        // and the files are sorted after all.
        let outside = try TestSupport.temporaryDirectory().appendingPathComponent("Ext")
        try fm.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("struct X {}".utf8).write(to: outside.appendingPathComponent("X.swift"))
        try fm.createSymbolicLink(at: root.appendingPathComponent("Bar"), withDestinationURL: outside)
        try Data("struct Y {}".utf8).write(to: root.appendingPathComponent("Bar+Y.swift"))
        let expected = (files + ["Bar/X.swift", "Bar+Y.swift"]).sorted()
        XCTAssertEqual(expected.prefix(2), ["Bar+Y.swift", "Bar/X.swift"])
        for threads in [1, 2] {
            let walked = try SourceDiscovery(workingDirectory: root, threads: threads).discover([])
            XCTAssertEqual(walked.files.map(\.path), expected, "threads: \(threads)")
            let given = try SourceDiscovery(workingDirectory: root, threads: threads).discover(["Models", "Foo"])
            XCTAssertEqual(
                given.files.map(\.path),
                ["Foo/Model.swift", "Models/Trip+CoreDataClass.swift", "Models/Trip.swift", "Models/Trip/Trip.swift",
                 "Models/Tripé.swift"])
        }
    }

    func testPathPartsAreFoundOnBytes() {
        XCTAssertEqual(Paths.folderPart("App/Models/Trip.swift"), "App/Models")
        XCTAssertEqual(Paths.folderPart("Trip.swift"), "")
        XCTAssertEqual(Paths.folderPart("/Trip.swift"), "")
        XCTAssertEqual(Paths.fileName("App/Modèles/Été.swift"), "Été.swift")
        XCTAssertEqual(Paths.fileName("Trip.swift"), "Trip.swift")
        XCTAssertEqual(Paths.parent("/Users/é/App"), "/Users/é")
        XCTAssertEqual(Paths.parent("/App"), "/")
        XCTAssertEqual(Paths.parent("App"), "")
        // A bridged string has no contiguous UTF-8 of its own: the same answers.
        let bridged = NSString(string: "App/Modèles/Été.swift") as String
        XCTAssertEqual(Paths.folderPart(bridged), "App/Modèles")
        XCTAssertEqual(Paths.fileName(bridged), "Été.swift")
    }
}
