import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules
import SchemaLintStore

/// The `Z_METADATA` property list of a fixture: what the framework records to recognise the state.
enum FixtureMetadata {
    static func plist(for state: FixtureState) throws -> [UInt8] {
        // Filled in against StoreMetadataPlist (SchemaLintStore/Fixtures) once it lands.
        []
    }
}
