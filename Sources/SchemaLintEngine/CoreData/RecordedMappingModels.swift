import Foundation
import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules

/// Mapping models whose comparison `check` takes from the lockfile (`LockedBundle.mappingModels`) instead of decoding
/// the models they embed: a large app's mapping models embed megabytes of archived models that never change, and
/// decoding them was a fifth of a run that found nothing. A record is taken only when the embedded models' bytes and
/// both versions' `contents` bytes are the ones it was worked out from, by this revision of the comparison; the
/// comparison is a function of those bytes alone, so taking it gives what decoding would.
enum RecordedMappingModels {
    /// Moves whenever decoding embedded models (`ArchivedDataModel`) or comparing them (`MappingModelMatch`) changes
    /// what it finds: records of another revision are not taken.
    static let revision = 1

    /// The name a mapping model is recorded under in its bundle's entry: its file's name.
    static func name(of mapping: MappingModelFile) -> String {
        (mapping.path as NSString).lastPathComponent
    }

    /// What `lock` records for a mapping model whose embedded models were decoded and compared this run; nil when
    /// they were not (none embedded, unreadable, taken from a record) or a version it names has no digest.
    static func record(_ mapping: MappingModelFile, in bundle: ModelBundle) -> LockedMappingModel? {
        guard mapping.embedded != nil, let digests = digests(mapping, in: bundle) else { return nil }
        return LockedMappingModel(
            embedded: digests.embedded, source: digests.source, destination: digests.destination,
            changes: mapping.changedSince.isEmpty ? nil : mapping.changedSince)
    }

    /// The recorded changes, when `recorded` rests on the bytes the mapping model and its versions have now.
    static func changes(_ mapping: MappingModelFile, in bundle: ModelBundle, recorded: LockedMappingModel?)
        -> [String]?
    {
        guard let recorded, let digests = digests(mapping, in: bundle), recorded.embedded == digests.embedded,
            recorded.source == digests.source, recorded.destination == digests.destination
        else { return nil }
        return recorded.changes ?? []
    }

    private static func digests(_ mapping: MappingModelFile, in bundle: ModelBundle)
        -> (embedded: String, source: String, destination: String)?
    {
        guard let embedded = mapping.embeddedDigest, let sourceName = mapping.source,
            let destinationName = mapping.destination,
            let source = bundle.version(named: sourceName)?.contentsDigest,
            let destination = bundle.version(named: destinationName)?.contentsDigest
        else { return nil }
        return ("\(revision)/\(embedded)", source, destination)
    }
}
