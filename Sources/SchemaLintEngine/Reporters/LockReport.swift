import SchemaLintFacts
import SchemaLintRules

/// What `schemalint lock` says about one lockfile: why nothing was written (`problems`, on standard error), or what
/// it recorded (`text`).
public struct LockReport {
    public var outcome: Locker.Outcome
    public var path: String
    public var reason: String?
    /// Whether this run writes a lockfile that did not exist, for an app with stores (`Locker.hasStores`).
    public var created: Bool

    public init(outcome: Locker.Outcome, path: String, reason: String?, created: Bool = false) {
        self.outcome = outcome
        self.path = path
        self.reason = reason
        self.created = created
    }

    /// Incomplete versions and conflicts, one line each, then why nothing was written; empty when it can be written.
    public var problems: [String] {
        if !outcome.incomplete.isEmpty {
            return outcome.incomplete.map { "schemalint: error: cannot lock \($0.key): \($0.reason)" }
                + [
                    "schemalint: error: nothing was written: fix the sources above first, so the lockfile records "
                        + "what really ships"
                ]
        }
        if outcome.nothingLockable {
            return outcome.bundlesWithoutCurrent.map { "schemalint: error: cannot lock \($0.key): \($0.why)" }
                + ["schemalint: error: nothing was written: no model version can be locked until it is fixed"]
        }
        guard !outcome.conflicts.isEmpty else { return [] }
        return outcome.conflicts.map {
            "schemalint: error: \($0.key) is locked and has changed since: \($0.changes.joined(separator: "; "))"
        } + [
            "schemalint: nothing was written. Restore the versions above and put the change in a new version, or "
                + "re-record one that never shipped with `schemalint lock --accept NAME --reason \"...\"`"
        ]
    }

    /// Versions this run records whose store checksum another locked version already has: a plan listing both
    /// crashes at launch with "Duplicate version checksums". Locking them is allowed (a lockfile records what
    /// shipped), but never silently; `lock --strict` refuses. An unversioned state is in no plan: the first
    /// version of a plan adopted later must have its checksum, so it never counts.
    public var duplicateChecksums: [String] {
        let versions = outcome.lockfile.versions
        let new = Set(outcome.recorded + outcome.accepted)
        let keys = outcome.lockfile.versionKeys.filter { !ImplicitVersionKeys.isImplicit($0) }
        let order = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
        let groups = Dictionary(grouping: keys) { versions[$0]?.checksum ?? "" }
        return groups.filter { checksum, keys in
            !checksum.isEmpty && keys.count > 1 && keys.contains(where: new.contains)
        }
            .sorted { order[$0.value[0], default: 0] < order[$1.value[0], default: 0] }
            .map { checksum, keys in
                "\(keys.joined(separator: " and ")) have the same store checksum (\(checksum)): a plan that lists "
                    + "both stops at launch with \"Duplicate version checksums\". Make the newer one differ before "
                    + "it ships (`schemalint diff` shows what changed)"
            }
    }

    public func text() -> String {
        var lines: [String] = []
        for key in outcome.recorded { lines.append("locked \(key) \(checksum(key))\(verified(key))") }
        for key in outcome.remapped {
            let certainty =
                outcome.lockfile.entry(key)?.checksumUncertainties == nil ? "now certain" : "still uncertain"
            let was = outcome.renamedStates[key].map { ", was \($0)" } ?? ""
            lines.append(
                "re-recorded \(key) \(checksum(key)): same source, mapped by this release "
                    + "(checksum \(certainty)\(was))")
        }
        for key in outcome.renamedTypes {
            lines.append(
                "re-recorded \(key) \(checksum(key)): a Codable type it stores was renamed; the store holds the same "
                    + "columns")
        }
        for key in outcome.evidence { lines.append("recorded store evidence for \(key)\(verified(key))") }
        for (key, stores) in outcome.assigned {
            lines.append("recorded that \(stores.joined(separator: ", ")) holds \(key)")
        }
        for (key, why) in outcome.unassigned { lines.append("kept \(key) as it was: \(why)") }
        for (key, why) in outcome.declaredOnly {
            lines.append("not locked \(key): \(why), so no user's store holds it")
        }
        for (key, why) in outcome.unread {
            lines.append("not locked \(key): \(why)")
        }
        for (store, why) in outcome.untold {
            lines.append("recorded nothing for \(store): \(why); its stores are not checked until it can be")
        }
        for (key, why) in outcome.unsupported {
            lines.append("not locked \(key): \(why); stores written with it are not checked")
        }
        for (key, why) in outcome.unreadable {
            lines.append(
                "locked \(key) by its bytes only: its model file \(why); an edit to it is caught, not what it changes")
        }
        for (key, why) in outcome.bundlesWithoutCurrent {
            lines.append("not locked \(key): \(why)")
        }
        for key in outcome.notCompiled {
            lines.append(
                "not locked \(key): no target compiles it (if a shipped build did, its stores still exist: keep it "
                    + "compiled and locked while they may)")
        }
        for key in outcome.testOnly {
            lines.append("not locked \(key): only test targets compile it, so no user's store holds it")
        }
        for key in outcome.accepted { lines.append("re-recorded \(key) \(checksum(key)) (accepted: \(reason ?? ""))") }
        for key in outcome.retired { lines.append("retired \(key) (accepted: \(reason ?? ""))") }
        for (key, bundles) in outcome.rekeyed {
            lines.append(
                "replaced \(key): \(bundles.count) bundles have this name, and an earlier release locked them as one "
                    + "(mixing their versions); each is locked under its own key now ("
                    + bundles.joined(separator: ", ") + ")")
        }
        for (bundle, from, to) in outcome.currentVersions {
            lines.append("recorded \(to) as the current version of \(bundle)" + (from.map { " (was \($0))" } ?? ""))
        }
        if !outcome.digests.isEmpty {
            let count = outcome.digests.count
            lines.append(
                "recorded the contents digest of \(count) unchanged model version\(count == 1 ? "" : "s"): check "
                    + "takes their hashes from the lockfile while their bytes stay the same")
        }
        if !outcome.mappingRecords.isEmpty {
            lines.append(
                "recorded what the mapping models of " + outcome.mappingRecords.joined(separator: ", ")
                    + " embed: check takes it from the lockfile while their bytes stay the same")
        }
        if outcome.lockfile.resolvedConflict {
            let count = outcome.lockfile.versions.count + (outcome.lockfile.coreData?.count ?? 0)
            lines.append(
                "merged both sides of the git conflict in \(path): \(count) entr\(count == 1 ? "y" : "ies") kept, "
                    + "written back without conflict markers (review the diff, then `git add \(path)`)")
        } else if !outcome.changed, created {
            lines.append("wrote \(path): no state recorded yet")
        } else if !outcome.changed {
            lines.append("\(path) is up to date (\(outcome.unchanged.count) locked versions unchanged)")
        }
        return lines.map { $0 + "\n" }.joined()
    }

    private func checksum(_ key: String) -> String { outcome.lockfile.entry(key)?.checksum ?? "?" }

    private func verified(_ key: String) -> String {
        let stores = outcome.lockfile.entry(key)?.stores ?? []
        return stores.isEmpty ? "" : " (matches store \(stores.map(\.path).joined(separator: ", ")))"
    }
}
