import Foundation
import SchemaLintFacts
import SchemaLintModel
import SchemaLintRewrite
import SchemaLintRules

/// `schemalint bump`: writes the next version of a plan, in memory first, and proves before anything reaches the
/// disk that every existing version keeps its checksum and fingerprint and that the only new finding is the
/// expected `duplicate_schema_hash` between the outgoing version and its copy.
public struct Bumper {
    public struct Request: Sendable {
        public var plan: String?
        public var identifier: VersionNumber?
        public var name: String?
        public init(plan: String? = nil, identifier: VersionNumber? = nil, name: String? = nil) {
            self.plan = plan
            self.identifier = identifier
            self.name = name
        }
    }

    public struct Outcome: Sendable {
        /// Changed and new files by path as analysed.
        public var files: [String: String]
        public var createdFile: String
        public var oldName: String
        public var newName: String
        public var identifier: VersionNumber
        public var planName: String
        /// `file:line: what changed`, in file order.
        public var changes: [String]
        /// What the developer should know next: the expected finding, what to change, what stays by hand.
        public var notes: [String]
        /// The unversioned state the new version freezes, when an app without a plan adopted one.
        public var adoptedState: String?
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public var analyzer: Analyzer
    public var lockfile: Lockfile?
    public var workingDirectory: String

    public init(analyzer: Analyzer, lockfile: Lockfile?, workingDirectory: String) {
        self.analyzer = analyzer
        self.lockfile = lockfile
        self.workingDirectory = workingDirectory
    }

    public func run(files: [SourceDiscovery.SourceFile], request: Request) throws -> Outcome {
        let before = analyzer.analyze(files: files, lockfile: lockfile)
        let planned: BumpPlanner.Plan
        do {
            let existing = Set(files.map(\.path))
            let asked = BumpPlanner.Request(plan: request.plan, identifier: request.identifier, name: request.name)
            if let adoption = try AdoptionPlanner(analysis: before, existingPaths: existing).plan(asked) {
                return try adopt(adoption, files: files, before: before)
            }
            planned = try BumpPlanner(analysis: before, existingPaths: existing).plan(asked)
        } catch let refusal as BumpPlanner.Refusal {
            throw Failure(description: refusal.description)
        }
        var needed = Set(
            planned.edits.map(\.file) + [planned.typeLocation.file] + planned.extensionLocations.map(\.file))
        for case let .copyClasses(_, declarations, _) in planned.edits {
            needed.formUnion(declarations.map(\.location.file))
        }
        let sources = SourceTexts.read(needed, files: files, workingDirectory: workingDirectory)
        var changed: [String: String]
        let newText: String
        do {
            changed = try SourceRewriter(sources: sources).apply(planned.edits)
            newText = try VersionCopier(
                sources: sources, oldName: planned.oldName, newName: planned.newName, identifier: planned.identifier,
                documentation: [
                    "\(planned.newName): the next version of \(planned.planName), started from \(planned.oldName) "
                        + "by `schemalint bump`.",
                    "Make the model changes here; \(planned.oldName) stays exactly as it shipped.",
                ]
            ).file(type: planned.typeLocation, extensions: planned.extensionLocations)
        } catch let refusal as RewriteRefusal {
            throw Failure(description: "nothing was written: \(refusal)")
        }
        changed[planned.newFile] = newText
        let result = analyzeAfter(changed, newFile: planned.newFile, files: files)
        if let problem = ChecksumGuard.compare(before: before, after: result) {
            throw Failure(description: "nothing was written: the bump would change \(problem)")
        }
        try refuseUnexpected(
            Self.newFindings(before: before, after: result, renaming: (planned.newName, planned.oldName))
                .filter { $0.rule != .duplicateSchemaHash })
        return Outcome(
            files: changed, createdFile: planned.newFile, oldName: planned.oldName, newName: planned.newName,
            identifier: planned.identifier, planName: planned.planName,
            changes: ["\(planned.newFile): created \(planned.newName) (\(planned.identifier)), a copy of "
                + "\(planned.oldName)"] + planned.summaries,
            notes: notes(planned, before: before))
    }

