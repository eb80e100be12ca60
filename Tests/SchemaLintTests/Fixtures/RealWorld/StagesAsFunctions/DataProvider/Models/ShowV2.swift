import Foundation
import SwiftData

public enum ShowsSchemaV2: VersionedSchema {
    public static var versionIdentifier: Schema.Version { .init(2, 0, 0) }
    public static var models: [any PersistentModel.Type] { [Show.self] }

    @Model
    public final class Show {
        public var title: String
        public var kind: String
        public var addedAt: Date
        public var rating: Int?

        public init(title: String, kind: String) {
            self.title = title
            self.kind = kind
            self.addedAt = .now
        }
    }
}
