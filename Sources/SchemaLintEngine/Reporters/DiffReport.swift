import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules

/// `schemalint diff FROM TO`: the changes between two versions and whether lightweight migration can do them.
public struct DiffReport {
    /// One side of the comparison: a SwiftData version or a Core Data model version.
    public struct Side: Sendable {
        public var name: String
        public var identifier: String?
        /// A Core Data model version (`Model.xcdatamodeld/Model 2`): Core Data's inference and mapping models apply.
        public var isModelVersion: Bool
    }

    public var from: Side
    public var to: Side
    public var changes: [AssessedChange]
    public var sameChecksum: Bool
    /// Entities that vanish while a same-shaped one appears (SwiftData has no originalName for a model).
    public var likelyEntityRenames: [(from: String, to: String)] = []

    public var blockers: [AssessedChange] { changes.filter { !$0.isLightweight } }

    public var verdict: String {
        if sameChecksum && from.isModelVersion {
            return "nothing stored changes: both versions have the same entity hashes"
        }
        if !blockers.isEmpty && from.isModelVersion {
            return "needs a mapping model because " + blockers.map { "\($0.text) (\($0.blocker!))" }
                .joined(separator: "; ")
        }
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

    /// Versions are found by lockfile key, qualified name or simple type name; Core Data model versions by key
    /// (`Model.xcdatamodeld/Model 2`) or version name (`Model 2`).
    public init(analysis: Analysis, from fromName: String, to toName: String) throws {
        func find(_ name: String) throws -> (Side, VersionAnalysis) {
            let project = analysis.project
            if let version = project.versions.first(where: { $0.key == name || $0.name == name })
                ?? project.versions.first(where: { project.symbols[$0.id].name == name }),
                let hashed = analysis.analysis(forKey: version.key)
            {
                let side = Side(name: version.name, identifier: version.identifier?.description, isModelVersion: false)
                return (side, hashed)
            }
            for bundle in project.modelBundles {
                for version in bundle.versions where bundle.key(of: version) == name || version.name == name {
                    guard let hashed = analysis.modelVersions.first(where: { $0.key == bundle.key(of: version) })
                    else { continue }
                    return (Side(name: version.name, identifier: version.identifier, isModelVersion: true), hashed)
                }
            }
            let models = project.modelBundles.flatMap { bundle in bundle.versions.map { bundle.key(of: $0) } }
            throw Failure.unknownVersion(name, known: project.versions.map(\.key) + models)
        }
        let (fromVersion, fromHashes) = try find(fromName)
        let (toVersion, toHashes) = try find(toName)
        from = fromVersion
        to = toVersion
        changes = MigrationAssessment.assess(
            from: fromHashes.snapshot, to: toHashes.snapshot,
            convertsNumbers: fromVersion.isModelVersion && toVersion.isModelVersion)
        sameChecksum = fromHashes.hashes.checksum == toHashes.hashes.checksum
        let toNames = Set(toHashes.snapshot.map(\.name)), fromNames = Set(fromHashes.snapshot.map(\.name))
        likelyEntityRenames = EntityRenames.likelyRenames(
            removed: fromHashes.snapshot.filter { !toNames.contains($0.name) },
            added: toHashes.snapshot.filter { !fromNames.contains($0.name) }
        ).map { (from: $0.0.name, to: $0.1.name) }
    }

    public func text() -> String {
        // A side is shown with its identifier when it has one (a Core Data version often has none).
        func shown(_ side: Side) -> String { side.identifier.map { "\(side.name) (\($0))" } ?? side.name }
        var output = "\(shown(from)) → \(shown(to))\n"
        if changes.isEmpty { output += "  no changes\n" }
        for change in changes {
            output += "  \(change.text)\(change.consequence.map { " (\($0))" } ?? "")\n"
            if let blocker = change.blocker {
                let needs = from.isModelVersion ? "needs a mapping model" : "needs a custom stage"
                output += "      \(needs): \(blocker)\(change.lightweightFix.map { "; or \($0)" } ?? "")\n"
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
