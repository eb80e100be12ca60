import SchemaLintModel

/// Two versions of a plan with the same store checksum crash SwiftData when the container is created.
public struct DuplicateSchemaHashRule: Rule {
    public let id = RuleID.duplicateSchemaHash
    public let defaultSeverity = Severity.error
    public let summary =
        "Two versions in one plan have the same store checksum (\"Duplicate version checksums\" crash)."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for plan in context.project.plans {
            for (earlier, version) in context.duplicateChecksums(in: plan) {
                guard let analysis = context.analysis(of: version) else { continue }
                let note =
                    analysis.isCertain ? "" : " (schemalint's checksum is uncertain here: \(analysis.uncertainties[0]))"
                let same =
                    earlier.id == version.id
                    ? "\(version.name) is listed twice in \(plan.name).schemas"
                    : "\(version.name) and \(earlier.name) have the same store checksum \(analysis.hashes.checksum)"
                let notes =
                    earlier.id == version.id
                    ? []
                    : [
                        Finding.Note(
                            earlier.location,
                            "\(earlier.name) has the same checksum")
                    ]
                findings.append(
                    finding(
                        version.modelsLocation ?? version.location, about: .version(version.key),
                        .duplicateChecksum(
                            same: same, note: note,
                            listedTwice: earlier.id == version.id),
                        notes: notes))
            }
        }
        return findings
    }
}

extension RuleID {
    public static let duplicateSchemaHash: RuleID = "duplicate_schema_hash"
}

extension Finding.Message {
    static func duplicateChecksum(same: String, note: String, listedTwice: Bool) -> Self {
        Self(
            id: listedTwice ? "listed-twice" : "same-checksum",
            "\(same)\(note): SwiftData stops at launch with "
                + "\"Duplicate version checksums across stages detected\", which no catch can handle. Two versions "
                + "must "
                + "differ in what they store; if nothing changed, drop the newer version")
    }
}
