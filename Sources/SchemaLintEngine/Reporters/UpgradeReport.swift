/// `schemalint upgrades` rendered: plain text for a terminal, JSON for tools, Markdown for a GitHub job summary or a
/// pull-request comment.
public enum UpgradeReport {
    public enum Format: String, CaseIterable, Sendable {
        case text, json, markdown
    }

    public static func render(_ matrix: UpgradeMatrix, as format: Format) -> String {
        switch format {
        case .text: return text(matrix)
        case .json: return json(matrix)
        case .markdown: return markdown(matrix)
        }
    }

    static func text(_ matrix: UpgradeMatrix) -> String {
        guard !matrix.rows.isEmpty else {
            return "No locked states or store fixtures: run `schemalint lock` when a release ships.\n"
        }
        return matrix.rows.map { row in
            let lines = describe(row.outcome)
            let name = row.store.map { "\(row.name) in \($0)" } ?? row.name
            return "\(name): \(lines[0])\n" + lines.dropFirst().map { "\(name):   \($0)\n" }.joined()
        }.joined()
    }

    static func markdown(_ matrix: UpgradeMatrix) -> String {
        var text = "### Will every store open with this build?\n\n"
        guard !matrix.rows.isEmpty else {
            return text + "No locked states or store fixtures yet: run `schemalint lock` when a release ships.\n"
        }
        text += "| state | | what this build does |\n|---|---|---|\n"
        for row in matrix.rows {
            let lines = describe(row.outcome)
            let cell = lines.map(escape).joined(separator: "<br>")
            let mark = row.outcome.fails ? "❌" : row.outcome.warns ? "⚠️" : row.outcome == .declaredOnly ? "➖" : "✅"
            let name = row.store.map { "`\(row.name)` in \(escape($0))" } ?? "`\(row.name)`"
            text += "| \(name) | \(mark) | \(cell) |\n"
        }
        return text
    }

    static func json(_ matrix: UpgradeMatrix) -> String {
        JSONValue.object([
            "states": .array(
                matrix.rows.map { row in
                    let (kind, detail) = outcomeFields(row.outcome)
                    return .object(
                        [
                            ("name", .string(row.name)),
                            ("kind", .string(row.isStore ? "store" : "locked")),
                            ("checksum", row.checksum.map(JSONValue.string)),
                            ("outcome", .string(kind)),
                            ("opens", .bool(!row.outcome.fails && !row.outcome.warns && row.outcome != .declaredOnly)),
                            ("store", row.store.map(JSONValue.string)),
                        ] + detail)
                })
        ]).rendered()
    }

    /// The first line says what happens; the next ones, why it fails.
    public static func describe(_ outcome: UpgradeMatrix.Outcome) -> [String] {
        switch outcome {
        case let .opensAsIs(version):
            return ["opens as is (\(version))"]
        case let .staged(from, steps):
            return ["migrates from \(from): " + steps.joined(separator: ", ")]
        case let .inferred(target, blockers):
            return blockers.isEmpty
                ? ["opens: no stage runs, SwiftData infers a lightweight migration to \(target)"]
                : ["fails: no stage runs and SwiftData cannot infer the migration to \(target) (134110)"] + blockers
        case let .unknown(plan):
            return ["fails: \(plan) runs stages and has no version with this checksum (134504)"]
        case .notOpened:
            return ["not opened: nothing in the sources opens a store of this state"]
        case let .edited(plan, checksum):
            return [
                "fails: edited since it was locked (its checksum is now \(checksum)), and \(plan) runs stages, so "
                    + "stores the shipped build wrote are unknown to it (134504)"
            ]
        case let .storeGone(stores):
            return [
                "not opened: it was locked in \(stores.joined(separator: ", ")), which no app container opens any "
                    + "more; users' data there is left behind"
            ]
        case let .storeUnmatched(stores):
            return [
                "cannot tell: it was locked in \(stores.joined(separator: ", ")), which matches no store opened now, "
                    + "and one of them is named by a URL expression or a platform-dependent constant"
            ]
        case .declaredOnly:
            return ["no store holds it: no app container opens this version or a plan listing it"]
        case let .cannotTell(why):
            return ["cannot tell: \(why)"]
        case let .modelInferred(target, blockers):
            return blockers.isEmpty
                ? ["opens: Core Data infers a lightweight migration to \(target)"]
                : ["fails: Core Data cannot infer the migration to \(target) and no mapping model covers it (134140)"]
                    + blockers
        case let .modelEdited(bundle, checksum):
            return [
                "fails unless Core Data infers from the model cached in each store: edited since it was locked (its "
                    + "checksum is now \(checksum)), so no version of \(bundle) matches the stores it wrote (134130)"
            ]
        case let .modelMissing(bundle, why):
            return ["fails: \(why), so no version of \(bundle) matches the stores it wrote (134130)"]
        case let .modelGone(bundle, why):
            return [
                "not opened: \(why), so nothing here opens the stores \(bundle) wrote; users' data there is left "
                    + "behind, unless the app loads the model from elsewhere (a package)"
            ]
        }
    }

    private static func outcomeFields(_ outcome: UpgradeMatrix.Outcome) -> (String, [(String, JSONValue?)]) {
        switch outcome {
        case let .opensAsIs(version): return ("opensAsIs", [("version", .string(version))])
        case let .staged(from, steps): return ("staged", [("from", .string(from)), ("steps", .strings(steps))])
        case let .inferred(target, blockers):
            return ("inferred", [("target", .string(target)), ("blockers", .strings(blockers))])
        case let .unknown(plan): return ("unknownToPlan", [("plan", .string(plan))])
        case .notOpened: return ("notOpened", [])
        case let .edited(plan, checksum): return ("edited", [("plan", .string(plan)), ("checksum", .string(checksum))])
        case let .storeGone(stores): return ("storeGone", [("stores", .strings(stores))])
        case let .storeUnmatched(stores): return ("storeUnmatched", [("stores", .strings(stores))])
        case .declaredOnly: return ("declaredOnly", [])
        case let .cannotTell(why): return ("cannotTell", [("why", .string(why))])
        case let .modelInferred(target, blockers):
            return ("modelInferred", [("target", .string(target)), ("blockers", .strings(blockers))])
        case let .modelEdited(bundle, checksum):
            return ("modelEdited", [("bundle", .string(bundle)), ("checksum", .string(checksum))])
        case let .modelMissing(bundle, why):
            return ("modelMissing", [("bundle", .string(bundle)), ("why", .string(why))])
        case let .modelGone(bundle, why): return ("modelGone", [("bundle", .string(bundle)), ("why", .string(why))])
        }
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
