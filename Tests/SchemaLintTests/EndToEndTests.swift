import Foundation
import SchemaLintEngine
import XCTest

/// Runs the built `schemalint` binary the way a developer or CI does.
final class EndToEndTests: XCTestCase {
    func run(_ arguments: [String], in directory: URL) throws -> TestSupport.Run {
        try TestSupport.run(arguments, in: directory)
    }

    /// A small app in a scratch folder: one shipped version and a plan.
    func makeApp() throws -> URL {
        let app = try TestSupport.temporaryDirectory()
        try FileManager.default.createDirectory(
            at: app.appendingPathComponent("Schema"), withIntermediateDirectories: true)
        try write(
            app, "Schema/SchemaV1.swift",
            """
            import SwiftData

            enum SchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Trip.self] }
            }
            """)
        try write(
            app, "Schema/SchemaV1+Trip.swift",
            """
            import Foundation
            import SwiftData

            extension SchemaV1 {
                @Model final class Trip {
                    var name: String
                    var startDate: Date
                    init(name: String, startDate: Date) {
                        self.name = name
                        self.startDate = startDate
                    }
                }
            }
            """)
        try write(
            app, "Plan.swift",
            """
            import SwiftData

            enum TripsMigrationPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [SchemaV1.self] }
                static var stages: [MigrationStage] { [] }
            }
            """)
        return app
    }

    func write(_ root: URL, _ path: String, _ content: String) throws {
        try Data(content.utf8).write(to: root.appendingPathComponent(path))
    }

    func testLockThenEditAShippedVersionFailsWithAPropertyLevelMessage() throws {
        let app = try makeApp()
        let lock = try run(["lock"], in: app)
        XCTAssertEqual(lock.status, 0, lock.stderr)
        XCTAssertTrue(lock.stdout.contains("locked SchemaV1"), lock.stdout)
        let lockText = try String(contentsOf: app.appendingPathComponent("schemalint.lock"), encoding: .utf8)

        XCTAssertEqual(try run(["check"], in: app).status, 0)

        try write(
            app, "Schema/SchemaV1+Trip.swift",
            """
            import Foundation
            import SwiftData

            extension SchemaV1 {
                @Model final class Trip {
                    var name: String
                    var startDate: Date
                    var notes: String?
                    init(name: String, startDate: Date) {
                        self.name = name
                        self.startDate = startDate
                    }
                }
            }
            """)
        let check = try run(["check"], in: app)
        XCTAssertEqual(check.status, 1)
        XCTAssertTrue(
            check.stdout.hasPrefix(
                "Schema/SchemaV1+Trip.swift:8:13: error: SchemaV1 was edited after it shipped (Trip.notes "
                    + "added (String?)): its stores open only until a stage is added (134504)"
            ), check.stdout)
        XCTAssertTrue(check.stdout.contains("[shipped_schema_edited]"))
        XCTAssertTrue(check.stderr.contains("1 error"), check.stderr)

        // `lock` refuses to overwrite the changed entry and leaves the file alone.
        let relock = try run(["lock"], in: app)
        XCTAssertEqual(relock.status, 1)
        XCTAssertTrue(relock.stderr.contains("Trip.notes added"), relock.stderr)
        XCTAssertEqual(try String(contentsOf: app.appendingPathComponent("schemalint.lock"), encoding: .utf8), lockText)

        // Accepting it on purpose records the reason for reviewers.
        let accept = try run(["lock", "--accept", "SchemaV1", "--reason", "V1 never left TestFlight"], in: app)
        XCTAssertEqual(accept.status, 0, accept.stderr)
        XCTAssertTrue(
            try String(contentsOf: app.appendingPathComponent("schemalint.lock"), encoding: .utf8).contains(
                "V1 never left TestFlight"))
        XCTAssertEqual(try run(["check"], in: app).status, 0)
    }

