import SchemaLintFacts
import SchemaLintModel

/// Deleting a store's files where a failed open leads turns every migration that fails on a user's device into the
/// silent loss of everything the store held.
public struct StoreDeletedOnFailureRule: Rule {
    public let id = RuleID.storeDeletedOnFailure
    public let defaultSeverity = Severity.warning
    public let summary =
        "A store's files are deleted on the path a failed open or migration takes, so a failed migration empties it."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        var reported = Set<SourceLocation>()
        for use in context.project.storeDeletions {
            guard let store = Self.deletedStore(use), !Self.deletesAnotherFile(use, context),
                reported.insert(use.reachedFrom).inserted
            else { continue }
            var notes: [Finding.Note] = []
            if use.location != use.reachedFrom, let helper = use.helper {
                notes.append(Finding.Note(use.location, "`\(helper)` deletes the file here"))
            }
            notes.append(Finding.Note(use.open, Self.openNote(use.path)))
            if let recreated = use.recreated.first {
                notes.append(Finding.Note(recreated, "the store is opened again here, empty"))
            }
            findings.append(
                finding(
                    use.reachedFrom, about: .store(store),
                    .storeDeletedOnFailure(
                        store: store, path: use.path, helper: use.helper, recreated: !use.recreated.isEmpty),
                    notes: notes))
        }
        return findings
    }

    /// Whether the deleted file is, for certain, neither the failed open's store nor a folder holding it: its place
    /// and every store the open's container opens are known, and each differs (`default.store` at an App Group's
    /// root, while SwiftData keeps the group's store in its `Library/Application Support`).
    static func deletesAnotherFile(_ use: StoreDeletionUse, _ context: RuleContext) -> Bool {
        guard !use.deletedPaths.isEmpty else { return false }
        let stores = context.topology.stores.filter { store in store.containers.contains { $0.location == use.open } }
        let places = stores.map { StorePath(storeKey: $0.location.key) }
        guard !places.isEmpty else { return false }
        return places.allSatisfy { place in
            guard let place, place.isKnown else { return false }
            return use.deletedPaths.allSatisfy { deleted in
                deleted.compared(with: place) == .different && !deleted.carries(place) && !deleted.holdsCopy(place)
            }
        }
    }

    private static func openNote(_ path: StoreDeletionUse.Path) -> String {
        switch path {
        case .failedOpen: return "the open whose failure leads to the delete"
        case .failedOptionalOpen: return "the open whose error `try?` drops"
        case .loadError: return "the load whose completion deletes the store"
        case .swallowedMigration: return "the migration whose error is only logged"
        }
    }

    static let storeSuffixes = [".store", ".sqlite", ".sqlite3", ".db", "-wal", "-shm"]

    /// The store a delete on a failure path removes, by the name the code gives it, when what it deletes is a user's
    /// store; nil when it is not, or when the code does not say: a test's, a preview's, an in-memory or temporary
    /// store, a cache (by its name), a file that is no store (`inbox.json`), a delete after a copy, or one behind a
    /// debug switch.
    public static func deletedStore(_ use: StoreDeletionUse) -> String? {
        guard use.purpose == .app, !use.throwaway, !use.keepsCopy, !use.debugOnly else { return nil }
        // `storeURL.appendingPathExtension("wal")` is `shared.store.wal`: no file SQLite writes.
        if let added = use.appendedExtension?.lowercased(), !storeSuffixes.contains("." + added) { return nil }
        let literals = use.literals.map { $0.lowercased() }
        let names = use.names.map { $0.lowercased() }
        let words = literals + names
        if words.contains(where: { word in ["cache", "preview", "temporary"].contains { word.contains($0) } }) {
            return nil
        }
        let storeFile = use.literals.first { literal in
            storeSuffixes.contains { literal.lowercased().hasSuffix($0) } && literal.count > 4
        }
        if let storeFile {
            var name = storeFile
            for sidecar in ["-wal", "-shm"] where name.hasSuffix(sidecar) { name.removeLast(sidecar.count) }
            // A file named in pieces (`storeURL.path + "-wal"`): the store the code names.
            return name.contains(".") ? (name.hasPrefix("/") ? String(name.dropFirst()) : name) : use.target
        }
        // Another file named by its extension (`"inbox.json"`): not a store.
        if literals.contains(where: Self.isFileName) { return nil }
        // The very name the function opened its store at (a factory's `url` parameter).
        if use.namesOpenedFile { return use.target }
        // The file the migration that failed unseen was copying from: the store, by whatever name.
        if use.deletesMigrationSource { return use.target }
        if use.call == "destroyPersistentStore" { return use.target }
        let storeWords = ["store", "database", "sqlite"]
        if names.contains(where: { name in storeWords.contains { name.contains($0) } && !name.contains("restore") }) {
            return use.target
        }
        // `config.url`, `description.url`: the URL a configuration or store description gives.
        if names.contains("url"), names.contains(where: { $0.contains("config") || $0.contains("description") }) {
            return use.target
        }
        return nil
    }

    private static func isFileName(_ literal: String) -> Bool {
        guard let dot = literal.lastIndex(of: "."), dot != literal.startIndex else { return false }
        let suffix = literal[literal.index(after: dot)...]
        return !suffix.isEmpty && suffix.count <= 5 && suffix.allSatisfy(\.isLetter)
    }

    /// Containers opened after a delete of a user's store on a failure path: a new, empty store.
    public static func recreatedContainers(_ project: Project) -> Set<SourceLocation> {
        Set(project.storeDeletions.filter { deletedStore($0) != nil }.flatMap(\.recreated))
    }
}

