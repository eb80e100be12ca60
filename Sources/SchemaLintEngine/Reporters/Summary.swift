import SchemaLintFacts
import SchemaLintRules

/// The counts and the files a run read, printed after the findings.
public struct Summary: Sendable {
    public var errors: Int
    public var warnings: Int
    public var notes: Int
    /// Secondary locations attached to findings (`note:` lines in xcode output): not findings themselves.
    public var relatedLocations: Int
    public var filesFound: Int
    public var filesParsed: Int
    public var versions: Int
    /// Store fixtures verified (`stores:`).
    public var stores: Int = 0
    /// Core Data model versions read from model bundles.
    public var modelVersions: Int = 0
    /// The lockfiles read (relative to the working directory), one per app that has one.
    public var lockfiles: [String] = []
    /// The configuration files read.
    public var configurations: [String] = []
    /// Apps that have versioned schemas and no lockfile: where `lock` would write one.
    public var missingLockfiles: [String] = []
    /// The rules that could report, for reporters that describe them (SARIF).
    public var rules: [RuleDescriptor] = RuleDescriptor.all

    public init(findings: [Finding], statistics: Analysis.Statistics, versions: Int, stores: Int = 0) {
        errors = findings.filter { $0.severity == .error }.count
        warnings = findings.filter { $0.severity == .warning }.count
        notes = findings.filter { $0.severity == .note }.count
        relatedLocations = findings.reduce(0) { $0 + $1.notes.count }
        filesFound = statistics.filesFound
        filesParsed = statistics.filesParsed
        self.versions = versions
        self.stores = stores
    }

    /// The line printed on stderr after xcode output.
    public var line: String {
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        let parts =
            [plural(versions, "schema version")]
            + (modelVersions > 0 ? [plural(modelVersions, "Core Data model version")] : [])
            + (stores > 0 ? [plural(stores, "store file")] : [])
        let checked = parts.count == 1 ? parts[0] : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
        let counts =
            "\(plural(errors, "error")), \(plural(warnings, "warning"))"
            + (notes > 0 ? ", \(plural(notes, "note"))" : "")
        var line = "schemalint: \(counts) in \(checked) (\(plural(filesFound, "Swift file")), \(filesParsed) parsed)"
        if relatedLocations > 0 {
            line += "; \(plural(relatedLocations, "related location")) (the `note: ↳` lines) not counted as findings"
        }
        var read: [String] = []
        if !lockfiles.isEmpty { read.append("lockfile \(lockfiles.joined(separator: ", "))") }
        if !missingLockfiles.isEmpty { read.append("no lockfile at \(missingLockfiles.joined(separator: ", "))") }
        if !configurations.isEmpty { read.append("configuration \(configurations.joined(separator: ", "))") }
        if !read.isEmpty { line += "; " + read.joined(separator: "; ") }
        return line
    }
}