    /// An unversioned app adopts a plan: proved when the new version's checksum is the implicit version's and check
    /// reports nothing it did not report before (but notes).
    private func adopt(_ planned: AdoptionPlanner.Plan, files: [SourceDiscovery.SourceFile], before: Analysis) throws
        -> Outcome
    {
        let sources = SourceTexts.read(Set(planned.edits.map(\.file)), files: files, workingDirectory: workingDirectory)
        var changed: [String: String]
        do {
            changed = try SourceRewriter(sources: sources).apply(planned.edits)
        } catch let refusal as RewriteRefusal {
            throw Failure(description: "nothing was written: \(refusal)")
        }
        changed[planned.newFile] = planned.newText
        let result = analyzeAfter(changed, newFile: planned.newFile, files: files)
        let old = before.analysis(forKey: planned.implicit.key)
        let new = result.analysis(forKey: planned.versionName)
        guard let old, let new, new.hashes.checksum == old.hashes.checksum else {
            let was = old?.hashes.checksum ?? "unknown"
            let now = new?.hashes.checksum ?? "no version"
            throw Failure(
                description: "nothing was written: \(planned.versionName) would not have the checksum users' stores "
                    + "carry (\(was) before, \(now) after)")
        }
        try refuseUnexpected(
            Self.newFindings(before: before, after: result, renaming: (planned.versionName, ""))
                .filter { $0.severity != .note })
        var notes = planned.notes
        let locked = lockfile?.versions ?? [:]
        let earlier: [String] = locked.keys.filter { key in
            guard ImplicitVersionKeys.isImplicit(key), let state = locked[key] else { return false }
            return state.checksum != old.hashes.checksum && state.retired == nil
        }.sorted()
        if !earlier.isEmpty {
            let states = "\(earlier.count) earlier unversioned state" + (earlier.count == 1 ? "" : "s")
            notes.append(
                "the lockfile holds \(states) (" + earlier.joined(separator: ", ") + "): with no stages SwiftData "
                    + "still infers their migration; the day \(planned.planName) gets a stage, check reports each "
                    + "as shipped_version_not_in_plan")
        }
        notes.append(
            "\(planned.versionName) has the checksum users' stores already carry (\(new.hashes.checksum)): they open "
                + "as before. Run `schemalint lock` to record it, then `schemalint bump` for the next model change")
        return Outcome(
            files: changed, createdFile: planned.newFile, oldName: planned.implicit.key, newName: planned.versionName,
            identifier: VersionNumber(1, 0, 0), planName: planned.planName,
            changes: ["\(planned.newFile): created \(planned.versionName) (1.0.0) and \(planned.planName)"]
                + planned.summaries,
            notes: notes, adoptedState: planned.implicit.key)
    }

    /// The app as it would be: `changed` files (the new one among them) in place of the ones read.
    private func analyzeAfter(
        _ changed: [String: String], newFile: String, files: [SourceDiscovery.SourceFile]
    ) -> Analysis {
        var after = files.map { file in
            changed[file.path].map { SourceDiscovery.SourceFile(path: file.path, bytes: Array($0.utf8)) } ?? file
        }
        if let text = changed[newFile] {
            after.append(SourceDiscovery.SourceFile(path: newFile, bytes: Array(text.utf8)))
        }
        return analyzer.analyze(files: after, lockfile: lockfile)
    }

    /// Nothing is written when check would report anything the bump did not mean to cause.
    private func refuseUnexpected(_ unexpected: [Finding]) throws {
        guard unexpected.isEmpty else {
            throw Failure(
                description: "nothing was written: after the bump, check would also report "
                    + unexpected.map { "\($0.location): [\($0.rule)] \($0.message)" }.joined(separator: "; "))
        }
    }

    private func notes(_ planned: BumpPlanner.Plan, before: Analysis) -> [String] {
        var notes: [String] = []
        if let stageNote = planned.stageNote { notes.append(stageNote) }
        if lockfile?.versions[planned.old.key] == nil {
            notes.append(
                "\(planned.oldName) is not in the lockfile: if it never shipped, you may not need a new version "
                    + "(change \(planned.oldName) instead and undo this)")
        }
        let extensions = planned.old.allEntities.reduce(0) {
            $0 + before.project.symbols[$1].extensionLocations.count
        }
        if extensions > 0 && planned.frozen.isEmpty {
            notes.append(
                "\(extensions) extension\(extensions == 1 ? "" : "s") of \(planned.oldName)'s models stay on "
                    + "\(planned.oldName); move the ones app code needs to \(planned.newName)")
        }
        notes.append(
            "until \(planned.newName) differs from \(planned.oldName), check reports duplicate_schema_hash for the "
                + "pair (SwiftData refuses two versions with one checksum): make the model change in "
                + (planned.frozen.isEmpty ? planned.newName : "the live models")
                + ", run `schemalint check`, and `schemalint lock` when the release ships")
        return notes
    }

    /// Findings of `after` that `before` did not have, matched by rule, subject and message id (not by line). A
    /// finding about the copy that the original already had (`renaming`: new name → old) is carried over, not new.
    public static func newFindings(before: Analysis, after: Analysis, renaming: (String, String)) -> [Finding] {
        func key(_ finding: Finding, _ subject: String) -> String { "\(finding.rule)|\(subject)|\(finding.message.id)" }
        let known = Set(before.findings.map { key($0, "\($0.subject)") })
        return after.findings.filter { finding in
            let subject = "\(finding.subject)"
            return !known.contains(key(finding, subject))
                && !known.contains(key(finding, subject.replacingOccurrences(of: renaming.0, with: renaming.1)))
        }
    }
}
