import Foundation
import XCTest

/// `check --against REF` reads the versions at a git revision from git objects and treats them as locked.
final class AgainstGitTests: XCTestCase {
    @discardableResult
    func git(_ arguments: [String], in directory: URL) throws -> String {
        try TestSupport.git(arguments, in: directory)
    }

    func write(_ root: URL, _ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func version(_ name: String, _ number: Int, _ extra: String = "") -> String {
        """
        enum \(name): VersionedSchema {
            static var versionIdentifier = Schema.Version(\(number), 0, 0)
            static var models: [any PersistentModel.Type] { [Note.self] }
            @Model final class Note {
                var text: String = ""
                \(extra)
                init() {}
            }
        }
        """
    }

    /// A plan that runs a lightweight stage between each two neighbours.
    func plan(_ versions: [String]) -> String {
        let stages = zip(versions, versions.dropFirst()).map {
            ".lightweight(fromVersion: \($0).self, toVersion: \($1).self)"
        }
        let schemas = versions.map { "\($0).self" }.joined(separator: ", ")
        return """
            enum NotesPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [\(schemas)] }
                static var stages: [MigrationStage] { [\(stages.joined(separator: ", "))] }
            }

            """
    }

    func makeRepository() throws -> URL {
        let root = try TestSupport.temporaryDirectory()
        try git(["init", "-q"], in: root)
        try write(root, "App/Schema/SchemaV1.swift", version("SchemaV1", 1))
        try write(root, "App/Schema/SchemaV2.swift", version("SchemaV2", 2, "var pinned: Bool = false"))
        try write(root, "App/Schema/Plan.swift", plan(["SchemaV1", "SchemaV2"]))
        try write(root, "App/Views/List.swift", "struct List {}\n")
        try git(["add", "."], in: root)
        try git(["commit", "-q", "-m", "release 1.1"], in: root)
        try git(["tag", "v1.1"], in: root)
        return root
    }

    func testEditedAndRemovedVersionsSinceTheRevision() throws {
        let root = try makeRepository()
        XCTAssertEqual(try TestSupport.run(["check", "--against", "v1.1"], in: root).status, 0)

        // V1 edited in place, V2 deleted and the plan stepping from V1 to a new V3: with stages running, both fail.
        try write(root, "App/Schema/SchemaV1.swift", version("SchemaV1", 1, "var color: String?"))
        try FileManager.default.removeItem(at: root.appendingPathComponent("App/Schema/SchemaV2.swift"))
        try write(
            root, "App/Schema/SchemaV3.swift", version("SchemaV3", 3, "var pinned: Bool = false; var tag: String?"))
        try write(root, "App/Schema/Plan.swift", plan(["SchemaV1", "SchemaV3"]))
        let result = try TestSupport.run(["check", "--against", "v1.1"], in: root)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.stdout.contains(
                "App/Schema/SchemaV1.swift:6:13: error: SchemaV1 was edited since v1.1 (Note.color added (String?)): "
                    + "stores it wrote no longer open (134504 at launch)"
            ), result.stdout)
        XCTAssertTrue(
            result.stdout.contains(
                "App/Schema/SchemaV2.swift:1:6: error: SchemaV2 existed at v1.1 and is gone: stores it wrote no "
                    + "longer open (134504 at launch)"),
            result.stdout)
        // What changed is said under the finding with --verbose.
        let verbose = try TestSupport.run(["check", "--against", "v1.1", "--verbose"], in: root)
        XCTAssertTrue(
            verbose.stdout.contains("SchemaV1 (1.0.0) now differs from what shipped: Note.color added (String?)"),
            verbose.stdout)

        // From a subfolder, paths stay relative to where schemalint runs.
        let inside = try TestSupport.run(["check", "--against", "v1.1", "."], in: root.appendingPathComponent("App"))
        XCTAssertTrue(inside.stdout.contains("Schema/SchemaV1.swift:6:13: error"), inside.stdout)
    }

    func testMissingRevisionInAShallowCloneSaysToFetchHistory() throws {
        let root = try makeRepository()
        try write(root, "App/Views/Detail.swift", "struct Detail {}\n")
        try git(["add", "."], in: root)
        try git(["commit", "-q", "-m", "more"], in: root)
        let clone = try TestSupport.temporaryDirectory()
        try git(["clone", "-q", "--depth", "1", "file://\(root.path)", "copy"], in: clone)
        let result = try TestSupport.run(["check", "--against", "v1.1"], in: clone.appendingPathComponent("copy"))
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(
            result.stderr.contains("shallow clone") && result.stderr.contains("fetch-depth: 0"), result.stderr)
        let outside = try TestSupport.temporaryDirectory()
        let notGit = try TestSupport.run(["check", "--against", "main"], in: outside)
        XCTAssertEqual(notGit.status, 2)
        XCTAssertTrue(notGit.stderr.contains("needs a git repository"), notGit.stderr)
    }
}
