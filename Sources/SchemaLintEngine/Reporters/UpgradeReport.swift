import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules

/// `schemalint upgrades` rendered: plain text for a terminal, JSON for tools, Markdown for a GitHub job summary or a
/// pull-request comment.
public enum UpgradeReport {
    public enum Format: String, CaseIterable, Sendable {
        case text, json, markdown
    }

    /// `verbose`: every step of a staged path and every reason a migration fails, on lines of their own; without
    /// it, one line per state and store, so a history of a hundred versions stays a list one can read.
    public static func render(_ matrix: UpgradeMatrix, as format: Format, verbose: Bool = false) -> String {
        switch format {
        case .text: return text(matrix, verbose: verbose)
        case .json: return json(matrix)
        case .markdown: return markdown(matrix, verbose: verbose)
        }
    }

    static func text(_ matrix: UpgradeMatrix, verbose: Bool = false) -> String {
        guard !matrix.rows.isEmpty else {
            return "No locked states or store fixtures: run `schemalint lock` when a release ships.\n"
        }
        return matrix.rows.map { row in
            let name = row.store.map { "\(row.name) in \($0)" } ?? row.name
            guard verbose else { return "\(name): \(summary(row.outcome))\n" }
            let lines = describe(row.outcome)
            return "\(name): \(lines[0])\n" + lines.dropFirst().map { "\(name):   \($0)\n" }.joined()
        }.joined()
    }

    /// Grouped by store: each store's counts, then a table of the states that do not open, then (folded when there
    /// are many) the states that do.
    static func markdown(_ matrix: UpgradeMatrix, verbose: Bool = false) -> String {
        var text = "### Will every store open with this build?\n\n"
        guard !matrix.rows.isEmpty else {
            return text + "No locked states or store fixtures yet: run `schemalint lock` when a release ships.\n"
        }
        var order: [String?] = []
        var byStore: [String?: [UpgradeMatrix.Row]] = [:]
        for row in matrix.rows {
            if byStore[row.store] == nil { order.append(row.store) }
            byStore[row.store, default: []].append(row)
        }
        for store in order {
            let rows = byStore[store] ?? []
            let failing = rows.filter { $0.outcome.fails }
            let warning = rows.filter { $0.outcome.warns }
            let rest = rows.filter { !$0.outcome.fails && !$0.outcome.warns }
            let unheld = rest.filter { $0.outcome == .declaredOnly }.count
            var counts = ["\(rows.count) state\(rows.count == 1 ? "" : "s")"]
            if !failing.isEmpty { counts.append("\(failing.count) ❌ fail") }
            let deleting = warning.filter { $0.outcome.deletesData }.count
            if deleting > 0 { counts.append("\(deleting) ⚠️ open deleting data") }
            if warning.count > deleting {
                counts.append("\(warning.count - deleting) ⚠️ left behind or cannot tell")
            }
            if rest.count > unheld { counts.append("\(rest.count - unheld) ✅ open") }
            if unheld > 0 { counts.append("\(unheld) ➖ held by no store") }
            text += "#### \(store.map(escape) ?? "The app's store"): \(counts.joined(separator: ", "))\n\n"
            if !failing.isEmpty || !warning.isEmpty {
                text += table(failing + warning, verbose: verbose) + "\n"
            }
            guard !rest.isEmpty else { continue }
            if rest.count > 8 && failing.count + warning.count > 0 {
                text += "<details><summary>\(rest.count) more states</summary>\n\n"
                text += table(rest, verbose: verbose) + "\n</details>\n\n"
            } else {
                text += table(rest, verbose: verbose) + "\n"
            }
        }
        return text
    }

    private static func table(_ rows: [UpgradeMatrix.Row], verbose: Bool) -> String {
        var text = "| state | | what this build does |\n|---|---|---|\n"
        for row in rows {
            let cell =
                verbose ? describe(row.outcome).map(escape).joined(separator: "<br>") : escape(summary(row.outcome))
            let mark = row.outcome.fails ? "❌" : row.outcome.warns ? "⚠️" : row.outcome == .declaredOnly ? "➖" : "✅"
            text += "| `\(row.name)` | \(mark) | \(cell) |\n"
        }
        return text
    }

