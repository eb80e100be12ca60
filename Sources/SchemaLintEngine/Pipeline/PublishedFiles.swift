import SchemaLintFacts
import SchemaLintRules

/// Where this release's files are published. Links point at the running version's tag, so a rule document or a
/// schema opened from a finding or a starter file describes the binary that printed it, not whatever main holds now.
public enum PublishedFiles {
    public static let repository = "https://github.com/schemalint/schemalint"
    public static var tag: String { "v" + SchemaLintVersion.current }

    /// A file as a web page (rule documents).
    public static func page(_ path: String) -> String { "\(repository)/blob/\(tag)/\(path)" }

    /// A file's raw bytes (JSON schemas that editors download).
    public static func raw(_ path: String) -> String {
        "https://raw.githubusercontent.com/schemalint/schemalint/\(tag)/\(path)"
    }
}

/// The JSON schema of `.schemalint.yml` in `schemas/`, which the starter file points YAML language servers at.
public enum ConfigurationSchema {
    public static let path = "schemas/schemalint.schema.json"
    public static var url: String { PublishedFiles.raw(path) }
}
