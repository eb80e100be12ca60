import Foundation
import SchemaLintEngine
import XCTest

/// The gate in the repository layouts people really have: an app in a subfolder with its lockfile beside it, two
/// apps in one repository, no lockfile yet. Runs the built binary, from the folders pre-commit and CI run it in.
final class AppDiscoveryTests: XCTestCase {
    /// A repository (`.git` at its root) with an app in `folder`: one version, one plan.
    func makeRepository(apps folders: [String]) throws -> URL {
        let repository = try TestSupport.temporaryDirectory()
        try makeFolder(repository.appendingPathComponent(".git"))
        for folder in folders { try writeApp(in: repository.appendingPathComponent(folder), notes: false) }
        return repository
    }

    func makeFolder(_ url: URL) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

    /// The app's shipped version; `notes: true` is the in-place edit that must fail the gate.
    func writeApp(in app: URL, notes: Bool) throws {
        try makeFolder(app.appendingPathComponent("Schema"))
        try Data(
            """
            import Foundation
            import SwiftData

            enum SchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Trip.self] }

                @Model final class Trip {
                    var name: String = ""
                    var price: Decimal = 0
            \(notes ? "        var notes: String?\n" : "")        init() {}
                }
            }

            enum TripsMigrationPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [SchemaV1.self] }
                static var stages: [MigrationStage] { [] }
            }
            """.utf8
        ).write(to: app.appendingPathComponent("Schema/SchemaV1.swift"))
    }

    func testAnEditToAShippedVersionFailsFromTheRootTheAppFolderAndWithAPath() throws {
        let repository = try makeRepository(apps: ["ios"])
        // The app's first lock, run in its folder, puts the lockfile there; from then on every folder finds it.
        let lock = try TestSupport.run(["lock"], in: repository.appendingPathComponent("ios"))
        XCTAssertEqual(lock.status, 0, lock.stderr)
        XCTAssertTrue(exists(repository.appendingPathComponent("ios/schemalint.lock")))
        // `lock` again from the root finds the same lockfile and writes nothing new.
        let again = try TestSupport.run(["lock"], in: repository)
        XCTAssertTrue(again.stdout.contains("ios/schemalint.lock is up to date"), again.stdout)
        XCTAssertFalse(exists(repository.appendingPathComponent("schemalint.lock")))

        try writeApp(in: repository.appendingPathComponent("ios"), notes: true)
        for (arguments, folder, file) in [
            (["check"], ".", "ios/Schema/SchemaV1.swift"),
            (["check", "ios"], ".", "ios/Schema/SchemaV1.swift"),
            (["check"], "ios", "Schema/SchemaV1.swift"),
            (["check"], "ios/Schema", "SchemaV1.swift"),
        ] {
            let check = try TestSupport.run(arguments, in: repository.appendingPathComponent(folder))
            XCTAssertEqual(check.status, 1, "\(arguments) in \(folder): \(check.stdout)\(check.stderr)")
            XCTAssertTrue(check.stdout.hasPrefix("\(file):11:"), "\(arguments) in \(folder): \(check.stdout)")
            XCTAssertTrue(check.stdout.contains("SchemaV1 was edited after it shipped"), check.stdout)
            XCTAssertTrue(check.stdout.contains("[shipped_schema_edited]"), check.stdout)
            XCTAssertTrue(check.stderr.contains("lockfile "), "the summary names the lockfile: \(check.stderr)")
        }
    }

