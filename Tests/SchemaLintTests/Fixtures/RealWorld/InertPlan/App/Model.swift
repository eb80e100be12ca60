import Foundation
import SwiftData

// The versioned schema was added "for later": one version, no stages. The container keeps its flat schema.
enum AppSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Profile.self, Settings.self] }
}

enum AppMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [AppSchemaV1.self] }
    static var stages: [MigrationStage] { [] }
}

/// A draft of the next schema, not in any plan yet.
enum AppSchemaV2Draft: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Profile.self, Settings.self, Server.self] }
}

@Model final class Profile {
    var name: String = ""
    var servers = [Server]()
    init() {}
}

@Model final class Server {
    var host: String = ""
    var port = 443
    var profile: Profile?
    init() {}
}

@Model final class Settings {
    var theme: String = "system"
    init() {}
}

@Model final class Indexer {
    var url: String = ""
    init() {}
}

extension ModelContainer {
    static func app() throws -> ModelContainer {
        let schema = Schema([Profile.self, Server.self, Settings.self, Indexer.self])
        let configuration = ModelConfiguration(schema: schema, isStoredInMemoryOnly: false)
        return try ModelContainer(for: schema, migrationPlan: AppMigrationPlan.self, configurations: [configuration])
    }
}
