import SchemaLintModel

public enum Severity: String, Sendable, Comparable, CaseIterable, Codable {
    case note, warning, error
    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A rule's identifier (`snake_case`, its document is `Rules/<id>.md`). Each rule defines its own once, in its file:
/// `extension RuleID { public static let shippedSchemaEdited: RuleID = "shipped_schema_edited" }`.
public struct RuleID: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral, Codable {
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
    public var description: String { rawValue }
    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What a suppression comment or `schemalint:enable` names: one rule (known or not), or every rule.
public enum RuleSelector: Hashable, Sendable, CustomStringConvertible {
    case all
    case rule(RuleID)

    /// `all` is the keyword; anything else names a rule.
    public init(_ written: String) { self = written == "all" ? .all : .rule(RuleID(written)) }

    public func covers(_ rule: RuleID) -> Bool {
        switch self {
        case .all: return true
        case let .rule(named): return named == rule
        }
    }

    public var description: String {
        switch self {
        case .all: return "all"
        case let .rule(rule): return rule.rawValue
        }
    }
}

/// One problem a rule found, at the line a developer would edit: data, rendered by reporters.
public struct Finding: Hashable, Sendable {
    public var rule: RuleID
    public var severity: Severity
    /// The semantic place the finding is about; with `rule` and the message id it recognises the finding after
    /// unrelated edits move its line or a new release rewords its text (baselines, SARIF fingerprints).
    public var subject: Subject
    public var location: SourceLocation
    public var message: Message
    /// Secondary locations: the other end of a pair, the declaration a list leaves out.
    public var notes: [Note]
    /// What `check --fix` writes for it, when the fix needs no judgement.
    public var fix: Fix?

    public init(
        rule: RuleID, severity: Severity, subject: Subject, location: SourceLocation, message: Message,
        notes: [Note] = [], fix: Fix? = nil
    ) {
        self.rule = rule
        self.severity = severity
        self.subject = subject
        self.location = location
        self.message = message
        self.notes = notes
        self.fix = fix
    }

    /// A mechanical fix: source edits planned from the model, or why none can be made safely.
    public struct Fix: Hashable, Sendable {
        /// What it does, as a change list line says it: `list migrateV1toV2 in MigrationPlan.stages`.
        public var summary: String
        public var edits: [SourceEdit]
        /// Lockfile keys of the versions whose declarations the edits change: a locked version is never touched.
        public var versions: [String]
        /// Why nothing is written (a computed list, a step that already has a stage), when so.
        public var refusal: String?

        public init(_ summary: String, edits: [SourceEdit], versions: [String] = []) {
            self.summary = summary
            self.edits = edits
            self.versions = versions
        }

        public static func refused(_ reason: String) -> Fix {
            var fix = Fix("", edits: [])
            fix.refusal = reason
            return fix
        }
    }

    /// A finding's text with a stable identifier, in three parts so each output shows what fits it: the `headline`
    /// (what is wrong and what it does on users' devices, at most 120 characters: a PR annotation or Xcode's issue
    /// list shows no more), the `detail` (why: what the finding rests on) and the `fix` (what to do). Xcode and
    /// GitHub output print the headline and the fix, `--verbose` adds the detail, JSON and SARIF carry all three.
    /// Each rule writes its messages in one place, as static constructors in an extension of this type in the
    /// rule's file; baselines and fingerprints use `id`, so rewording a message never un-baselines a finding.
    public struct Message: Hashable, Sendable, CustomStringConvertible {
        /// The most a headline holds where space is short; `brief` cuts a longer one (a long name echoed in it).
        public static let headlineLimit = 120

        /// Stable within its rule (`checksum-moved`), never shown as prose.
        public let id: String
        public let headline: String
        public let detail: String
        public let fix: String

        /// Each part is written without a final full stop; `text` joins them into sentences.
        public init(id: String, _ headline: String, detail: String = "", fix: String = "") {
            self.id = id
            self.headline = headline
            self.detail = detail
            self.fix = fix
        }

        /// The headline as annotations and Xcode's issue list show it: cut at a word to `headlineLimit`.
        public var brief: String {
            guard headline.count > Self.headlineLimit else { return headline }
            let room = headline.prefix(Self.headlineLimit - 1)
            let cut = room.lastIndex(of: " ").map { room[..<$0] } ?? room
            return cut + "…"
        }

        /// The first of `candidates` that fits a headline, most telling first (`V1 was edited (Trip.notes added)`,
        /// then `V1 was edited (3 changes)`), else the last, which `brief` cuts.
        public static func fitting(_ candidates: String...) -> String {
            candidates.first { $0.count <= headlineLimit } ?? candidates.last ?? ""
        }

        /// The whole message: headline, detail and fix as sentences.
        public var text: String { Self.sentences([headline, detail, fix]) }

        /// The message with `more` said after the detail (a demoted finding's reason).
        public func adding(detail more: String) -> Message {
            Message(id: id, headline, detail: Self.sentences([detail, more]), fix: fix)
        }

        public var description: String { text }

        private static func sentences(_ parts: [String]) -> String {
            var text = ""
            for part in parts where !part.isEmpty {
                if let last = text.last { text += ".!?".contains(last) ? " " : ". " }
                text += part
            }
            return text
        }
    }

    /// A secondary location with a short text (SARIF `relatedLocations`, Xcode `note:` lines).
    public struct Note: Hashable, Sendable {
        public var location: SourceLocation
        public var text: String
        public init(_ location: SourceLocation, _ text: String) {
            self.location = location
            self.text = text
        }
    }

    /// The semantic place a finding is about, named without line numbers.
    public enum Subject: Hashable, Sendable, CustomStringConvertible {
        case file(String)
        case plan(String)
        case version(String)
        case entity(version: String?, entity: String)
        case property(version: String?, entity: String, property: String)
        case stage(plan: String, stage: String)
        case container(String)
        case store(String)
        case typeAlias(String)
        /// An enum or struct stored as an attribute's value, by qualified name.
        case valueType(String)
        case suppression(file: String, rule: String)

        /// `kind name`, the key baselines and fingerprints use.
        public var description: String {
            switch self {
            case let .file(path): return "file \(path)"
            case let .plan(name): return "plan \(name)"
            case let .version(key): return "version \(key)"
            case let .entity(version, entity):
                return "entity \([version, entity].compactMap { $0 }.joined(separator: "."))"
            case let .property(version, entity, property):
                return "property \([version, entity, property].compactMap { $0 }.joined(separator: "."))"
            case let .stage(plan, stage): return "stage \(plan).\(stage)"
            case let .container(name): return "container \(name)"
            case let .store(path): return "store \(path)"
            case let .typeAlias(name): return "typealias \(name)"
            case let .valueType(name): return "type \(name)"
            case let .suppression(file, rule): return "suppression \(file) \(rule)"
            }
        }
    }

    /// Output order: file, line, column, rule, then message so ties are still stable.
    public static func ordered(_ findings: [Finding]) -> [Finding] {
        Array(Set(findings)).sorted {
            ($0.location.file, $0.location.line, $0.location.column, $0.rule.rawValue, $0.message.text)
                < ($1.location.file, $1.location.line, $1.location.column, $1.rule.rawValue, $1.message.text)
        }
    }
}
