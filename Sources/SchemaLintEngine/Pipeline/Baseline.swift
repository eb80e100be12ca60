import Foundation
import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules

/// `--write-baseline` / `--baseline`: lets a team adopt schemalint on an existing app and be gated on new findings
/// only. Entries are keyed by rule, the finding's subject and its message id, never by line or wording: a finding
/// stays baselined when unrelated edits move it or a release rewords it.
///
/// Findings about shipped states (`ShippedStateFindings`) never enter a baseline and are never hidden by one, even
/// by an entry a hand-edited or older file holds: a baseline adopts today's code, not edits to what users' stores
/// were written by.
///
/// Format 1 files (keyed by a place looked up from the line and the message text without digits) are still read
/// and matched the old way; `--write-baseline` writes format 2.
public struct Baseline: Equatable, Sendable {
    public struct Entry: Hashable, Sendable, Codable {
        public var rule: String
        /// Format 2: the subject (`property SchemaV2.Trip.notes`); format 1: the place.
        public var subject: String
        /// Format 2: the message id; format 1: the message without digits (no longer compared).
        public var message: String

        public init(rule: String, subject: String, message: String) {
            self.rule = rule
            self.subject = subject
            self.message = message
        }

        enum CodingKeys: String, CodingKey { case rule, subject, place, message }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            rule = try container.decode(String.self, forKey: .rule)
            subject =
                try container.decodeIfPresent(String.self, forKey: .subject)
                ?? container.decode(String.self, forKey: .place)
            message = try container.decode(String.self, forKey: .message)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(rule, forKey: .rule)
            try container.encode(subject, forKey: .subject)
            try container.encode(message, forKey: .message)
        }
    }

    public static let formatVersion = 2
    public var entries: [Entry]
    /// The format the entries were read in (1 or 2).
    public var format = Baseline.formatVersion

    /// How many findings about shipped states `init(findings:project:)` left out.
    public var leftOut = 0

    public init(findings: [Finding], project: Project) {
        let kept = findings.filter { !ShippedStateFindings.contains($0) }
        leftOut = findings.count - kept.count
        entries = kept.map(Self.entry).sorted {
            ($0.rule, $0.subject, $0.message) < ($1.rule, $1.subject, $1.message)
        }
    }

    public init(entries: [Entry], format: Int = Baseline.formatVersion) {
        self.entries = entries
        self.format = format
    }

    static func entry(for finding: Finding) -> Entry {
        Entry(rule: finding.rule.rawValue, subject: finding.subject.description, message: finding.message.id)
    }

    /// The findings the baseline does not account for; each entry absorbs one finding.
    public func newFindings(_ findings: [Finding], project: Project) -> [Finding] {
        let key: (Finding) -> Entry
        var remaining: [Entry: Int] = [:]
        if format == 1 {
            // Format 1 keyed each finding on its message's wording too, which releases reword (0.1 split every
            // message into headline, detail and fix): its entries match by rule and place, each still absorbing one.
            let places = SemanticPlaces(project)
            key = { Entry(rule: $0.rule.rawValue, subject: places.place(of: $0.location), message: "") }
            for entry in entries {
                remaining[Entry(rule: entry.rule, subject: entry.subject, message: ""), default: 0] += 1
            }
        } else {
            key = Self.entry
            for entry in entries { remaining[entry, default: 0] += 1 }
        }
        return findings.filter { finding in
            if ShippedStateFindings.contains(finding) { return true }
            let entry = key(finding)
            guard let count = remaining[entry], count > 0 else { return true }
            remaining[entry] = count - 1
            return false
        }
    }

    public func json() -> JSONValue {
        .object([
            "formatVersion": .int(Self.formatVersion),
            "findings": .array(
                entries.map {
                    .object(["rule": .string($0.rule), "subject": .string($0.subject), "message": .string($0.message)])
                }),
        ])
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public static func load(_ path: String) throws -> Baseline {
        let data: Data
        switch RegularFile.bytes(path) {
        case let .success(bytes): data = Data(bytes)
        case .failure(.missing):
            throw Failure(
                description: "baseline \(path) does not exist; create it with "
                    + "`schemalint check --write-baseline \(path)`")
        case let .failure(failure):
            throw Failure(
                description: "baseline \(path) cannot be read: \(failure); restore it, or write it anew with "
                    + "`schemalint check --write-baseline \(path)`")
        }
        struct File: Decodable { var formatVersion: Int; var findings: [Entry] }
        do {
            let file = try JSONDecoder().decode(File.self, from: data)
            guard file.formatVersion <= formatVersion else {
                throw Failure(
                    description: "baseline \(path) has format version \(file.formatVersion), newer than this "
                        + "schemalint understands; upgrade schemalint")
            }
            return Baseline(entries: file.findings, format: file.formatVersion)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(
                description: "baseline \(path) is not valid: \(error). Regenerate it with "
                    + "`schemalint check --write-baseline \(path)`")
        }
    }
}
