import SchemaLintFacts
import SchemaLintRules

/// What `fixtures` prints: one line per state written (file, what identifies it, where the model came from) and one
/// per state it could not write, with the reason.
public enum FixtureReport {
    public static func text(_ outcome: FixtureExport.Outcome, folder: String) -> String {
        var lines: [String] = []
        for state in outcome.written {
            var identity = state.versionIdentifiers.filter { !$0.isEmpty }
            if let checksum = state.checksum { identity.append("checksum \(checksum)") }
            identity.append("\(state.schema?.entities.count ?? 0) entities")
            lines.append(
                "wrote \(state.fileName): \(state.key) (\(identity.joined(separator: ", "))) from \(state.origin)")
        }
        for state in outcome.skipped {
            lines.append("note: no fixture for \(state.key): \(state.unavailable ?? "its model could not be built")")
        }
        let count = outcome.written.count
        lines.append(
            "\(count) fixture\(count == 1 ? "" : "s") in \(folder)"
                + (outcome.skipped.isEmpty ? "" : ", \(outcome.skipped.count) state(s) without one"))
        return lines.joined(separator: "\n") + "\n"
    }
}
