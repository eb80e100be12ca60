import Foundation
import XCTest

@testable import SchemaLintEngine
@testable import SchemaLintFacts

/// When no Swift file holds SwiftData's words, only the model bundles' membership matters: a project file that is
/// not the nearest one of a bundle is read only when its bytes can list the bundle (`ProjectFileMentions`).
final class ProjectReadingScopeTests: XCTestCase {
    func testMentionsAreToldFromTheBytes() {
        let names: Set<String> = ["Model.xcdatamodeld"]
        let listing = Array("B1 = {isa = XCVersionGroup; path = ../Shared/Model.xcdatamodeld; };".utf8)
        XCTAssertTrue(ProjectFileMentions.mayList(names, in: listing))
        XCTAssertFalse(ProjectFileMentions.mayList(names, in: Array("path = Model.xcdatamodel;".utf8)))
        XCTAssertFalse(ProjectFileMentions.mayList(names, in: []))
        // Synchronized folders list files by folder; names Xcode would escape cannot be looked for.
        XCTAssertTrue(ProjectFileMentions.mayList(names, in: Array("isa = PBXFileSystemSynchronizedRootGroup;".utf8)))
        XCTAssertTrue(ProjectFileMentions.mayList(["Modèle.xcdatamodeld"], in: []))
        XCTAssertTrue(ProjectFileMentions.mayList(["A\"B.xcdatamodeld"], in: []))
    }

    /// `normalise` returns a normalised path unchanged without splitting it.
    func testNormalisedPathsAreRecognised() {
        let paths = [
            "/", "/a", "/a/b.swift", "/a/.hidden/b", "/a/..b/c", "/a/b..", "/a/...", "a", "/a/", "/a//b", "/a/./b",
            "/a/../b", "/.", "/..", "/a/.", "/a/..", "//", "", "./a", "/a/b/", "/é/ü.swift",
        ]
        for path in paths {
            XCTAssertEqual(
                SourceDiscovery.isNormalised(path), SourceDiscovery.normalise(path) == path && path.hasPrefix("/"),
                path)
        }
    }

    func testABundleAnotherFoldersProjectCompilesIsCompiled() throws {
        let root = try TestSupport.temporaryDirectory()
        let manager = FileManager.default
        let classic = try String(
            contentsOf: TestSupport.fixture("Projects/Classic/Garden.xcodeproj/project.pbxproj"), encoding: .utf8)
        for folder in ["App/App.xcodeproj", "Shared/Shared.xcodeproj", "Other/Other.xcodeproj"] {
            try manager.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try manager.copyItem(
            at: TestSupport.fixture("CoreData/Apps/Journal/Journal/Journal.xcdatamodeld"),
            to: root.appendingPathComponent("Shared/Journal.xcdatamodeld"))
        // The app's project compiles the bundle from the folder beside it; the bundle's own folder has a project that
        // does not, and a third project is damaged. No Swift file holds SwiftData's words.
        let app = TestSupport.compilingModelBundle(
            classic, reference: "path = ../Shared/Journal.xcdatamodeld; sourceTree = SOURCE_ROOT", inGroup: false)
        XCTAssertNotEqual(app, classic)
        let write = { (text: String, path: String) in
            try text.write(to: root.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }
        try write(app, "App/App.xcodeproj/project.pbxproj")
        try write(classic, "Shared/Shared.xcodeproj/project.pbxproj")
        try write("// !$*UTF8*$!\n{ objects = {", "Other/Other.xcodeproj/project.pbxproj")
        for folder in ["App", "Other"] {
            try write("struct Launch { let title = \"Journal\" }\n", "\(folder)/Launch.swift")
        }
        // The damaged project cannot list the bundle: it is not read, so not named.
        try assertLocksTheBundle(in: root, withoutNaming: "Other.xcodeproj")
        let check = try TestSupport.run(["check"], in: root)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
    }

    /// A package builds only what is under its folder: one above no bundle is not parsed when only bundles are
    /// decided, while the package holding a bundle still decides it.
    func testOnlyPackagesAboveABundleAreRead() throws {
        let root = try TestSupport.temporaryDirectory()
        let manager = FileManager.default
        try manager.createDirectory(
            at: root.appendingPathComponent("Kit/Sources/Kit"), withIntermediateDirectories: true)
        try manager.createDirectory(at: root.appendingPathComponent("Tools"), withIntermediateDirectories: true)
        try manager.copyItem(
            at: TestSupport.fixture("CoreData/Apps/Journal/Journal/Journal.xcdatamodeld"),
            to: root.appendingPathComponent("Kit/Sources/Kit/Journal.xcdatamodeld"))
        let write = { (text: String, path: String) in
            try text.write(to: root.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }
        try write(
            """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "Kit", targets: [.target(name: "Kit", resources: [.process("Journal.xcdatamodeld")])])
            """, "Kit/Package.swift")
        try write("struct Entry { let title: String }\n", "Kit/Sources/Kit/Entry.swift")
        // Targets computed in code: a manifest schemalint cannot read with certainty, and above no bundle.
        try write(
            """
            // swift-tools-version:5.9
            import PackageDescription
            let names = ["A", "B"]
            let package = Package(name: "Tools", targets: names.map { .executableTarget(name: $0) })
            """, "Tools/Package.swift")
        try write("struct Tool { let name = \"lint\" }\n", "Tools/Tool.swift")
        try assertLocksTheBundle(in: root, withoutNaming: "Tools/Package.swift")
        // With SwiftData's words in a file, every file's membership matters again: the manifest is read and named.
        try write("import SwiftData\n@Model final class Tool { var name = \"\" }\n", "Tools/Tool.swift")
        let check = try TestSupport.run(["check"], in: root)
        XCTAssertTrue(check.stderr.contains("Tools/Package.swift cannot be read with certainty"), check.stderr)
    }

    /// `lock` in `root` records the Journal bundle as compiled, and stderr names nothing matching `unread`.
    private func assertLocksTheBundle(in root: URL, withoutNaming unread: String) throws {
        let lock = try TestSupport.run(["lock"], in: root)
        XCTAssertEqual(lock.status, 0, lock.stdout + lock.stderr)
        XCTAssertTrue(lock.stdout.contains("locked Journal.xcdatamodeld/Journal 2"), lock.stdout)
        XCTAssertFalse(lock.stdout.contains("no target compiles"), lock.stdout)
        XCTAssertFalse(lock.stderr.contains(unread), lock.stderr)
    }
}
