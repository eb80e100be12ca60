import ArgumentParser
import SchemaLintEngine

struct Lock: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lock",
        abstract: "Record the versions that are not locked yet in schemalint.lock (run it when you ship a release).",
        discussion:
            "A locked version that changed is never re-recorded silently: it is reported and nothing is written, "
            + "unless you name it with --accept and give a --reason, which is kept in the lockfile."
    )

    @OptionGroup var options: SharedOptions

    @Option(name: .customLong("only"), help: "Lock only this version (type name or lockfile key); repeatable.")
    var only: [String] = []

    @Option(
        name: .customLong("accept"),
        help: "Re-record this changed (or retire this removed) version; repeatable. Needs --reason.")
    var accept: [String] = []

    @Option(help: "Why the accepted change is safe; kept in the lockfile for reviewers.")
    var reason: String?

    @Flag(help: "Refuse to lock a version whose store checksum another locked version has.")
    var strict = false

    @Option(help: "The release being locked (e.g. 2.3), written on each entry this run records.")
    var release: String?

    func validate() throws {
        if !accept.isEmpty && (reason ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--accept needs --reason \"...\": say why changing a shipped version is safe")
        }
    }

    /// Each app (see `check`) gets its own lockfile in its root; apps without versions are left alone.
    ///
    /// Shipped Core Data versions whose bytes the lockfile recorded are taken from it, as `check` takes them
    /// (`RecordedVersions`): the same bytes read by the same reading give the recorded hashes, which `lock` finds
    /// unchanged, so reading a large bundle's hundred old versions again told it nothing. With store fixtures every
    /// version is read (they are matched against each version's store model).
    func run() throws {
        let apps = try options.apps(readingLockfiles: true, takingRecorded: options.storePatterns.isEmpty)
        let stores = try options.storeFiles(for: apps)
        var unknown = Set(only + accept)
        for app in apps {
            try LockfileStore.withExclusiveAccess(to: app.lockfilePath) {
                let existing = try options.loadLockfile(at: app.lockfilePath, mustExist: false, mergingConflicts: true)
                let analysis = try options.analyze(
                    app, lockfile: existing, storeFiles: stores[app.root] ?? [],
                    lockfileLocation: nil, buildingUpgrades: false)
                guard !analysis.versions.isEmpty || existing != nil || apps.count == 1 else { return }
                // Core Data bundles and versions too: `--accept Model.xcdatamodeld/Model 2`.
                let known = Locker.names(analysis, existing: existing)
                unknown.subtract(known)
                try record(analysis, existing: existing, path: app.lockfilePath, names: known)
            }
        }
        if !unknown.isEmpty {
            throw Console.fail(
                "no version named \(unknown.sorted().joined(separator: ", ")). `schemalint hash` lists "
                    + "the versions and their keys")
        }
    }

    private func record(_ analysis: Analysis, existing: Lockfile?, path: String, names: Set<String>) throws {
        let request = Locker.Request(
            only: Set(only).intersection(names), accept: Set(accept).intersection(names),
            reason: reason, release: release, date: LockDate.today())
        if !only.isEmpty && request.only.isEmpty { return }
        let outcome = Locker.plan(analysis, existing: existing, request: request)
        // An app with a store but nothing to record yet still gets its lockfile: `lock` ran, and says what it could
        // not record, rather than claiming an up-to-date file that does not exist.
        let creates = existing == nil && Locker.hasStores(analysis)
        let report = LockReport(outcome: outcome, path: path, reason: reason, created: creates)
        if !report.problems.isEmpty {
            for line in report.problems { Console.err(line) }
            // Sources that cannot be read completely: the tool could not do its job. Conflicts: findings.
            throw outcome.incomplete.isEmpty && !outcome.nothingLockable ? ExitStatus.findings : ExitStatus.failure
        }
        for line in report.duplicateChecksums {
            Console.err("schemalint: \(strict ? "error" : "warning"): \(line)")
        }
        if strict && !report.duplicateChecksums.isEmpty {
            Console.err("schemalint: nothing was written (--strict)")
            throw ExitStatus.findings
        }
        // A lockfile read from both sides of a merge conflict is written back whole, even when nothing is new.
        let resolvesConflict = existing?.resolvedConflict == true
        if outcome.changed || resolvesConflict || creates {
            do {
                try LockfileStore.write(outcome.lockfile, to: path)
            } catch let failure as LockfileStore.Failure {
                throw Console.fail(failure.description)
            }
        }
        Console.out(report.text())
    }
}
