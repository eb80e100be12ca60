import Foundation
import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules
import SchemaLintStore

/// Writes the planned states as store files into one folder, with `fixtures.json` saying which file is which state.
/// A file is replaced only when the folder's manifest says `fixtures` wrote it: anything else already there is left
/// alone and reported, never overwritten.
public enum FixtureExport {
    public static let manifestName = "fixtures.json"

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public struct Outcome: Sendable {
        public var written: [FixtureState] = []
        public var skipped: [FixtureState] = []
    }

    public static func write(_ states: [FixtureState], to folder: String, rows: Int) throws -> Outcome {
        let previous = try previousFiles(in: folder)
        let writable = states.filter { $0.schema != nil && $0.unavailable == nil }
        // Every file is checked before any is written: a refusal leaves the folder as it was.
        for state in writable { try checkReplaceable(folder + "/" + state.fileName, ownedBy: previous, folder: folder) }
        var outcome = Outcome()
        for state in states {
            guard let schema = state.schema, state.unavailable == nil else {
                outcome.skipped.append(state)
                continue
            }
            let path = folder + "/" + state.fileName
            try clear(path)
            var store = FixtureStore(
                schema: schema,
                metadataPlist: try FixtureMetadata.plist(for: state),
                modelCache: try FixtureMetadata.modelCache(for: state, schema: schema),
                storeUUID: state.storeUUID, persistentHistory: state.framework == .swiftData, rowsPerEntity: rows)
            store.fetchIndexes = state.fetchIndexes
            do {
                try FixtureStoreWriter.write(store, to: path)
            } catch {
                throw Failure(description: "could not write \(path): \(error)")
            }
            outcome.written.append(state)
        }
        let manifest = FixtureManifest(states: outcome.written, rows: rows).json()
        do {
            try Data(manifest.utf8).write(to: URL(fileURLWithPath: folder + "/" + manifestName), options: .atomic)
        } catch {
            throw Failure(description: "could not write \(folder)/\(manifestName): \(error.localizedDescription)")
        }
        return outcome
    }

    /// Files a previous run listed in the manifest: the only ones `fixtures` may replace.
    private static func previousFiles(in folder: String) throws -> Set<String> {
        let path = folder + "/" + manifestName
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        guard let files = FixtureManifest.files(in: path) else {
            throw Failure(
                description: "\(path) is not a manifest `schemalint fixtures` wrote; nothing was written. Move it "
                    + "away or choose another --out folder")
        }
        return Set(files)
    }

    private static func siblings(of path: String) -> [String] { ["", "-wal", "-shm", "-journal"].map { path + $0 } }

    private static func checkReplaceable(_ path: String, ownedBy previous: Set<String>, folder: String) throws {
        let relative = String(path.dropFirst(folder.count + 1))
        guard siblings(of: path).contains(where: { FileManager.default.fileExists(atPath: $0) }),
            !previous.contains(relative)
        else { return }
        throw Failure(
            description: "\(path) already exists and was not written by `schemalint fixtures`; nothing was "
                + "written. Move it away or choose another --out folder")
    }

    private static func clear(_ path: String) throws {
        let manager = FileManager.default
        for sibling in siblings(of: path) where manager.fileExists(atPath: sibling) {
            try? manager.removeItem(atPath: sibling)
        }
        let parent = (path as NSString).deletingLastPathComponent
        do {
            try manager.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw Failure(description: "could not create \(parent): \(error.localizedDescription)")
        }
    }
}
