/// Everything schemalint computes for one version: SwiftData's store hashes, the fingerprint and the snapshot.
public struct VersionAnalysis: Sendable {
    public var key: String
    public var store: ManagedModel
    public var hashes: VersionHasher.Result
    /// Why the store checksum might differ from SwiftData's; empty when every construct is verified.
    public var uncertainties: [String]
    public var snapshot: [EntitySnapshot]
    public var fingerprint: String
    /// Entity names the version lists in `models`, sorted.
    public var models: [String]
    /// `Entity.property` to its Swift type as written, without optionality (`<no type annotation>` when it is
    /// inferred): what a lockfile written by an earlier release is compared by when that release could not map it.
    public var sourceTypes: [String: String] = [:]
    /// The enums and structs its attributes store, and what decoding them depends on (`ValueTypeCollector`).
    public var valueTypes = ValueTypeCollection()

    public var isCertain: Bool { uncertainties.isEmpty }

    /// `valueTypes`: what `ValueTypeCollector` already found for this version of this project, if anything did.
    public init(version: SchemaVersion, project: Project, valueTypes collected: ValueTypeCollection? = nil) {
        let output = ManagedModelBuilder(project: project).map(version)
        key = version.key
        store = output.schema
        hashes = VersionHasher.hash(output.schema)
        uncertainties = output.uncertainties
        models = Set(version.listedEntities.compactMap { project.entities[$0]?.name }).sorted()
        snapshot = output.schema.entities.compactMap { storeEntity -> EntitySnapshot? in
            guard let id = output.classes[storeEntity.name], let entity = project.entities[id] else { return nil }
            return Self.snapshot(
                entity, project: project, inverses: output.inverses[storeEntity.name] ?? [:],
                superentity: storeEntity.superentity)
        }
        fingerprint = Fingerprint.fingerprint(snapshot)
        valueTypes = collected ?? ValueTypeCollector.collect(version, project: project)
        for name in output.schema.entities.map(\.name) {
            guard let id = output.classes[name], let entity = project.entities[id] else { continue }
            for property in entity.properties {
                sourceTypes["\(name).\(property.name)"] =
                    property.isTypeWritten
                    ? property.declaredType.unwrappingOptional.type.description : StoredTypeInference.noAnnotation
            }
        }
    }

    static func snapshot(_ entity: Entity, project: Project, inverses: [String: String], superentity: String?)
        -> EntitySnapshot
    {
        let properties = entity.properties.map { property -> PropertySnapshot in
            let options = property.options.filter { $0 != "unique" }.sorted()
            var snapshot = PropertySnapshot(
                name: property.name, kind: .attribute, type: "", optional: property.isOptional,
                hasDefault: property.hasDefault, options: options.isEmpty ? nil : options,
                originalName: property.originalName, hashModifier: property.hashModifier)
            switch property.kind {
            case let .attribute(storage):
                snapshot.type = storage.snapshotType
            case let .relationship(relationship):
                let destination = project.entities[relationship.destination]?.name ?? "?"
                snapshot.kind = .relationship
                snapshot.type = relationship.isToMany ? "[\(destination)]" : destination
                snapshot.inverse = inverses[property.name]
                snapshot.deleteRule = (property.relationshipArguments?.deleteRule ?? .nullify).rawValue
                snapshot.minCount = property.relationshipArguments?.minimumModelCount
                snapshot.maxCount = property.relationshipArguments?.maximumModelCount
            }
            return snapshot
        }.sorted { $0.name < $1.name }
        let unique = Set(entity.uniqueness.map { $0.properties.joined(separator: ".") }).sorted()
        let indexes = Set(entity.indexes.map { $0.properties.joined(separator: ".") }).sorted()
        return EntitySnapshot(
            name: entity.name, superentity: superentity, properties: properties,
            unique: unique.isEmpty ? nil : unique, indexes: indexes.isEmpty ? nil : indexes)
    }
}
