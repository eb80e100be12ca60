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
}
