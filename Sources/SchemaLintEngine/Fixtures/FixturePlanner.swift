import Foundation
import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules

/// Which store `fixtures` writes for each locked state, and from what. The sources come first: a version still
/// declared whose hashes equal the lockfile's is exactly what shipped. A state the sources no longer hold (a live
/// model edited since, a Core Data version deleted) is rebuilt from the lockfile's snapshots and written only when it
/// hashes to what was locked. Anything else is no fixture, with the reason: a store that looks right and is not
/// would prove nothing.
public enum FixturePlanner {
    public static func states(lockfile: Lockfile, analysis: Analysis) -> [FixtureState] {
        var states = swiftDataStates(lockfile, analysis) + coreDataStates(lockfile, analysis)
        // Keys are unique, file names made from them may not be (`App/Model` and `App_Model`): later ones get a
        // number, so no fixture replaces another.
        var taken = Set<String>()
        for index in states.indices where !states[index].fileName.isEmpty {
            var name = states[index].fileName
            var number = 2
            while !taken.insert(name.lowercased()).inserted {
                let base = (states[index].fileName as NSString).deletingPathExtension
                let ext = (states[index].fileName as NSString).pathExtension
                name = "\(base)-\(number)" + (ext.isEmpty ? "" : ".\(ext)")
                number += 1
            }
            states[index].fileName = name
        }
        return states
    }

    private static func swiftDataStates(_ lockfile: Lockfile, _ analysis: Analysis) -> [FixtureState] {
        lockfile.versionsInOrder.map { key, locked in
            let hashes = locked.entityHashes.compactMapValues(Hex.decode)
            var state = FixtureState(
                key: key, framework: .swiftData, fileName: fileName(key, extension: "store"), schema: nil,
                versionIdentifiers: [locked.versionIdentifier ?? "1.0.0"], entityHashes: hashes,
                checksum: locked.checksum, origin: "", heldIn: locked.heldIn ?? [], unavailable: nil)
            state.deleteRules = deleteRules(locked.entities)
            for entity in locked.entities where !(entity.indexes ?? []).isEmpty {
                state.fetchIndexes[entity.name] = (entity.indexes ?? []).map {
                    $0.split(separator: ".").map(String.init)
                }
            }
            if let uncertain = locked.checksumUncertainties, !uncertain.isEmpty {
                state.unavailable = "its checksum was locked as uncertain (\(uncertain.joined(separator: "; ")))"
                return state
            }
            if let current = analysis.analysis(forKey: key), current.hashes.checksum == locked.checksum,
                current.isCertain
            {
                state.schema = current.store
                state.origin = "the sources"
                return state
            }
            return rebuilding(state, from: locked.entities)
        }
    }

    private static func coreDataStates(_ lockfile: Lockfile, _ analysis: Analysis) -> [FixtureState] {
        var states: [FixtureState] = []
        for (bundleKey, bundle) in (lockfile.coreData ?? [:]).sorted(by: { $0.key < $1.key }) {
            let order = BundleVersionOrder(bundle).sorted(Array(bundle.versions.keys), by: { $0 })
            for name in order {
                guard let locked = bundle.versions[name] else { continue }
                let key = "\(bundleKey)/\(name)"
                var snapshots: [EntitySnapshot] = []
                var hashes: [String: [UInt8]] = [:]
                for (entity, entityKey) in locked.entities {
                    guard let entry = bundle.entities[entityKey] else { continue }
                    snapshots.append(entry.snapshot)
                    hashes[entity] = Hex.decode(entry.hash)
                }
                var state = FixtureState(
                    key: key, framework: .coreData,
                    fileName: bundleFolder(bundleKey) + "/" + fileName(name, extension: "sqlite"),
                    // Core Data records an empty identifier for a model without one.
                    schema: nil, versionIdentifiers: [locked.identifier ?? ""], entityHashes: hashes,
                    checksum: nil, origin: "", heldIn: locked.heldIn ?? [], unavailable: nil)
                state.deleteRules = deleteRules(snapshots)
                if hashes.count != locked.entities.count {
                    state.unavailable = "the lockfile's entry is incomplete (an entity state it names is missing)"
                    states.append(state)
                    continue
                }
                if let current = analysis.modelVersions.first(where: { $0.key == key }),
                    current.hashes.entityHashes == hashes
                {
                    state.schema = current.store
                    state.origin = "the sources"
                    states.append(state)
                    continue
                }
                states.append(rebuilding(state, from: snapshots))
            }
            // Locked by its bytes only: there is no model to write a store for.
            for (name, unreadable) in (bundle.unreadable ?? [:]).sorted(by: { $0.key < $1.key }) {
                states.append(
                    FixtureState(
                        key: "\(bundleKey)/\(name)", framework: .coreData, fileName: "", schema: nil,
                        versionIdentifiers: [], entityHashes: [:], checksum: nil, origin: "", heldIn: [],
                        unavailable: "it was locked by its bytes only, since its model could not be read "
                            + "(\(unreadable.why))"))
            }
        }
        return states
    }

    private static func rebuilding(_ state: FixtureState, from snapshots: [EntitySnapshot]) -> FixtureState {
        var state = state
        switch ManagedModel.rebuilt(from: snapshots, expecting: state.entityHashes) {
        case let .success(schema):
            state.schema = schema
            state.origin = "the lockfile's snapshot"
        case let .failure(failure):
            state.unavailable = failure.description
        }
        return state
    }

    /// Delete rules as the snapshots record them, in Core Data's numbers.
    private static func deleteRules(_ snapshots: [EntitySnapshot]) -> [String: Int] {
        let codes = ["noAction": 0, "nullify": 1, "cascade": 2, "deny": 3]
        var rules: [String: Int] = [:]
        for entity in snapshots {
            for property in entity.properties where property.kind == .relationship {
                guard let rule = property.deleteRule.flatMap({ codes[$0] }) else { continue }
                rules["\(entity.name).\(property.name)"] = rule
            }
        }
        return rules
    }

    /// The folder of a bundle's fixtures: its key without the extension (`Model.xcdatamodeld` → `Model`,
    /// `Desktop/Recipes.xcdatamodel` → `Desktop/Recipes`), each folder made a safe name.
    private static func bundleFolder(_ key: String) -> String {
        var parts = key.split(separator: "/").map(String.init)
        if let last = parts.last {
            for ext in [".xcdatamodeld", ".xcdatamodel"] where last.hasSuffix(ext) {
                parts[parts.count - 1] = String(last.dropLast(ext.count))
            }
        }
        return parts.map { fileName($0, extension: nil) }.joined(separator: "/")
    }

    /// A file name for a key: path separators and characters shells trip on become `_`.
    static func fileName(_ key: String, extension ext: String?) -> String {
        let safe = String(
            key.map { character -> Character in
                character.isLetter || character.isNumber || "-_.".contains(character) ? character : "_"
            })
        return ext.map { "\(safe).\($0)" } ?? safe
    }
}
