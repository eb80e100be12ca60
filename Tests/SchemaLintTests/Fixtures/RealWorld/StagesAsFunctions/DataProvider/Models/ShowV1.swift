import Foundation
import SwiftData

public enum ShowsSchemaV1: VersionedSchema {
    public static var versionIdentifier: Schema.Version { .init(1, 0, 0) }
    public static var models: [any PersistentModel.Type] { [Show.self] }

    @Model
    public final class Show {
        public var title: String
        public var kind: String
        public var addedAt: Date

        public init(title: String, kind: String) {
            self.title = title
            self.kind = kind
            self.addedAt = .now
        }
    }
}
