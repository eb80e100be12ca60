import SwiftData

// The app used an unversioned container; this version reproduces its model list so the checksum can be compared.
enum ChefTimeSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [SDFolder.self, SDRecipe.self] }
}
