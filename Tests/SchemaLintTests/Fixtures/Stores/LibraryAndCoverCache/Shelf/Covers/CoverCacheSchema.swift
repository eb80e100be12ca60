import Foundation
import SwiftData

enum CoverCacheSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [CachedCover.self] }

    @Model final class CachedCover {
        @Attribute(.unique) var isbn: String
        var imageData: Data
        init(isbn: String, imageData: Data) {
            self.isbn = isbn
            self.imageData = imageData
        }
    }
}

enum CoverCacheSchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [CachedCover.self] }

    @Model final class CachedCover {
        @Attribute(.unique) var isbn: String
        @Attribute(.externalStorage) var imageData: Data
        var fetchedAt: Date = Date.distantPast
        init(isbn: String, imageData: Data) {
            self.isbn = isbn
            self.imageData = imageData
            self.fetchedAt = .now
        }
    }
}

typealias CachedCover = CoverCacheSchemaV2.CachedCover

enum CoverCacheMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [CoverCacheSchemaV1.self, CoverCacheSchemaV2.self] }
    static var stages: [MigrationStage] { [stampFetchDates] }

    /// Old covers get today's date (the step gives them a distant one) so the cache does not refetch them all at once.
    static let stampFetchDates = MigrationStage.custom(
        fromVersion: CoverCacheSchemaV1.self, toVersion: CoverCacheSchemaV2.self,
        willMigrate: nil,
        didMigrate: { context in
            for cover in try context.fetch(FetchDescriptor<CoverCacheSchemaV2.CachedCover>()) {
                cover.fetchedAt = .now
            }
            try context.save()
        })
}
