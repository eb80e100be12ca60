import SchemaLintModel

/// A mapping model made before one of the versions it maps last changed: Xcode compiles it from the models it
/// embeds, and Core Data uses the compiled mapping only for the entity hashes it was made with, so it maps no store.
///
/// Reported once per mapping model, at its `xcmapping.xml`, with what changed (`MappingModelMatch`). Migration
/// verdicts already leave such a mapping model out (`MappingModelFile.maps`).
public struct MappingModelOutdatedRule: Rule {
    public let id = RuleID.mappingModelOutdated
    public let defaultSeverity = Severity.error
    public let summary =
        "A Core Data mapping model no longer matches the versions it maps: they changed after it was made."

    public func check(_ context: RuleContext) -> [Finding] {
        var seen: Set<String> = []
        var findings: [Finding] = []
        for bundle in context.project.modelBundles where bundle.ships {
            for mapping in bundle.mappingModels where !mapping.changedSince.isEmpty {
                guard let source = mapping.source, let destination = mapping.destination,
                    seen.insert(mapping.path).inserted
                else { continue }
                findings.append(
                    finding(
                        SourceLocation(file: mapping.path + "/xcmapping.xml", line: 1, column: 1),
                        about: .file(mapping.path),
                        .mappingModelOutdated(
                            mapping.path.split(separator: "/").last.map(String.init) ?? mapping.path,
                            source: source, destination: destination,
                            changes: mapping.changedSince)))
            }
        }
        return findings
    }
}

extension RuleID {
    public static let mappingModelOutdated: RuleID = "mapping_model_outdated"
}

extension Finding.Message {
    static func mappingModelOutdated(_ name: String, source: String, destination: String, changes: [String]) -> Self {
        Self(
            id: "mapping-model-outdated",
            "\(name) is out of date and maps no store: the step fails (134140) unless Core Data can infer it",
            detail: "\(name) maps \(source) → \(destination), but the versions changed after it was made "
                + "(\(changes.joined(separator: "; "))). Xcode compiles a mapping model from the models it embeds, "
                + "and Core Data uses it only for stores and models with the entity hashes it was made with: this "
                + "one maps nothing, so the step is inferred if Core Data can infer it and otherwise fails on every "
                + "device that updates (134140, missing mapping model)",
            fix: "Make the mapping model again from the two versions as they are (a new Mapping Model file in Xcode) "
                + "and carry its custom mappings over")
    }
}
