import Foundation
import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules

/// `fixtures.json`: which fixture file holds which locked state, and what identifies it. The generated tests and a
/// later run of `fixtures` read it (the later run replaces only the files it lists).
struct FixtureManifest {
    var states: [FixtureState]
    var rows: Int

    func json() -> String {
        let entries = states.map { state -> JSONValue in
            var fields: [String: JSONValue] = [
                "key": .string(state.key),
                "file": .string(state.fileName),
                "framework": .string(state.framework.rawValue),
                "from": .string(state.origin),
                "versionIdentifiers": .array(state.versionIdentifiers.map(JSONValue.string)),
                "entities": .array((state.schema?.entities ?? []).map { .string($0.name) }),
                "storeUUID": .string(state.storeUUID),
            ]
            if let checksum = state.checksum { fields["checksum"] = .string(checksum) }
            if !state.heldIn.isEmpty { fields["heldIn"] = .array(state.heldIn.map(JSONValue.string)) }
            return .object(fields)
        }
        return JSONValue.object([
            "generator": .string("schemalint fixtures"), "rowsPerEntity": .int(rows), "fixtures": .array(entries),
        ]).rendered()
    }

    /// The files a manifest lists; nil when the file is not one `fixtures` wrote.
    static func files(in path: String) -> [String]? {
        guard let data = FileManager.default.contents(atPath: path),
            let root = try? JSONDecoder().decode(JSONValue.self, from: data),
            case let .object(fields) = root, fields["generator"] == .string("schemalint fixtures"),
            case let .array(entries)? = fields["fixtures"]
        else { return nil }
        return entries.compactMap { entry in
            guard case let .object(fields) = entry, case let .string(file)? = fields["file"] else { return nil }
            return file
        }
    }
}
