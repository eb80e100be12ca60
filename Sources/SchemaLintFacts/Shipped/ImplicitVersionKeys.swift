import SchemaLintModel

/// An implicit version (what an unversioned app container stores) is known by what it stores: its lockfile key carries
/// its checksum (`Unversioned@4IIuZabG`), so each state a release shipped is locked beside the earlier ones and never
/// read as an edit of them.
public enum ImplicitVersionKeys {
    /// `analyses`: one per version whose models were read, in the order of `project.versions`.
    package static func assign(_ project: inout Project, _ analyses: inout [VersionAnalysis]) {
        var analysed = 0
        for index in project.versions.indices where project.versions[index].modelsUnread == nil {
            defer { analysed += 1 }
            guard project.versions[index].isImplicit else { continue }
            let key = key(checksum: analyses[analysed].hashes.checksum)
            project.versions[index].key = key
            analyses[analysed].key = key
        }
    }

    public static func key(checksum: String) -> String {
        "\(prefix)\(String(checksum.filter { $0.isLetter || $0.isNumber }.prefix(8)))"
    }

    public static let prefix = "Unversioned@"

    public static func isImplicit(_ key: String) -> Bool { key.hasPrefix(prefix) }
}
