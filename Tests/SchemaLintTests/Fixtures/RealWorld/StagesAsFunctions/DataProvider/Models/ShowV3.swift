import Foundation
import SwiftData

public enum ShowKind: Codable, Hashable, Sendable {
    case movie
    case series
    case season(number: Int)
}

public typealias Show = ShowsSchemaV3.Show

public enum ShowsSchemaV3: VersionedSchema {
    public static var versionIdentifier: Schema.Version { .init(3, 0, 0) }
    public static var models: [any PersistentModel.Type] { [Show.self] }

    @Model
    public final class Show {
        public var title: String
        /// Was a string until 3.0: the custom stage rebuilds every row.
        public var kind: ShowKind
        public var addedAt: Date
        public var rating: Int?

        public init(title: String, kind: ShowKind, addedAt: Date = .now) {
            self.title = title
            self.kind = kind
            self.addedAt = addedAt
        }
    }
}