extension RuleID {
    public static let storeDeletedOnFailure: RuleID = "store_deleted_on_failure"
}

extension Finding.Message {
    static func storeDeletedOnFailure(
        store: String, path: StoreDeletionUse.Path, helper: String?, recreated: Bool
    ) -> Self {
        // A file name reads as one (`default.store`); a URL written another way is shown as code.
        let named =
            store.count <= 32 && !store.contains("(") && !store.contains(" ") && store.contains(".")
            && !store.contains("self.")
        let what = named ? "`\(store)`" : "the store at `\(store)`"
        let how = helper.map { "`\($0)` deletes \(what)" } ?? "\(what) is deleted"
        let then = recreated ? " and the store is opened again, empty" : ""
        let failures =
            "a migration that cannot run on an older store (134504, 134110: a version the plan does not list, a "
            + "missing mapping model), a file the locked device will not let the app read, a full disk"
        let detail: String
        switch path {
        case .failedOpen:
            detail =
                "When the open fails, its `catch` goes on where \(how)\(then). Every failure lands there: "
                + "\(failures); each becomes the loss of every row the user has, with no error anyone sees"
        case .failedOptionalOpen:
            detail =
                "`try?` drops the open's error and the path where it came back nil goes on where \(how)\(then). "
                + "Every failure lands there: \(failures); each becomes the loss of every row the user has"
        case .loadError:
            detail =
                "The completion of loadPersistentStores, which runs with the error when the store fails to load, "
                + "goes on where \(how)\(then). Every failure lands there: \(failures); each becomes the loss of "
                + "every row the user has"
        case .swallowedMigration:
            detail =
                "The `catch` around migratePersistentStore only logs, and the code after it goes on where \(how) "
                + "anyway: when the migration fails, the only copy of the user's data is deleted"
        }
        return Self(
            id: "deleted-on-failure",
            "A failed \(path == .swallowedMigration ? "migration" : "open") deletes "
                + "\(named ? store : "the store's files"): a migration that fails on a device silently empties "
                + "the store",
            detail: detail,
            fix: "Keep the rows first: move the files aside (or copy them) instead of deleting them, report the "
                + "error (to the user, or your crash reporter), and fix the migration that failed (the missing stage "
                + "or mapping model); delete only after a copy or a migration succeeded")
    }
}