    func testTwoAppsEachCheckedAgainstTheirOwnLockfileAndConfiguration() throws {
        let repository = try makeRepository(apps: ["Recipes", "Workouts"])
        // Recipes excludes a folder of old code; its globs are relative to its own configuration file.
        try Data("excluded: [Legacy]\n".utf8).write(to: repository.appendingPathComponent("Recipes/.schemalint.yml"))
        try makeFolder(repository.appendingPathComponent("Recipes/Legacy"))
        try Data("import SwiftData\nenum Broken: VersionedSchema {\n".utf8)
            .write(to: repository.appendingPathComponent("Recipes/Legacy/Old.swift"))
        try Data("strict: false\n".utf8).write(to: repository.appendingPathComponent("Workouts/.schemalint.yml"))

        let lock = try TestSupport.run(["lock"], in: repository)
        XCTAssertEqual(lock.status, 0, lock.stderr)
        for app in ["Recipes", "Workouts"] {
            XCTAssertTrue(exists(repository.appendingPathComponent("\(app)/schemalint.lock")), "\(app): \(lock.stdout)")
        }
        let clean = try TestSupport.run(["check"], in: repository)
        XCTAssertEqual(clean.status, 0, clean.stdout + clean.stderr)
        XCTAssertEqual(clean.stdout, "", "Recipes/Legacy is excluded by Recipes' own configuration")
        XCTAssertTrue(clean.stderr.contains("lockfile Recipes/schemalint.lock, Workouts/schemalint.lock"), clean.stderr)
        XCTAssertTrue(
            clean.stderr.contains("configuration Recipes/.schemalint.yml, Workouts/.schemalint.yml"),
            clean.stderr)

        try writeApp(in: repository.appendingPathComponent("Workouts"), notes: true)
        let check = try TestSupport.run(["check", "--reporter", "json"], in: repository)
        XCTAssertEqual(check.status, 1, check.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
        let findings = try XCTUnwrap(object["findings"] as? [[String: Any]])
        XCTAssertEqual(
            findings.map { "\($0["rule"]!) \($0["file"]!)" },
            ["shipped_schema_edited Workouts/Schema/SchemaV1.swift"])
        let summary = try XCTUnwrap(object["summary"] as? [String: Any])
        XCTAssertEqual(summary["lockfiles"] as? [String], ["Recipes/schemalint.lock", "Workouts/schemalint.lock"])
    }

    func testWithoutALockfileEachAppIsWarnedOnce() throws {
        let repository = try makeRepository(apps: ["Recipes", "Workouts"])
        for app in ["Recipes", "Workouts"] {
            try Data("".utf8).write(to: repository.appendingPathComponent("\(app)/.schemalint.yml"))
        }
        let check = try TestSupport.run(["check"], in: repository)
        XCTAssertEqual(check.status, 0, check.stderr)
        let lines = check.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 4, check.stdout)
        XCTAssertTrue(
            lines[0].hasPrefix("Recipes/Schema/SchemaV1.swift:15:6: warning: TripsMigrationPlan has no lockfile"),
            check.stdout)
        XCTAssertTrue(lines[1].hasSuffix("commit Recipes/schemalint.lock"), check.stdout)
        XCTAssertTrue(lines[2].hasPrefix("Workouts/Schema/SchemaV1.swift:15:6: warning:"), check.stdout)
        XCTAssertTrue([lines[0], lines[2]].allSatisfy { $0.hasSuffix("[lockfile_missing]") }, check.stdout)
        XCTAssertTrue(
            check.stderr.contains("no lockfile at Recipes/schemalint.lock, Workouts/schemalint.lock"),
            check.stderr)
        XCTAssertEqual(try TestSupport.run(["check", "--strict"], in: repository).status, 1)

        let recipesConfiguration = repository.appendingPathComponent("Recipes/.schemalint.yml")
        try Data("require_lockfile: true\n".utf8).write(to: recipesConfiguration)
        let required = try TestSupport.run(["check"], in: repository)
        XCTAssertEqual(required.status, 1)
        XCTAssertTrue(required.stdout.contains("Recipes/Schema/SchemaV1.swift:15:6: error:"), required.stdout)
        XCTAssertTrue(required.stdout.contains("Workouts/Schema/SchemaV1.swift:15:6: warning:"), required.stdout)
    }

    func testCIReportersPointAtFilesRelativeToTheWorkingDirectory() throws {
        let repository = try makeRepository(apps: ["ios"])
        XCTAssertEqual(try TestSupport.run(["lock"], in: repository.appendingPathComponent("ios")).status, 0)
        try writeApp(in: repository.appendingPathComponent("ios"), notes: true)
        let github = try TestSupport.run(["check", "ios", "--reporter", "github"], in: repository)
        XCTAssertTrue(github.stdout.hasPrefix("::error file=ios/Schema/SchemaV1.swift,line=11"), github.stdout)
        let sarif = try TestSupport.run(["check", "--reporter", "sarif"], in: repository)
        XCTAssertTrue(
            sarif.stdout.contains("\"uri\" : \"ios/Schema/SchemaV1.swift\"")
                || sarif.stdout.contains("\"uri\": \"ios/Schema/SchemaV1.swift\""),
            String(sarif.stdout.prefix(300)))
        let junit = try TestSupport.run(["check", "ios", "--reporter", "junit"], in: repository)
        XCTAssertTrue(junit.stdout.contains("ios/Schema/SchemaV1.swift:11"), junit.stdout)
        let ios = repository.appendingPathComponent("ios")
        let inside = try TestSupport.run(["check", "--reporter", "github"], in: ios)
        XCTAssertTrue(inside.stdout.hasPrefix("::error file=Schema/SchemaV1.swift,line=11"), inside.stdout)
    }