    /// One line: the verdict and a summary of the path (`migrates from V1 to V21: 20 steps, 4 custom`), or the
    /// first reason a migration fails and how many more `--verbose` lists.
    public static func summary(_ outcome: UpgradeMatrix.Outcome) -> String {
        switch outcome {
        case let .staged(from, steps):
            let drops = steps.flatMap { $0.drops + $0.risks }
            let deleting =
                drops.isEmpty
                ? "" : ", " + drops[0] + (drops.count > 1 ? " (+\(drops.count - 1) more; --verbose lists them)" : "")
            guard steps.count > 1 else { return "migrates from \(from)\(deleting): " + (steps.first?.text ?? "") }
            let kinds: [(UpgradeMatrix.Step.Kind, String)] = [
                (.custom, "custom"), (.lightweight, "lightweight"), (.inferred, "inferred"), (.mapped, "mapped"),
            ]
            let counts = kinds.compactMap { kind, word -> String? in
                let count = steps.filter { $0.kind == kind }.count
                return count == 0 ? nil : "\(count) \(word)"
            }
            return "migrates from \(from)\(deleting): \(steps.count) steps (\(counts.joined(separator: ", ")))"
        default:
            let lines = describe(outcome)
            guard lines.count > 1 else { return lines[0] }
            let more = lines.count - 2
            return lines[0] + ": " + lines[1] + (more > 0 ? " (+\(more) more; --verbose lists them)" : "")
        }
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
                            (
                                "opens",
                                .bool(
                                    !row.outcome.fails && (!row.outcome.warns || row.outcome.deletesData)
                                        && row.outcome != .declaredOnly)
                            ),
                            ("deletesData", row.outcome.deletesData ? .bool(true) : nil),
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
            let caveat = caveats(drops: steps.flatMap(\.drops), risks: steps.flatMap(\.risks))
            return ["migrates from \(from)\(caveat):"]
                + steps.map { step in ([step.text] + step.drops + step.risks).joined(separator: "; ") }
        case let .inferred(target, blockers, drops, risks):
            guard blockers.isEmpty else {
                return ["fails: no stage runs and SwiftData cannot infer the migration to \(target) (134110)"]
                    + blockers
            }
            return ["opens\(caveats(drops: drops, risks: risks)): no stage runs, SwiftData infers a lightweight "
                + "migration to \(target)"] + drops + risks
        case let .unknown(plan):
            return ["fails: \(plan) runs stages and has no version with this checksum (134504)"]
        case let .stepFails(from, step, blockers):
            return ["fails: migrating from \(from), SwiftData cannot infer \(step) (134110)"] + blockers
        case let .planCrashes(plan, versions):
            return [
                "fails: \(plan) lists \(versions.joined(separator: " and ")) with one checksum: SwiftData stops at "
                    + "launch (\"Duplicate version checksums\")"
            ]
        case .notOpened:
            return ["not opened: nothing in the sources opens a store of this state"]
        case let .edited(plan, checksum):
            return [
                "fails: edited since it was locked (its checksum is now \(checksum)), and \(plan) runs stages, so "
                    + "stores the shipped build wrote are unknown to it (134504)"
            ]
        case let .storeGone(stores):
            // Each store as a user knows it, never by its lockfile key.
            let named = stores.map(StoreLocation.displayName(key:)).joined(separator: ", ")
            return [
                "not opened: it was locked in \(named), which no app container opens any more; users' data there is "
                    + "left behind"
            ]
        case let .storeUnmatched(stores):
            let named = stores.map(StoreLocation.displayName(key:)).joined(separator: ", ")
            return [
                "cannot tell: it was locked in \(named), which matches no store opened now, and one of them is named "
                    + "by a URL expression or a platform-dependent constant"
            ]
        case .declaredOnly:
            return ["no store holds it: no app container opens this version or a plan listing it"]
        case let .cannotTell(why):
            return ["cannot tell: \(why)"]
        case let .modelInferred(target, blockers, risks):
            return blockers.isEmpty
                ? ["opens\(caveats(drops: [], risks: risks)): Core Data infers a lightweight migration to \(target)"]
                    + risks
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

    /// `, deleting data`, ` unless stored data stops it`: what the first line of a path that opens adds.
    private static func caveats(drops: [String], risks: [String]) -> String {
        (drops.isEmpty ? "" : ", deleting data") + (risks.isEmpty ? "" : " unless stored data stops it")
    }

    private static func outcomeFields(_ outcome: UpgradeMatrix.Outcome) -> (String, [(String, JSONValue?)]) {
        switch outcome {
        case let .opensAsIs(version): return ("opensAsIs", [("version", .string(version))])
        case let .staged(from, steps):
            let drops = steps.flatMap(\.drops), risks = steps.flatMap(\.risks)
            return (
                "staged",
                [
                    ("from", .string(from)), ("steps", .strings(steps.map(\.text))),
                    ("drops", drops.isEmpty ? nil : .strings(drops)), ("risks", risks.isEmpty ? nil : .strings(risks)),
                ]
            )
        case let .inferred(target, blockers, drops, risks):
            return (
                "inferred",
                [
                    ("target", .string(target)), ("blockers", .strings(blockers)),
                    ("drops", drops.isEmpty ? nil : .strings(drops)), ("risks", risks.isEmpty ? nil : .strings(risks)),
                ]
            )
        case let .unknown(plan): return ("unknownToPlan", [("plan", .string(plan))])
        case let .stepFails(from, step, blockers):
            return ("stepFails", [("from", .string(from)), ("step", .string(step)), ("blockers", .strings(blockers))])
        case let .planCrashes(plan, versions):
            return ("planCrashes", [("plan", .string(plan)), ("versions", .strings(versions))])
        case .notOpened: return ("notOpened", [])
        case let .edited(plan, checksum): return ("edited", [("plan", .string(plan)), ("checksum", .string(checksum))])
        case let .storeGone(stores): return ("storeGone", [("stores", .strings(stores))])
        case let .storeUnmatched(stores): return ("storeUnmatched", [("stores", .strings(stores))])
        case .declaredOnly: return ("declaredOnly", [])
        case let .cannotTell(why): return ("cannotTell", [("why", .string(why))])
        case let .modelInferred(target, blockers, risks):
            return (
                "modelInferred",
                [
                    ("target", .string(target)), ("blockers", .strings(blockers)),
                    ("risks", risks.isEmpty ? nil : .strings(risks)),
                ]
            )
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
