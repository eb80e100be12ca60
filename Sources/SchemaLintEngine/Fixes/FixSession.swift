import Foundation
import SchemaLintFacts
import SchemaLintModel
import SchemaLintRewrite
import SchemaLintRules

/// `check --fix`: applies the findings' mechanical fixes in memory, proves that every version keeps its checksum
/// and fingerprint, and repeats while a round fixes something (listing a version can reveal a missing stage).
/// Nothing reaches the disk until `write` is called with a verified outcome.
public struct FixSession {
    public struct Change: Sendable {
        /// Where the finding was, in the sources as they were before the round that fixed it.
        public var location: SourceLocation
        public var rule: RuleID
        public var summary: String
    }

    public struct Skipped: Sendable {
        public var location: SourceLocation
        public var rule: RuleID
        public var reason: String
    }

    public struct Outcome: Sendable {
        /// New texts by path as analysed; empty when nothing changed.
        public var files: [String: String] = [:]
        public var changes: [Change] = []
        public var skipped: [Skipped] = []
        /// Set when the fixed sources could not be proved safe: nothing may be written.
        public var failure: String?
    }

    public var analyzer: Analyzer
    public var lockfile: Lockfile?
    /// Where relative paths are read from.
    public var workingDirectory: String
    public var rounds = 3

    public init(analyzer: Analyzer, lockfile: Lockfile?, workingDirectory: String) {
        self.analyzer = analyzer
        self.lockfile = lockfile
        self.workingDirectory = workingDirectory
    }

    public func run(files original: [SourceDiscovery.SourceFile]) -> Outcome {
        var outcome = Outcome()
        var files = original
        var texts: [String: String] = [:]
        let baseline = analyzer.analyze(files: files, lockfile: lockfile)
        var analysis = baseline
        var refused = Set<String>()
        for _ in 0..<rounds {
            var round: [(Finding, Finding.Fix)] = []
            for finding in analysis.findings {
                guard let fix = finding.fix else { continue }
                let key = "\(finding.rule)|\(finding.subject)|\(finding.message.id)"
                if let reason = skipReason(fix) {
                    if refused.insert(key).inserted {
                        outcome.skipped.append(Skipped(location: finding.location, rule: finding.rule, reason: reason))
                    }
                    continue
                }
                round.append((finding, fix))
            }
            guard !round.isEmpty else { break }
            let sources = SourceTexts.read(
                round.flatMap { $0.1.edits }.flatMap(Self.files), files: files, edited: texts,
                workingDirectory: workingDirectory)
            let rewriter = SourceRewriter(sources: sources)
            // Each fix alone first: one that cannot be made is reported and left out of the round.
            var accepted: [(Finding, Finding.Fix)] = []
            for (finding, fix) in round {
                do {
                    _ = try rewriter.apply(fix.edits)
                    accepted.append((finding, fix))
                } catch {
                    outcome.skipped.append(Skipped(location: finding.location, rule: finding.rule, reason: "\(error)"))
                }
            }
            guard !accepted.isEmpty else { break }
            let changed: [String: String]
            do {
                changed = try rewriter.apply(Self.distinct(accepted.flatMap { $0.1.edits }))
            } catch {
                outcome.failure = "the fixes could not be made together: \(error)"
                return outcome
            }
            for (path, text) in changed { texts[path] = text }
            files = files.map { file in
                texts[file.path].map { SourceDiscovery.SourceFile(path: file.path, bytes: Array($0.utf8)) } ?? file
            }
            let next = analyzer.analyze(files: files, lockfile: lockfile)
            if let problem = ChecksumGuard.compare(before: baseline, after: next) {
                outcome.failure = "the fixes would change \(problem); nothing was written"
                return outcome
            }
            outcome.changes += accepted.map { Change(location: $0.0.location, rule: $0.0.rule, summary: $0.1.summary) }
            analysis = next
        }
        outcome.files = texts.filter { path, text in
            original.first { $0.path == path }.map { String(decoding: $0.bytes, as: UTF8.self) != text } ?? true
        }
        return outcome
    }

    /// Why a fix is not applied: it says so itself, or it edits a locked version.
    private func skipReason(_ fix: Finding.Fix) -> String? {
        if let refusal = fix.refusal { return refusal }
        let locked = fix.versions.filter { lockfile?.versions[$0].map { $0.retired == nil } ?? false }
        guard locked.isEmpty else {
            return "\(locked.sorted().joined(separator: ", ")) is locked (shipped); schemalint never edits a shipped "
                + "version"
        }
        return nil
    }

    private static func files(_ edit: SourceEdit) -> [String] {
        if case let .copyClasses(_, declarations, _) = edit { return [edit.file] + declarations.map(\.location.file) }
        return [edit.file]
    }

    /// Two findings can ask for the same edit (a version missing from `schemas` for two stages).
    static func distinct(_ edits: [SourceEdit]) -> [SourceEdit] {
        var seen = Set<String>()
        return edits.filter { edit in
            if case let .insertElement(list, _, element, _) = edit { return seen.insert("\(list)|\(element)").inserted }
            return seen.insert("\(edit)").inserted
        }
    }

    /// Writes the outcome's files (each atomically); throws with the path that could not be written.
    public static func write(_ files: [String: String], workingDirectory: String) throws {
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            let url = URL(fileURLWithPath: Paths.absolute(path, in: workingDirectory))
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url, options: .atomic)
            } catch {
                throw WriteFailure(description: "cannot write \(path): \(error.localizedDescription)")
            }
        }
    }

    public struct WriteFailure: Error, CustomStringConvertible {
        public let description: String
    }
}

/// The proof `check --fix` and `bump` give before writing: every version that existed keeps its store checksum and
/// its fingerprint.
enum ChecksumGuard {
    /// A description of the first version whose checksum or fingerprint differs, or nil when none does.
    static func compare(before: Analysis, after: Analysis) -> String? {
        for old in before.versions {
            guard let new = after.analysis(forKey: old.key) else { return "\(old.key) (it would disappear)" }
            if new.hashes.checksum != old.hashes.checksum { return "the checksum of \(old.key)" }
            if new.fingerprint != old.fingerprint { return "the fingerprint of \(old.key)" }
        }
        return nil
    }
}
