import Foundation
import SchemaLintFacts
import SchemaLintRules

/// One report a `check` run writes: a format and where it goes. `--reporter sarif:schemalint.sarif` writes a file
/// beside the report on standard output, so a CI job gets annotations and a SARIF upload from one run (the way
/// golangci-lint's `format:path` does); `--output FILE` sends the standard-output report to a file instead.
public struct ReportDestination: Equatable, Sendable {
    public var kind: ReporterKind
    /// Nil: standard output.
    public var path: String?

    public init(kind: ReporterKind, path: String? = nil) {
        self.kind = kind
        self.path = path
    }

    /// `KIND` or `KIND:FILE`; the file may itself contain colons (split at the first one).
    public init?(argument: String) {
        let parts = argument.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let kind = ReporterKind(rawValue: String(parts[0])) else { return nil }
        if parts.count == 2 {
            guard !parts[1].isEmpty else { return nil }
            self.init(kind: kind, path: String(parts[1]))
        } else {
            self.init(kind: kind)
        }
    }

    public enum Failure: Error, CustomStringConvertible, Equatable {
        case twoOnStandardOutput(ReporterKind, ReporterKind)
        case samePath(String)

        public var description: String {
            switch self {
            case .twoOnStandardOutput(let first, let second):
                return "both the \(first.rawValue) and the \(second.rawValue) report would go to standard output; "
                    + "give one a file: --reporter \(second.rawValue):schemalint.\(second.fileExtension)"
            case .samePath(let path):
                return "two reports would be written to \(path); give each its own file"
            }
        }
    }

    /// The reports to write: `requested` from the command line, else the configuration's format, else xcode; an
    /// `output` file takes the report that has no file of its own.
    public static func resolve(
        _ requested: [ReportDestination], configured: ReporterKind?, output: String?
    ) throws -> [ReportDestination] {
        var destinations = requested.isEmpty ? [ReportDestination(kind: configured ?? .xcode)] : requested
        let unrouted = destinations.indices.filter { destinations[$0].path == nil }
        if unrouted.count > 1 {
            throw Failure.twoOnStandardOutput(destinations[unrouted[0]].kind, destinations[unrouted[1]].kind)
        }
        if let output {
            if let index = unrouted.first {
                destinations[index].path = output
            } else {
                destinations.append(ReportDestination(kind: configured ?? .xcode, path: output))
            }
        }
        var seen = Set<String>()
        for case let path? in destinations.map(\.path) where !seen.insert(path).inserted {
            throw Failure.samePath(path)
        }
        return destinations
    }
}

extension ReporterKind {
    /// The usual file extension of the format, for messages that suggest a file name.
    public var fileExtension: String {
        switch self {
        case .xcode: return "txt"
        case .json, .codeclimate: return "json"
        case .sarif: return "sarif"
        case .github: return "log"
        case .junit: return "xml"
        }
    }
}
