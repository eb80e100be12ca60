import SwiftData

// An earlier draft of the schema, no longer in the project (Xcode shows it in red): it never compiles.
enum PlantSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Plant.self] }

    @Model final class Plant {
        var name: String = ""
        var pot: Pot?
        init() {}
    }

    @Model final class Pot {
        var size: Int = 0
        init() {}
    }
}
