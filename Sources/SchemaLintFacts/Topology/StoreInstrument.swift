import SchemaLintModel
import SchemaLintStore

/// When no version has a store's checksum, whether the versions' uncertain storages explain it: for each version with
/// uncertain attributes, each entity whose hash differs is searched (`AttributeTypeSearch`). A version whose every
/// differing entity is explained by one assignment reproduces the store bit for bit with those storages; that is what
/// the store teaches (and what docs/hashing.md records once a public store shows it).
public struct StoreExplanation: Sendable, Equatable {
    public var version: String
    /// `Entity.property` → the Core Data type that reproduces the store, for every searched attribute.
    public var assignments: [String: Int32]
    /// Entities whose difference no single assignment explains, with why.
    public var unexplained: [String]

    public var reproducesStore: Bool { unexplained.isEmpty && !assignments.isEmpty }

    /// One line per fact, for `verify-store`.
    public var lines: [String] {
        var lines: [String] = []
        let stored = assignments.sorted { $0.key < $1.key }.map { "\($0.key) as \(StoreExplanation.name($0.value))" }
        if reproducesStore {
            lines.append(
                "\(version) reproduces the store's hashes bit for bit if SwiftData stores "
                    + stored.joined(separator: ", "))
        } else {
            if !stored.isEmpty {
                lines.append("in \(version), \(stored.joined(separator: ", ")) explain their entities")
            }
            lines += unexplained.map { "in \(version), \($0)" }
        }
        return lines
    }

    static func name(_ code: Int32) -> String {
        switch code {
        case 100: return "Integer 16"
        case 200: return "Integer 32"
        case 300: return "Integer 64"
        case 500: return "Double"
        case 600: return "Float"
        case 700: return "String"
        case 1000: return "Binary Data (encoded)"
        case 1800: return "Transformable"
        default: return "type \(code)"
        }
    }
}

enum StoreInstrument {
    /// The versions whose uncertain storages could explain the store, best first: one that reproduces it, else the
    /// one with the fewest unexplained entities.
    static func explain(
        _ metadata: StoreMetadata, project: Project, versions: [VersionAnalysis]
    ) -> StoreExplanation? {
        let byKey = Dictionary(versions.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var best: StoreExplanation?
        for version in project.versions {
            guard let analysis = byKey[version.key], !analysis.isCertain else { continue }
            let candidates = AttributeTypeSearch.candidates(in: version, project: project)
            guard !candidates.isEmpty else { continue }
            var explanation = StoreExplanation(version: version.key, assignments: [:], unexplained: [])
            let names = Set(metadata.entityHashes.keys).union(analysis.hashes.entityHashes.keys).sorted()
            for name in names where metadata.entityHashes[name] != analysis.hashes.entityHashes[name] {
                guard let target = metadata.entityHashes[name], analysis.hashes.entityHashes[name] != nil else {
                    explanation.unexplained.append("entity \(name) is in only one of the store and the version")
                    continue
                }
                switch AttributeTypeSearch.search(
                    entity: name, in: analysis.store, candidates: candidates, target: target)
                {
                case let .explained(assignment):
                    for (property, code) in assignment { explanation.assignments["\(name).\(property)"] = code }
                case let .several(count):
                    explanation.unexplained.append(
                        "\(count) storages of \(name)'s uncertain attributes give its hash: the store cannot tell them "
                            + "apart")
                case .none:
                    explanation.unexplained.append(
                        "no storage of \(name)'s uncertain attributes gives its hash: it differs in something else")
                }
            }
            if explanation.reproducesStore { return explanation }
            if best == nil || explanation.unexplained.count < best!.unexplained.count { best = explanation }
        }
        return best
    }
}
