import SchemaLintModel

/// `schemalint diff FROM TO`: the changes between two versions and whether lightweight migration can do them.
public struct DiffReport {
    public var from: SchemaVersion
    public var to: SchemaVersion
    public var changes: [AssessedChange]
    public var sameChecksum: Bool
    /// Entities that vanish while a same-shaped one appears (SwiftData has no originalName for a model).
    public var likelyEntityRenames: [(from: String, to: String)] = []

    public var blockers: [AssessedChange] { changes.filter { !$0.isLightweight } }

    public var verdict: String {
        if sameChecksum {
            return
                "nothing stored changes: both versions have the same store checksum, so a plan listing both crashes "
                    + "with \"Duplicate version checksums\""
        }
        guard !blockers.isEmpty else {
            let cautions = changes.compactMap { change in change.caution.map { "\(change.text): \($0)" } }
            let provided = cautions.isEmpty ? "" : " (provided that: " + cautions.joined(separator: "; ") + ")"
            let losses = changes.compactMap { change in change.consequence.map { "\(change.text): \($0)" } }
            guard !losses.isEmpty else { return "lightweight is enough" + provided }
            let renames = likelyEntityRenames.map { "\($0.from) → \($0.to) looks like a renamed class" }
            return "lightweight migration can do it, but it loses data" + provided + ": "
                + (renames + losses).joined(separator: "; ")
        }
        return "needs a custom stage because " + blockers.map { "\($0.text) (\($0.blocker!))" }.joined(separator: "; ")
    }

    public enum Failure: Error, CustomStringConvertible {
        case unknownVersion(String, known: [String])
        public var description: String {
            switch self {
            case let .unknownVersion(name, known):
                return
                    "no version named \(name). Versions found: "
                        + "\(known.isEmpty ? "none" : known.joined(separator: ", "))"
            }
        }
    }

    /// Versions are found by lockfile key, qualified name or simple type name.
    public init(analysis: Analysis, from fromName: String, to toName: String) throws {
        func find(_ name: String) throws -> (SchemaVersion, VersionAnalysis) {
            let project = analysis.project
            guard
                let version = project.versions.first(where: { $0.key == name || $0.name == name })
                    ?? project.versions.first(where: { project.symbols[$0.id].name == name }),
                let hashed = analysis.analysis(forKey: version.key)
            else {
                throw Failure.unknownVersion(name, known: project.versions.map(\.key))
            }
            return (version, hashed)
        }
        let (fromVersion, fromHashes) = try find(fromName)
        let (toVersion, toHashes) = try find(toName)
        from = fromVersion
        to = toVersion
        changes = MigrationAssessment.assess(from: fromHashes.snapshot, to: toHashes.snapshot)
        sameChecksum = fromHashes.hashes.checksum == toHashes.hashes.checksum
        let toNames = Set(toHashes.snapshot.map(\.name)), fromNames = Set(fromHashes.snapshot.map(\.name))
        likelyEntityRenames = EntityRenames.likelyRenames(
            removed: fromHashes.snapshot.filter { !toNames.contains($0.name) },
            added: toHashes.snapshot.filter { !fromNames.contains($0.name) }
        ).map { (from: $0.0.name, to: $0.1.name) }
    }

    public func text() -> String {
        var output =
            "\(from.name) (\(from.identifier?.description ?? "?")) → \(to.name) "
                + "(\(to.identifier?.description ?? "?"))\n"
        if changes.isEmpty { output += "  no changes\n" }
        for change in changes {
            output += "  \(change.text)\(change.consequence.map { " (\($0))" } ?? "")\n"
            if let blocker = change.blocker {
                output += "      needs a custom stage: \(blocker)\(change.lightweightFix.map { "; or \($0)" } ?? "")\n"
            } else {
                output += "      lightweight\(change.caution.map { ", but \($0)" } ?? "")\n"
            }
        }
        return output + "Verdict: \(verdict).\n"
    }

    public func json() -> String {
        JSONValue.object([
            "from": .string(from.name),
            "to": .string(to.name),
            "changes": .array(
                changes.map { change in
                    .object([
                        ("entity", .string(change.entity)),
                        ("property", change.property.map(JSONValue.string)),
                        ("change", .string(change.kind.rawValue)),
                        ("description", .string(change.text)),
                        ("consequence", change.consequence.map(JSONValue.string)),
                        ("lightweight", .bool(change.isLightweight)),
                        ("reason", change.blocker.map(JSONValue.string)),
                        ("fix", change.lightweightFix.map(JSONValue.string)),
                        ("caution", change.caution.map(JSONValue.string)),
                    ])
                }),
            "lightweight": .bool(blockers.isEmpty && !sameChecksum),
            "verdict": .string(verdict),
        ]).rendered()
    }
}