    /// A baseline adopts today's code, never an edit to what shipped: `--write-baseline` leaves the shipped-state
    /// finding out and says so, and `--baseline` reports it even when a hand-edited baseline holds its entry.
    func testABaselineNeverHidesAnEditedShippedVersion() throws {
        let app = try makeApp()
        defer { try? FileManager.default.removeItem(at: app) }
        XCTAssertEqual(try run(["lock"], in: app).status, 0)
        try write(
            app, "Schema/SchemaV1+Trip.swift",
            """
            import Foundation
            import SwiftData

            extension SchemaV1 {
                @Model final class Trip {
                    var name: String
                    var startDate: Date?
                    init(name: String) { self.name = name }
                }
            }
            """)
        let write = try run(["check", "--write-baseline", "baseline.json"], in: app)
        XCTAssertEqual(write.status, 0, write.stderr)
        XCTAssertTrue(write.stderr.contains("recorded 0 findings"), write.stderr)
        XCTAssertTrue(write.stderr.contains("left out 1 finding about shipped versions or stores"), write.stderr)
        let check = try run(["check", "--baseline", "baseline.json"], in: app)
        XCTAssertEqual(check.status, 1, check.stdout)
        XCTAssertTrue(check.stdout.contains("[shipped_schema_edited]"), check.stdout)

        // An entry written by hand (or by an older release) with the finding's exact key does not hide it either.
        let json = try run(["check", "--reporter", "json"], in: app)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let finding = try XCTUnwrap((report["findings"] as? [[String: Any]])?.first)
        let entry: [String: Any] = [
            "rule": "shipped_schema_edited", "subject": finding["subject"] as Any,
            "message": finding["messageId"] as Any,
        ]
        let file: [String: Any] = ["formatVersion": 2, "findings": [entry]]
        try JSONSerialization.data(withJSONObject: file).write(to: app.appendingPathComponent("baseline.json"))
        let handEdited = try run(["check", "--baseline", "baseline.json"], in: app)
        XCTAssertEqual(handEdited.status, 1, handEdited.stdout)
    }

    /// `lock` never records two versions with one checksum silently; `--strict` refuses and writes nothing.
    func testLockWarnsAboutDuplicateChecksumsAndStrictRefuses() throws {
        let app = try makeApp()
        defer { try? FileManager.default.removeItem(at: app) }
        try write(
            app, "Schema/SchemaV2.swift",
            """
            import SwiftData

            enum SchemaV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [SchemaV1.Trip.self] }
            }
            """)
        let strict = try run(["lock", "--strict"], in: app)
        XCTAssertEqual(strict.status, 1, strict.stderr)
        XCTAssertTrue(
            strict.stderr.contains("error: SchemaV1 and SchemaV2 have the same store checksum"), strict.stderr)
        XCTAssertTrue(strict.stderr.contains("nothing was written (--strict)"), strict.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: app.appendingPathComponent("schemalint.lock").path))

