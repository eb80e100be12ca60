import SchemaLintFacts
import SchemaLintModel

/// Two versions of a plan with the same store checksum crash SwiftData when the container is created.
public struct DuplicateSchemaHashRule: Rule {
    public let id = RuleID.duplicateSchemaHash
    public let defaultSeverity = Severity.error
    /// A warning for a plan that runs no stage: nothing compares the versions until one is added.
    public let severities: [Severity] = [.error, .warning]
    public let summary =
        "Two versions in one plan have the same store checksum (\"Duplicate version checksums\" crash)."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for plan in context.project.plans {
            // A plan that runs no stage (`stages: []`) sets up no staged migration: SwiftData infers from the store,
            // and two alike versions are never compared (TeacherAssistant kept such a plan for ten commits). A
            // warning: the first stage added crashes.
            let runsNoStage = plan.stages?.isEmpty == true
            for (earlier, version) in context.duplicateChecksums(in: plan) {
                guard let analysis = context.analysis(of: version) else { continue }
                let uncertainty = analysis.isCertain ? nil : analysis.uncertainties[0]
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
                            version.name, earlier: earlier.id == version.id ? nil : earlier.name, plan: plan.name,
                            checksum: analysis.hashes.checksum, uncertainty: uncertainty, runsNoStage: runsNoStage),
                        severity: runsNoStage ? .warning : nil, notes: notes))
            }
        }
        return findings
    }
}

extension RuleID {
    public static let duplicateSchemaHash: RuleID = "duplicate_schema_hash"
}

extension Finding.Message {
    /// `earlier` is nil when the plan lists `version` twice.
    static func duplicateChecksum(
        _ version: String, earlier: String?, plan: String, checksum: String, uncertainty: String?,
        runsNoStage: Bool = false
    ) -> Self {
        let crash =
            "SwiftData stops at launch with \"Duplicate version checksums across stages detected\", which no catch can "
            + "handle"
        let uncertain = uncertainty.map { ["schemalint's checksum is uncertain here: \($0)"] } ?? []
        if runsNoStage {
            let pair = earlier.map { "\(version) and \($0) have" } ?? "\(version) is listed twice and has"
            return Self(
                id: "same-checksum-no-stages",
                "\(pair) one store checksum: harmless while \(plan) runs no stage, a crash once one does",
                detail: ([
                    "\(plan).stages is empty, so SwiftData sets up no staged migration and infers each store's "
                        + "migration from what it holds; the first stage added sets one up"
                ] + uncertain + [crash]).joined(separator: ". "),
                fix: "Two versions must differ in what they store; if nothing changed, drop the newer version")
        }
        guard let earlier else {
            return Self(
                id: "listed-twice",
                "\(version) is listed twice in \(plan).schemas: the app crashes at every launch",
                detail: ([crash] + uncertain).joined(separator: ". "),
                fix: "List \(version) once in \(plan).schemas")
        }
        return Self(
            id: "same-checksum",
            "\(version) and \(earlier) have the same store checksum: the app crashes at every launch",
            detail: (["Both have the store checksum \(checksum)"] + uncertain + [crash]).joined(separator: ". "),
            fix: "Two versions must differ in what they store; if nothing changed, drop the newer version (and its "
                + "stage)")
    }
}
