import Foundation
import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules

/// Two branches that each locked a state leave `schemalint.lock` with git conflict markers. Entries are keyed by
/// version (and unversioned states by checksum), so both sides can usually be kept: `lock` reads each side on its own
/// and takes the union. A key both sides recorded differently is never picked silently: it is named and the user
/// decides.
public enum LockfileMerge {
    public enum Failure: Error, CustomStringConvertible, Equatable {
        case disagree(path: String, keys: [String])
        case unreadableSide(path: String, detail: String)

        public var description: String {
            switch self {
            case let .disagree(path, keys):
                return "lockfile \(path) has merge-conflict markers and both sides recorded "
                    + "\(keys.joined(separator: ", ")) differently. Keep the side that describes what shipped "
                    + "(`git checkout --ours/--theirs \(path)`, or edit the entry), then run `schemalint lock` again"
            case let .unreadableSide(path, detail):
                return "lockfile \(path) has merge-conflict markers and one side is not a valid lockfile (\(detail)). "
                    + "Resolve the conflict by hand, keeping both sides' entries"
            }
        }
    }

    /// The lockfile with both sides of every conflict kept, or nil when the file has no conflict markers.
    public static func merged(_ text: String, path: String) throws -> Lockfile? {
        guard let (ours, theirs) = sides(of: text) else { return nil }
        let read = { (side: String) throws -> Lockfile in
            do {
                return try LockfileStore.decode(Array(side.utf8), path: path)
            } catch let failure as LockfileStore.Failure {
                throw Failure.unreadableSide(path: path, detail: failure.description)
            }
        }
        let (mine, other) = (try read(ours), try read(theirs))
        var union = mine
        var disagreements: [String] = []
        for (key, entry) in other.versions.sorted(by: { $0.key < $1.key }) {
            if let existing = mine.versions[key] {
                if existing != entry { disagreements.append(key) }
            } else {
                union.versions[key] = entry
            }
        }
        for (key, bundle) in (other.coreData ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard var kept = union.coreData?[key] else {
                union.coreData = (union.coreData ?? [:]).merging([key: bundle]) { first, _ in first }
                continue
            }
            for (name, entry) in bundle.versions.sorted(by: { $0.key < $1.key }) {
                if let existing = kept.versions[name] {
                    // The contents digest is bookkeeping: two branches that re-saved the file differently agree,
                    // and the digest is dropped until the next lock records it again.
                    var (mineEntry, theirEntry) = (existing, entry)
                    (mineEntry.contents, theirEntry.contents) = (nil, nil)
                    if mineEntry != theirEntry {
                        disagreements.append("\(key)/\(name)")
                    } else if existing.contents != entry.contents {
                        kept.versions[name]?.contents = nil
                    }
                } else {
                    kept.versions[name] = entry
                }
            }
            kept.entities.merge(bundle.entities) { mine, _ in mine }
            // Versions locked by their bytes alone: two branches that recorded other bytes disagree.
            for (name, entry) in (bundle.unreadable ?? [:]).sorted(by: { $0.key < $1.key }) {
                if let existing = kept.unreadable?[name] {
                    if existing.contents != entry.contents { disagreements.append("\(key)/\(name)") }
                } else {
                    kept.unreadable = (kept.unreadable ?? [:]).merging([name: entry]) { mine, _ in mine }
                }
            }
            // Mapping model records are bookkeeping too: a record the branches disagree on is dropped until the next
            // lock, as the contents digest is.
            for (name, record) in bundle.mappingModels ?? [:] where kept.mappingModels?[name] != record {
                if kept.mappingModels?[name] == nil {
                    kept.mappingModels = (kept.mappingModels ?? [:]).merging([name: record]) { mine, _ in mine }
                } else {
                    kept.mappingModels?[name] = nil
                }
            }
            // Both branches shipped their current version: stores can be in the later one. A branch that made the
            // other's current version current before its own is later; else names decide.
            if let theirs = bundle.current, theirs != kept.current {
                let (mine, ours, their) = (kept.current, kept.becameCurrent, bundle.becameCurrent)
                let theirsLater = mine.map { mine in
                    their.contains(mine) || (!ours.contains(theirs) && VersionNameOrder.precedes(mine, theirs))
                } ?? true
                let later = theirsLater ? theirs : mine ?? theirs
                var history = ours + their.filter { !ours.contains($0) }
                history.removeAll { $0 == later }
                kept.current = later
                kept.currentHistory = history + [later]
            }
            union.coreData?[key] = kept
        }
        guard disagreements.isEmpty else { throw Failure.disagree(path: path, keys: disagreements) }
        union.keyLines = [:]
        return union
    }

    /// Each side of a file with conflict markers: the common lines plus that side's lines (a diff3 base is dropped).
    static func sides(of text: String) -> (String, String)? {
        enum Part { case common, ours, base, theirs }
        var part = Part.common
        var ours: [Substring] = [], theirs: [Substring] = []
        var sawMarker = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("<<<<<<<") { part = .ours; sawMarker = true; continue }
            if line.hasPrefix("|||||||"), part == .ours { part = .base; continue }
            if line == "=======", part == .ours || part == .base { part = .theirs; continue }
            if line.hasPrefix(">>>>>>>"), part == .theirs { part = .common; continue }
            switch part {
            case .common:
                ours.append(line)
                theirs.append(line)
            case .ours: ours.append(line)
            case .theirs: theirs.append(line)
            case .base: break
            }
        }
        guard sawMarker, part == .common else { return nil }
        return (ours.joined(separator: "\n"), theirs.joined(separator: "\n"))
    }
}