        let lock = try run(["lock"], in: app)
        XCTAssertEqual(lock.status, 0, lock.stderr)
        XCTAssertTrue(lock.stderr.contains("warning: SchemaV1 and SchemaV2 have the same store checksum"), lock.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: app.appendingPathComponent("schemalint.lock").path))
    }

    /// An unversioned app adopting a plan: its first version must keep the unversioned state's checksum, which is in
    /// no plan. `lock` records both without a word, `--strict` included (field test 15, VillainArc 1.1.1 → 1.2).
    func testAdoptingAPlanWhoseFirstVersionIsTheUnversionedStateIsNoDuplicate() throws {
        let app = try TestSupport.writeTree([
            "Notes/Note.swift": """
                import SwiftData
                import SwiftUI

                @Model final class Note {
                    var title = ""
                    init() {}
                }

                @main struct NotesApp: App {
                    var body: some Scene { WindowGroup { Text("Notes") }.modelContainer(for: Note.self) }
                }
                """
        ])
        defer { try? FileManager.default.removeItem(at: app) }
        XCTAssertEqual(try run(["lock"], in: app).status, 0)
        try write(
            app, "Notes/Note.swift",
            """
            import SwiftData
            import SwiftUI

            enum NotesV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Note.self] }
                @Model final class Note {
                    var title = ""
                    init() {}
                }
            }

            enum NotesV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Note.self] }
                @Model final class Note {
                    var title = ""
                    var body: String?
                    init() {}
                }
            }

            enum NotesPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [NotesV1.self, NotesV2.self] }
                static var stages: [MigrationStage] {
                    [.lightweight(fromVersion: NotesV1.self, toVersion: NotesV2.self)]
                }
            }

            typealias Note = NotesV2.Note

            @main struct NotesApp: App {
                var body: some Scene {
                    WindowGroup { Text("Notes") }.modelContainer(for: Note.self, migrationPlan: NotesPlan.self)
                }
            }
            """)
        let lock = try run(["lock", "--strict"], in: app)
        XCTAssertEqual(lock.status, 0, lock.stderr)
        XCTAssertFalse(lock.stderr.contains("same store checksum"), lock.stderr)
        XCTAssertTrue(lock.stdout.contains("locked NotesV1"), lock.stdout)
    }

    func testCosmeticEditsPass() throws {
        let app = try makeApp()
        XCTAssertEqual(try run(["lock"], in: app).status, 0)
        try write(
            app, "Schema/SchemaV1+Trip.swift",
            """
            import Foundation
            import SwiftData

            // Reformatted, commented, reordered, with a computed property and a method.
            extension SchemaV1 {
                @Model
                public final class Trip {
                    public var startDate: Date   // when it starts
                    public var name: String
                    var summary: String { "\\(name) from \\(startDate)" }
                    public init(name: String, startDate: Date) { self.name = name; self.startDate = startDate }
                    func rename(to newName: String) { name = newName }
                }
            }
            """.replacingOccurrences(of: "\n", with: "\r\n"))
        let check = try run(["check"], in: app)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertEqual(check.stdout, "")
    }

    /// One run writes the report on standard output and further reports to files (the Action's annotations plus a
    /// SARIF upload); `--output` sends the main report to a file. Exit status and summary line are unchanged.
    func testReportsWrittenToFilesInOneRun() throws {
        let folder = try TestSupport.temporaryDirectory()
        let broken = TestSupport.fixture("BrokenApp").path
        let both = try run(
            ["check", broken, "--reporter", "github", "--reporter", "sarif:\(folder.path)/out.sarif"], in: folder)
        XCTAssertEqual(both.status, 1)
        XCTAssertTrue(both.stdout.hasPrefix("::"), both.stdout)
        let sarif = try Data(contentsOf: folder.appendingPathComponent("out.sarif"))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: sarif) as? [String: Any])
        let results = try XCTUnwrap((object["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 8)
        XCTAssertEqual(both.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }.count, 8)

        let toFile = try run(["check", broken, "--reporter", "json", "--output", "report.json"], in: folder)
        XCTAssertEqual(toFile.status, 1)
        XCTAssertEqual(toFile.stdout, "")
        XCTAssertTrue(toFile.stderr.hasPrefix("schemalint: 6 errors, 2 warnings"), toFile.stderr)
        let report = try Data(contentsOf: folder.appendingPathComponent("report.json"))
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: report) as? [String: Any])

        let twice = try run(["check", broken, "--reporter", "json", "--reporter", "sarif"], in: folder)
        XCTAssertEqual(twice.status, 2)
        XCTAssertTrue(twice.stderr.contains("--reporter sarif:schemalint.sarif"), twice.stderr)
        let unwritable = try run(["check", broken, "--output", "no/such/folder/out.txt"], in: folder)
        XCTAssertEqual(unwritable.status, 2)
        XCTAssertTrue(unwritable.stderr.contains("cannot write the xcode report to no/such/folder/out.txt"))
        XCTAssertEqual(try run(["check", broken, "--reporter", "html:x.html"], in: folder).status, 2)
    }

    func testJSONReporterAndExitCodes() throws {
        let broken = TestSupport.fixture("BrokenApp")
        let json = try run(["check", "--reporter", "json"], in: broken)
        XCTAssertEqual(json.status, 1)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = try XCTUnwrap(object["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.count, 8)
        XCTAssertEqual(findings.first?["rule"] as? String, "lockfile_missing")
        XCTAssertEqual(findings.first?["file"] as? String, "Schema/Plan.swift")
        XCTAssertEqual((object["summary"] as? [String: Any])?["errors"] as? Int, 6)

        XCTAssertEqual(try run(["check", "does-not-exist"], in: broken).status, 2)
        XCTAssertEqual(try run(["check", "--no-such-flag"], in: broken).status, 2)
        let missingLock = try run(["check", "--lockfile", "typo.lock"], in: broken)
        XCTAssertEqual(missingLock.status, 2)
        XCTAssertTrue(missingLock.stderr.contains("typo.lock does not exist"), missingLock.stderr)
        // TravelApp has no lockfile: its one finding is the warning that says so, which --strict turns into a failure.
        let strict = try run(["check", "--strict"], in: TestSupport.fixture("TravelApp"))
        XCTAssertEqual(strict.status, 1)
        // The finding's headline, then what to do on a note line of its own.
        let lines = strict.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, strict.stdout)
        XCTAssertTrue(lines.first?.hasSuffix("[lockfile_missing]") == true, strict.stdout)
        XCTAssertTrue(lines.last?.contains(": note: ↳ fix: Run `schemalint lock`") == true, strict.stdout)
    }

    func testCorruptLockfileIsExitTwoAndLeftUntouched() throws {
        let app = try makeApp()
        let conflicted = "<<<<<<< HEAD\n{}\n=======\n{}\n>>>>>>> feature\n"
        try write(app, "schemalint.lock", conflicted)
        for command in [["check"], ["lock"]] {
            let result = try run(command, in: app)
            XCTAssertEqual(result.status, 2, "\(command)")
            XCTAssertTrue(result.stderr.contains("merge-conflict"), result.stderr)
        }
        XCTAssertEqual(
            try String(contentsOf: app.appendingPathComponent("schemalint.lock"), encoding: .utf8), conflicted)
    }

    /// Two branches each locked a release: `lock` on the conflicted lockfile keeps both sides' entries, says so on
    /// standard output (never "up to date"), and writes the file back without markers; `check` then reads it.
    func testLockMergesAConflictedLockfileAndSaysSo() throws {
        let app = try makeApp()
        defer { try? FileManager.default.removeItem(at: app) }
        XCTAssertEqual(try run(["lock"], in: app).status, 0)
        let ours = try String(contentsOf: app.appendingPathComponent("schemalint.lock"), encoding: .utf8)
        try write(
            app, "Schema/SchemaV2.swift",
            """
            import Foundation
            import SwiftData

            enum SchemaV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Trip.self] }
                @Model final class Trip {
                    var name: String
                    var startDate: Date
                    var notes: String?
                    init(name: String, startDate: Date) {
                        self.name = name
                        self.startDate = startDate
                    }
                }
            }
            """)
        try write(
            app, "Plan.swift",
            """
            import SwiftData

            enum TripsMigrationPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }
                static var stages: [MigrationStage] {
                    [.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)]
                }
            }
            """)
        XCTAssertEqual(try run(["lock"], in: app).status, 0)
        let theirs = try String(contentsOf: app.appendingPathComponent("schemalint.lock"), encoding: .utf8)
        try write(app, "schemalint.lock", "<<<<<<< HEAD\n\(ours)=======\n\(theirs)>>>>>>> release\n")
        XCTAssertEqual(try run(["check"], in: app).status, 2)

        let lock = try run(["lock"], in: app)
        XCTAssertEqual(lock.status, 0, lock.stderr)
        XCTAssertTrue(
            lock.stdout.contains("merged both sides of the git conflict in schemalint.lock: 2 entries kept"),
            lock.stdout)
        XCTAssertFalse(lock.stdout.contains("up to date"), lock.stdout)
        XCTAssertFalse(lock.stderr.contains("merged"), lock.stderr)
        let merged = try String(contentsOf: app.appendingPathComponent("schemalint.lock"), encoding: .utf8)
        XCTAssertFalse(merged.contains("<<<<<<<"), merged)
        XCTAssertEqual(try run(["check"], in: app).status, 0)
        XCTAssertTrue(try run(["lock"], in: app).stdout.contains("up to date"))
    }

    /// `bump --help` lists one `--version` (schemalint's); the new identifier is `--identifier`.
    func testBumpHelpNamesEachOptionOnce() throws {
        let help = try run(["bump", "--help"], in: try TestSupport.temporaryDirectory())
        XCTAssertEqual(help.stdout.components(separatedBy: "  --version ").count, 2, help.stdout)
        XCTAssertTrue(help.stdout.contains("--identifier <identifier>"), help.stdout)
    }

    /// `schemalint version` prints the version, like `--version` (it used to be read as a path and exit 2).
    func testVersionCommand() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let command = try run(["version"], in: folder)
        XCTAssertEqual(command.status, 0, command.stderr)
        XCTAssertEqual(command.stdout, SchemaLintVersion.current + "\n")
        XCTAssertEqual(try run(["--version"], in: folder).stdout, command.stdout)
    }

    func testHashPrintsTheStoreChecksum() throws {
        let result = try run(["hash", "--reporter", "json"], in: TestSupport.fixture("Golden/FreezeRay"))
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(
            result.stdout.contains("\"checksum\": \"hVf/dkygPyXWgY+Jcgvx9sMUcaiS0yfaIlBvgiRFqr4=\""), result.stdout)
        let diff = try run(["diff", "AppSchemaV1", "AppSchemaV2"], in: TestSupport.fixture("Golden/FreezeRay"))
        XCTAssertEqual(diff.status, 0)
        XCTAssertEqual(
            diff.stdout,
            "AppSchemaV1 (1.0.0) → AppSchemaV2 (2.0.0)\n  User.email added (String?)\n      lightweight\nVerdict: "
                + "lightweight is enough.\n"
        )
        let rules = try run(["rules"], in: TestSupport.fixture("Golden/FreezeRay"))
        XCTAssertTrue(rules.stdout.contains("shipped_schema_edited"))
    }
}
