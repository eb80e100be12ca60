import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules
import SchemaLintStore

/// `schemalint verify-store`: per store, the version it matches (and the plans that list it), or the nearest
/// version and what differs.
public struct StoreVerificationReport {
    public var verdicts: [StoreVerdict]
    public var project: Project

    public init(verdicts: [StoreVerdict], project: Project) {
        self.verdicts = verdicts
        self.project = project
    }

    public func text() -> String {
        verdicts.map { verdict in
            let store = verdict.metadata.path
            let checksum = verdict.metadata.checksum ?? "none recorded"
            var lines: [String] = []
            if !verdict.lockedStates.isEmpty {
                let states = verdict.lockedStates.joined(separator: ", ")
                lines.append("\(store): holds locked state \(states) (its hashes are the lockfile's)")
            }
            if verdict.matchesAVersion {
                lines.append(
                    "\(store): matches \(verdict.matches.map(described).joined(separator: ", ")) "
                        + "(checksum \(checksum)); it opens without migration")
                lines += verdict.notes.map { "\(store): warning: \($0)" }
            } else if let inference = verdict.inference {
                lines.append(
                    "\(store): \(inference.blockers.isEmpty ? "" : "error: ")matches no version in the source "
                        + "(checksum \(checksum)), and no migration stage runs: SwiftData infers a lightweight "
                        + "migration from the store's own model to \(inference.target)"
                        + (inference.blockers.isEmpty
                            ? "; it can, so the store opens" : ", which cannot be inferred, so opening it fails:"))
                lines += inference.blockers.map { "\(store):   \($0)" }
                // What the store holds that no version declares: the edit that moved its checksum.
                if let nearest = verdict.nearest, !verdict.differences.isEmpty {
                    lines.append("\(store): it differs from the nearest version, \(nearest):")
                    lines += verdict.differences.map { "\(store):   \($0)" }
                }
            } else if isCoreData(verdict) {
                // Core Data looks for the model that wrote the store among the bundle's versions, by entity hashes.
                lines.append(
                    "\(store): error: matches no model version in the source (checksum \(checksum)): Core Data "
                        + "finds no model in the bundle for it, so it cannot migrate it (134130 \"Can't find model "
                        + "for source store\"; 134100 when automatic migration is off), and the store does not open")
            } else {
                lines.append(
                    "\(store): error: matches no version in the source (checksum \(checksum)): SwiftData "
                        + "would fail to open it with 134504 \"unknown model version\"")
                if let check = HashSelfCheck(verdict.metadata), !check.passed {
                    lines.append(
                        "\(store): warning: the store's cached model does not reproduce its own recorded "
                            + "hashes (\(check.mismatches.joined(separator: "; "))); the differences below may be "
                            + "incomplete")
                }
                if let nearest = verdict.nearest {
                    lines.append("\(store): nearest version: \(nearest)")
                    lines += verdict.differences.map { "\(store):   \($0)" }
                }
            }
            if !verdict.matchesAVersion, let explanation = verdict.explanation {
                lines += explanation.lines.map { "\(store): note: \($0)" }
            }
            return lines.joined(separator: "\n") + "\n"
        }.joined()
    }

    /// Whether the store is to be opened with a Core Data model bundle: its nearest version is one, or the source has
    /// bundles and no SwiftData version.
    func isCoreData(_ verdict: StoreVerdict) -> Bool {
        if let nearest = verdict.nearest { return Lockfile.split(modelKey: nearest) != nil }
        return project.versions.isEmpty && !project.modelBundles.isEmpty
    }

    public func json() -> String {
        JSONValue.object([
            "stores": .array(
                verdicts.map { verdict in
                    .object([
                        ("path", .string(verdict.metadata.path)),
                        ("checksum", verdict.metadata.checksum.map(JSONValue.string)),
                        ("identifiers", .strings(verdict.metadata.identifiers)),
                        ("matches", .strings(verdict.matches)),
                        ("lockedStates", .strings(verdict.lockedStates)),
                        ("notes", .strings(verdict.notes)),
                        ("nearest", verdict.nearest.map(JSONValue.string)),
                        ("differences", .strings(verdict.differences)),
                        ("opens", .bool(verdict.opens)),
                        ("inferredTo", verdict.inference.map { JSONValue.string($0.target) }),
                        ("inferenceBlockers", verdict.inference.map { JSONValue.strings($0.blockers) }),
                        ("explanation", verdict.explanation.map { JSONValue.strings($0.lines) }),
                    ])
                })
        ]).rendered()
    }

    /// "SchemaV2 in MigrationPlan": the plans whose schemas list the version.
    private func described(_ key: String) -> String {
        guard let version = project.version(key: key) else { return key }
        let plans = project.plans.filter { $0.schemas?.contains { $0.version == version.id } == true }.map(\.name)
        return plans.isEmpty ? key : "\(key) in \(plans.joined(separator: ", "))"
    }
}