    func testStoreGlobsTakeBracketClasses() throws {
        let folder = try TestSupport.temporaryDirectory()
        try makeFolder(folder.appendingPathComponent("Fixtures"))
        for name in ["v1.store", "v2.store", "v3.store", "v1.store-wal"] {
            try Data().write(to: folder.appendingPathComponent("Fixtures/\(name)"))
        }
        let found = try StoreFixtures.locate(["Fixtures/v[12].store"], base: folder.path)
        XCTAssertEqual(found.map { ($0 as NSString).lastPathComponent }, ["v1.store", "v2.store"])
        let others = try StoreFixtures.locate(["Fixtures/v[!1-2].store"], base: folder.path)
        XCTAssertEqual(others.map { ($0 as NSString).lastPathComponent }, ["v3.store"])
        let filter = PathFilter(included: [], excluded: ["Sources/[Ll]egacy", "**/*[0-9].swift"], base: "/app")
        XCTAssertFalse(filter.allowsFile("/app/Sources/legacy/Old.swift"))
        XCTAssertFalse(filter.allowsFile("/app/Sources/Model/SchemaV2.swift"))
        XCTAssertTrue(filter.allowsFile("/app/Sources/Model/Schema.swift"))
        let unclosed = PathFilter(included: ["[a"], excluded: [], base: "/app")
        XCTAssertTrue(unclosed.allowsFile("/app/[a"), "an unclosed [ is literal")
    }

    /// The walk tells each folder's app on its way down (`SourceDiscovery.FolderApp`): the same answers as walking up
    /// from every file, in a repository with two apps, a nested app, a submodule (`.git` below the marker) and a
    /// marker above the folder the walk starts in.
    func testTheWalksAppOfEachFolderIsTheOneFoundWalkingUp() throws {
        let root = try TestSupport.temporaryDirectory()
        let repository = root.appendingPathComponent("Repo")
        let files = [
            "Loose.swift", "Apps/Trips/Sources/Trip.swift", "Apps/Trips/Widget/Inner/Widget.swift",
            "Apps/Trips/Vendor/Kit/Kit.swift", "Apps/Trips/Vendor/Kit/Sub/Deep.swift", "Apps/Notes/Note.swift",
            "Shared/Model.swift",
        ]
        for file in files {
            let url = repository.appendingPathComponent(file)
            try makeFolder(url.deletingLastPathComponent())
            try Data("struct S {}".utf8).write(to: url)
        }
        for marker in [
            "schemalint.lock", "Apps/Trips/schemalint.lock", "Apps/Trips/Widget/.schemalint.yml",
            "Apps/Notes/.schemalint.yml",
        ] {
            try Data().write(to: repository.appendingPathComponent(marker))
        }
        try makeFolder(repository.appendingPathComponent(".git"))
        try makeFolder(repository.appendingPathComponent("Apps/Trips/Vendor/Kit/.git"))
        // Started from inside the repository, from its root and from above it (the marker in Repo is then found by
        // the walk, not above it).
        for start in ["Repo/Apps/Trips", "Repo/Apps", "Repo", "."] {
            let directory = root.appendingPathComponent(start).standardizedFileURL
            let walked = try SourceDiscovery(workingDirectory: directory).discover([])
            XCTAssertFalse(walked.files.isEmpty)
            var seeded = AppLocator(
                workingDirectory: directory.path, walked: walked.appMarkers, folders: walked.folderApps)
            var plain = AppLocator(workingDirectory: directory.path)
            for file in walked.files {
                XCTAssertEqual(seeded.root(ofFile: file.path), plain.root(ofFile: file.path), "\(start): \(file.path)")
            }
        }
        let apps = try SourceDiscovery(workingDirectory: repository).discover([]).folderApps
        let absolute = repository.standardizedFileURL.path
        XCTAssertEqual(apps["Apps/Trips/Widget/Inner"], .root(absolute + "/Apps/Trips/Widget"))
        XCTAssertEqual(apps["Apps/Trips/Vendor/Kit/Sub"], .unmarked)
        XCTAssertEqual(apps["Shared"], .root(absolute))
        let inside = try SourceDiscovery(workingDirectory: repository.appendingPathComponent("Shared")).discover([])
        XCTAssertEqual(inside.folderApps[""], .above(absolute))
    }

