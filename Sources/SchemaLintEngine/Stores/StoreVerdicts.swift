import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules
import SchemaLintStore

extension StoreVerifier {
    public static func verify(_ metadata: StoreMetadata, against analysis: Analysis) -> StoreVerdict {
        verify(metadata, project: analysis.project, versions: analysis.versions + analysis.modelVersions)
    }
}
