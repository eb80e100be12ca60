import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules

/// Turns findings into output. Reporters know nothing of rules beyond a finding's fields and the rule descriptors
/// the summary carries as data.
public protocol Reporter {
    func report(_ findings: [Finding], summary: Summary) -> String
}

public enum ReporterKind: String, CaseIterable, Sendable {
    case xcode, json, sarif, github, junit, codeclimate

    /// `detailed` (`check --verbose`): reporters that print a short form (xcode) print each finding's detail too.
    public func reporter(colored: Bool = false, detailed: Bool = false) -> any Reporter {
        switch self {
        case .xcode: return XcodeReporter(colored: colored, detailed: detailed)
        case .json: return JSONReporter()
        case .sarif: return SARIFReporter()
        case .github: return GitHubReporter()
        case .junit: return JUnitReporter()
        case .codeclimate: return CodeClimateReporter()
        }
    }
}

/// What a reporter may say about a rule: its metadata and document, as data.
public struct RuleDescriptor: Sendable {
    public var id: RuleID
    public var summary: String
    public var defaultSeverity: Severity
    /// `Rules/<id>.md`, embedded in the binary.
    public var document: String?

    public init(id: RuleID, summary: String, defaultSeverity: Severity, document: String?) {
        self.id = id
        self.summary = summary
        self.defaultSeverity = defaultSeverity
        self.document = document
    }

    /// Every rule schemalint has, in `schemalint rules` order.
    public static var all: [RuleDescriptor] {
        RuleRegistry.all.map {
            RuleDescriptor(
                id: $0.id, summary: $0.summary, defaultSeverity: $0.defaultSeverity,
                document: RuleRegistry.document(for: $0.id.rawValue))
        }
    }
}

/// Where each rule's document is published, at this release's tag.
public enum RuleDocumentationLink {
    public static func url(_ rule: RuleID) -> String { PublishedFiles.page("Rules/\(rule.rawValue).md") }
}
