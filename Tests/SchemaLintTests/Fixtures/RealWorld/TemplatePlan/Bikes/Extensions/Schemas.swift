import SwiftData

/// The rack model from the first prototype, kept for reference.
enum RackSchema: VersionedSchema {
    static var versionIdentifier = Schema.Version(0, 1, 0)
    static var models: [any PersistentModel.Type] { [Rack.self] }

    @Model final class Rack {
        var label: String = ""
        init() {}
    }

    @Model final class Slot {
        var number: Int = 0
        init() {}
    }
}

func prototypeSlots(count: Int) -> [RackSchema.Slot] {
    (0..<count).map { _ in RackSchema.Slot() }
}