    /// A clone without `--recursive` leaves the submodules' folders empty: their code is never read, and the run says
    /// so once, naming them, whether the app is checked from the repository's root, from a folder inside it or with
    /// its lockfile in a folder of its own. A checked-out submodule, or one outside the folders read, is not named.
    func testSubmodulesNotCheckedOutAreSaid() throws {
        let repository = try TestSupport.temporaryDirectory().appendingPathComponent("Repo")
        let files = [
            "App/Sources/Store.swift": "import CoreData\nfinal class Store: VendorContainer {}",
            "Vendor/Present/Kit.swift": "struct Kit {}",
            "Docs/readme.txt": "",
        ]
        for (file, text) in files {
            let url = repository.appendingPathComponent(file)
            try makeFolder(url.deletingLastPathComponent())
            try Data(text.utf8).write(to: url)
        }
        try makeFolder(repository.appendingPathComponent("Vendor/Container"))
        try makeFolder(repository.appendingPathComponent(".git"))
        let modules = """
            [submodule "Vendor/Container"]
            \tpath = Vendor/Container
            \turl = https://example.com/container.git
            [submodule "present"]
            \tpath = "Vendor/Present"
            [submodule "App/Sync"]
            \tpath = App/Sync
            [submodule "Docs/Theme"]
            \tpath = Docs/Theme
            [submodule "odd"]
            \tpath=../Outside
            \tpath = /absolute
            """
        try Data(modules.utf8).write(to: repository.appendingPathComponent(".gitmodules"))
        let problems = { (start: String) throws -> [String] in
            let directory = repository.appendingPathComponent(start).standardizedFileURL.path
            return try AppDiscovery(paths: [], workingDirectory: directory, configuration: Configuration()).run()
                .problems.filter { $0.contains("submodule") }
        }
        XCTAssertEqual(
            try problems("."),
            [
                "git submodules App/Sync, Docs/Theme, Vendor/Container are not checked out: code there is not read, "
                    + "so a store opened there, or a container class defined there, goes unchecked; run "
                    + "`git submodule update --init --recursive`"
            ])
        XCTAssertEqual(try problems("App").map { $0.prefix(33) }, ["git submodule Sync is not checked"])
        XCTAssertEqual(try problems("Vendor/Present"), [])
        try Data().write(to: repository.appendingPathComponent("App/schemalint.lock"))
        XCTAssertEqual(try problems(".").first?.prefix(56), "git submodules App/Sync, Docs/Theme, Vendor/Container ar")
    }
}

/// Outside any repository the walk for a lockfile stops at the folder the run starts in (field test 19: a tree
/// written under `/tmp` read and rewrote another run's `/tmp/schemalint.lock`); inside one it goes to the root.
extension AppDiscoveryTests {
    func testAStrayLockfileAboveAFolderOutsideARepositoryIsNotTheApps() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let stray = root.appendingPathComponent("schemalint.lock")
        let strayText = #"{"formatVersion":1,"hashAlgorithm":"sl1","versions":{}}"#
        try Data(strayText.utf8).write(to: stray)
        let app = root.appendingPathComponent("work/app")
        try writeApp(in: app, notes: false)
        for arguments in [["lock"], ["lock", "."]] {
            let lock = try TestSupport.run(arguments, in: app)
            XCTAssertEqual(lock.status, 0, lock.stdout + lock.stderr)
            XCTAssertTrue(exists(app.appendingPathComponent("schemalint.lock")), "\(arguments)")
            XCTAssertEqual(try String(contentsOf: stray, encoding: .utf8), strayText, "\(arguments)")
            try FileManager.default.removeItem(at: app.appendingPathComponent("schemalint.lock"))
        }
        // From the folder above, given the app's folder: the lockfile is still the app's own (the working directory's).
        let given = try TestSupport.run(["check", "app"], in: root.appendingPathComponent("work"))
        XCTAssertEqual(given.status, 0, given.stdout + given.stderr)
        XCTAssertEqual(try String(contentsOf: stray, encoding: .utf8), strayText)

        // In a repository, the root's lockfile is the app's, from wherever the run starts.
        try makeFolder(root.appendingPathComponent(".git"))
        let locked = try TestSupport.run(["lock"], in: app)
        XCTAssertEqual(locked.status, 0, locked.stdout + locked.stderr)
        XCTAssertNotEqual(try String(contentsOf: stray, encoding: .utf8), strayText)
    }
}
