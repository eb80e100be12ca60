import ArgumentParser
import Foundation
import SchemaLintEngine

/// `schemalint fixtures`: a store file for every locked state, written without a simulator.
struct Fixtures: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fixtures",
        abstract: "Write, for each state in schemalint.lock, the store file SwiftData or Core Data writes for it.",
        discussion:
            "Each fixture has the framework's tables, metadata and cached model for that state, so the app's own "
                + "tests can open it with today's container and migration plan (docs/fixtures.md). Files in the "
                + "output folder that `fixtures` did not write are never replaced."
    )

    @OptionGroup var options: SharedOptions

    @Option(help: "Folder to write the fixtures to (default: SchemaLintFixtures in the app's folder).")
    var out: String?

    @Option(help: "Rows to write per entity, linked both ways through every relationship (default: none).")
    var rows = 0

    @Flag(help: "Also write an XCTest file that opens each fixture with the app's container and counts its rows.")
    var tests = false

    @Option(help: "The module the generated tests import with @testable (default: the app target's name).")
    var module: String?

    func validate() throws {
        guard (0...1000).contains(rows) else { throw ValidationError("--rows takes 0 to 1000") }
    }

    func run() throws {
        let apps = try options.apps()
        var wroteAny = false
        for app in apps {
            guard FileManager.default.fileExists(atPath: app.lockfilePath) else {
                if apps.count == 1 {
                    throw Console.fail(
                        "no lockfile at \(app.lockfilePath): fixtures are written for locked states. Run "
                            + "`schemalint lock` first")
                }
                continue
            }
            let lockfile = try options.loadLockfile(at: app.lockfilePath)
            let analysis = try options.analyze(
                app, lockfile: lockfile, storeFiles: [], lockfileLocation: nil, buildingUpgrades: false)
            guard let lockfile else { continue }
            let folder = outputFolder(for: app, count: apps.count)
            let states = FixturePlanner.states(lockfile: lockfile, analysis: analysis)
            let outcome: FixtureExport.Outcome
            do {
                outcome = try FixtureExport.write(states, to: folder, rows: rows)
            } catch let failure as FixtureExport.Failure {
                throw Console.fail(failure.description)
            }
            Console.out(FixtureReport.text(outcome, folder: folder))
            wroteAny = wroteAny || !outcome.written.isEmpty
            if tests {
                try writeTests(outcome, analysis: analysis, folder: folder)
            }
        }
        if !wroteAny { throw ExitStatus.failure }
    }

    private func outputFolder(for app: AppUnit, count: Int) -> String {
        guard let out else { return app.root + "/SchemaLintFixtures" }
        let base = out.hasPrefix("/") ? out : FileManager.default.currentDirectoryPath + "/" + out
        return count == 1 ? base : base + "/" + ((app.root as NSString).lastPathComponent)
    }

    private func writeTests(_ outcome: FixtureExport.Outcome, analysis: Analysis, folder: String) throws {
        let test = FixtureTestFile(states: outcome.written, analysis: analysis, rows: rows, module: module)
        let path = folder + "/" + FixtureTestFile.fileName
        do {
            try Data(test.source().utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw Console.fail("could not write \(path): \(error.localizedDescription)")
        }
        Console.out("wrote \(path): add it and the fixtures beside it to the app's test target\n")
        if test.importsAPlaceholder {
            Console.out(
                "note: no project file names the app's module, so the tests import `App`: run again with "
                    + "--module NAME\n")
        }
    }
}
