import SchemaLintModel

/// A lockfile written by an earlier release records what that release knew. Where it could not map a property
/// (it said so in `checksumUncertainties`) and a later release can, the snapshot and the checksum move although
/// nobody edited the version. This tells those moves apart from edits, so upgrading schemalint never reports a
/// shipped version as edited; `schemalint lock` then re-records the entry with the better mapping.
enum MappingUpgrade {
    /// The locked snapshot with every property the earlier release could not map replaced by its current form,
    /// when the Swift type is the same one (`Unknown(TimeInterval)` then, `Double` now).
    static func reconcile(
        _ locked: LockedVersion, with current: LockedVersion,
        sourceTypes: [String: String]
    ) -> [EntitySnapshot] {
        let uncertain = locked.checksumUncertainties ?? []
        guard !uncertain.isEmpty else { return locked.entities }
        let currentEntities = Dictionary(
            current.entities.map { ($0.name, $0) },
            uniquingKeysWith: { first, _ in first })
        return locked.entities.map { entity in
            guard let now = currentEntities[entity.name] else { return entity }
            var entity = entity
            let currentProperties = Dictionary(
                now.properties.map { ($0.name, $0) },
                uniquingKeysWith: { first, _ in first })
            for index in entity.properties.indices {
                let property = entity.properties[index], place = "\(entity.name).\(property.name)"
                if let scalar = standardScalar(recorded: property.type), mentions(uncertain, place) {
                    // `Unknown(TimeInterval)` is what this release calls `Double`, whatever the source says now.
                    entity.properties[index].type = scalar
                    continue
                }
                guard let latest = currentProperties[property.name], latest != property,
                    mentions(uncertain, place), let sourceType = sourceTypes[place],
                    sameSwiftType(recorded: property.type, sourceType: sourceType)
                else { continue }
                var withoutType = property, latestWithoutType = latest
                withoutType.type = ""
                latestWithoutType.type = ""
                if withoutType == latestWithoutType { entity.properties[index] = latest }
            }
            return entity
        }
    }

    /// The scalar a recorded `Unknown(T)` is, when `T` is a standard name this release maps (`TimeInterval`).
    static func standardScalar(recorded: String) -> String? {
        guard recorded.hasPrefix("Unknown("), recorded.hasSuffix(")") else { return nil }
        let name = String(recorded.dropFirst("Unknown(".count).dropLast())
        return StandardTypeStorage.scalarName(name)
    }

    /// Whether an uncertainty names this property (`Trip.rest: …`, `Trip.rest is …`, `Trip.plan.budget: …`).
    static func mentions(_ uncertainties: [String], _ place: String) -> Bool {
        uncertainties.contains { text in
            guard text.hasPrefix(place) else { return false }
            let next = text.dropFirst(place.count).first
            return next == ":" || next == " " || next == "."
        }
    }

    /// Whether a recorded snapshot type was written for this Swift type: `Unknown(T)`, `Transformable(T)`,
    /// `Data(T)` and `Composite(T){…}` name it; a scalar is its own name.
    static func sameSwiftType(recorded: String, sourceType: String) -> Bool {
        var name = recorded
        for wrapper in ["Unknown(", "Transformable(", "Data(", "Composite("] where recorded.hasPrefix(wrapper) {
            let inner = recorded.dropFirst(wrapper.count)
            let end = wrapper == "Composite(" ? inner.firstIndex(of: ")") : inner.lastIndex(of: ")")
            name = String(inner[..<(end ?? inner.endIndex)])
        }
        let simpleSource = sourceType.split(separator: ".").last.map(String.init) ?? sourceType
        return name == sourceType || name == simpleSource
    }
}
