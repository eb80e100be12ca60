import Foundation
import SwiftData

/// The library syncs through iCloud; the cover cache is a throwaway store of its own that never syncs.
enum Persistence {
    static func libraryContainer() throws -> ModelContainer {
        let schema = Schema(versionedSchema: LibrarySchemaV2.self)
        let configuration = ModelConfiguration(
            "Library", schema: schema, cloudKitDatabase: .private("iCloud.com.example.shelf"))
        return try ModelContainer(
            for: schema, migrationPlan: LibraryMigrationPlan.self, configurations: configuration)
    }

    static func coverCacheContainer() throws -> ModelContainer {
        let schema = Schema(versionedSchema: CoverCacheSchemaV2.self)
        let url = URL.applicationSupportDirectory.appending(path: "Covers.store")
        let configuration = ModelConfiguration(schema: schema, url: url, cloudKitDatabase: .none)
        return try ModelContainer(
            for: schema, migrationPlan: CoverCacheMigrationPlan.self, configurations: configuration)
    }
}
