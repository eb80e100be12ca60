/// A Core Data model bundle as Xcode keeps it: an `.xcdatamodeld` folder of versions (each an `.xcdatamodel` whose
/// `contents` is XML) with `.xccurrentversion` naming the one `momc` compiles as current, or a standalone
/// `.xcdatamodel` (one version, always current). Each version is read into the same `ManagedModel` SwiftData versions
/// are mapped to, so one hasher computes the entity hashes Core Data writes into a store's metadata.
public struct ModelBundle: Sendable {
    /// The name code loads it by (`NSPersistentContainer(name:)`, the compiled `.momd`): the folder's name without
    /// its extension.
    public var name: String
    /// The `.xcdatamodeld` (or standalone `.xcdatamodel`) as output shows paths.
    public var path: String
    /// The lockfile's name for the bundle: its folder name (`Model.xcdatamodeld`), which is what code loads; when
    /// another bundle of the app has the same folder name, the first folder that tells their paths apart is put in
    /// front (`App/Model.xcdatamodeld`, `Watch/Model.xcdatamodeld`, see `assignKeys`), so the two share nothing.
    public var key: String
    /// Whether it is an `.xcdatamodeld` (versioned) rather than a standalone `.xcdatamodel`.
    public var isVersioned: Bool { path.hasSuffix(".xcdatamodeld") }
    /// Versions in Xcode's order (names compared with their numbers as numbers: `Model 9` before `Model 10`).
    public var versions: [ModelBundleVersion]
    public var current: CurrentVersion
    /// `.xcmappingmodel`s beside the bundle (same folder or below the bundle's parent), read as far as they can be.
    public var mappingModels: [MappingModelFile] = []
    /// Whether a target compiles it: nil when no readable project file says.
    public var isCompiled: Bool?
    /// Compiled by test targets only (the-blue-alliance-ios's `Test.xcdatamodeld`, built into `tba-unit-tests`):
    /// it never reaches a user's device, so no store of it exists to protect.
    public var isTestOnly = false
    /// The oldest system the targets compiling it run on, per platform (`iOS`: `12.0`), the oldest of all of them;
    /// nil where any such target's cannot be read, or no Xcode project says which targets compile it.
    public var oldestSystems: [String: OSVersion]?
    /// Whether it can reach users: compiled by a target that is not a test (or no project says otherwise). Only such
    /// bundles are locked, keyed against each other, and checked as shipped models.
    public var ships: Bool { isCompiled != false && !isTestOnly }

    public init(name: String, path: String, versions: [ModelBundleVersion], current: CurrentVersion) {
        self.name = name
        self.path = path
        key = PathName.last(path)
        self.versions = versions
        self.current = current
    }

    /// The version `.xccurrentversion` names, when it names one that exists; the only version of a standalone model.
    public var currentVersion: ModelBundleVersion? {
        switch current {
        case let .named(name, _): return versions.first { $0.name == name }
        // momc compiles a bundle's only version as current without being told.
        case .missing, .unnamed: return versions.count == 1 ? versions[0] : nil
        case .unreadable: return nil
        }
    }

    public func version(named name: String) -> ModelBundleVersion? { versions.first { $0.name == name } }
}

/// What `.xccurrentversion` says.
public enum CurrentVersion: Sendable, Equatable {
    /// A version name (without `.xcdatamodel`), and where it is written (the plist, or the standalone model).
    case named(String, SourceLocation)
    /// A versioned bundle with no `.xccurrentversion` file.
    case missing
    /// The file is a property list whose dictionary names no version (no `_XCCurrentVersionName`: an empty `<dict/>`,
    /// as a bundle never versioned in Xcode may hold), and where it is: like `missing`, the only version of a
    /// one-version bundle is current.
    case unnamed(SourceLocation)
    /// The file exists but names nothing (empty, no dictionary, an empty name, or unreadable: the reason).
    case unreadable(String, SourceLocation)
}

/// One `.xcdatamodel` of a bundle.
public struct ModelBundleVersion: Sendable {
    /// The folder's name without `.xcdatamodel` (`Model 12`).
    public var name: String
    /// The `contents` file, line of `<model>`.
    public var location: SourceLocation
    /// `userDefinedModelVersionIdentifier` (Xcode's "Identifier"): recorded in stores, not hashed.
    public var identifier: String?
    public var schema: ManagedModel
    /// What the XML says beyond the hashed model: lines, renaming identifiers, defaults, delete rules.
    public var details: ModelDetails
    /// Constructs whose hash no real store has confirmed, each with its reason; empty when every one is verified.
    public var uncertainties: [String]
    /// Why the version could not be read (malformed XML, an unknown attribute type, a cycle of parent entities):
    /// such a version is named and skipped, never hashed.
    public var problem: String?
    /// Set with `problem` when the version is an Xcode 3 binary `elements` file schemalint cannot read (an archive
    /// it does not know), not damage: Xcode still compiles it, so there is nothing to repair; `lock` records its
    /// bytes' digest (`contentsDigest`, when the file could be read) and the other versions.
    public var isUnsupportedFormat = false
    /// Set with `problem` when `contents` is there but was not read: a pipe, a device or a file of hundreds of
    /// megabytes stands where the model file should be (see `RegularFile`).
    public var isSkippedFile = false
    /// Entities without a parent whose hash and snapshot were worked out when their bytes were first read (see
    /// `EntityMemo`): a bundle's versions repeat them, and both depend on nothing outside the entity.
    public var entityStates: [String: EntityState] = [:]
    /// `ContentsDigest` of the `contents` bytes it was read from; nil when they could not be read.
    public var contentsDigest: String?
    /// Taken from the lockfile (`recorded(...)`), not read: its bytes are those recorded at lock.
    public var isRecorded = false
    /// The names of `entityStates` in name order, when whoever took the version from the lockfile knows it already.
    public var entityNames: [String]?

    /// An entity's version hash and its lockfile snapshot (`VersionAnalysis.bundleSnapshot`).
    public struct EntityState: Sendable {
        public var hash: [UInt8]
        public var snapshot: EntitySnapshot

        public init(hash: [UInt8], snapshot: EntitySnapshot) {
            self.hash = hash
            self.snapshot = snapshot
        }
    }

    public init(
        name: String, location: SourceLocation, identifier: String?, schema: ManagedModel, details: ModelDetails,
        uncertainties: [String], problem: String? = nil
    ) {
        self.name = name
        self.location = location
        self.identifier = identifier
        self.schema = schema
        self.details = details
        self.uncertainties = uncertainties
        self.problem = problem
    }
}

extension ModelBundleVersion {
    /// A version whose `contents` bytes are the ones a lockfile recorded (see `ContentsDigest`): its entity hashes
    /// and snapshots are the recorded ones, so neither is worked out again. It has no `schema` and no `details`
    /// (lines, defaults): only versions no finding points into and no migration starts from are taken this way.
    public static func recorded(
        name: String, location: SourceLocation, identifier: String?, entityStates: [String: EntityState],
        uncertainties: [String], contentsDigest: String
    ) -> ModelBundleVersion {
        var version = ModelBundleVersion(
            name: name, location: location, identifier: identifier, schema: ManagedModel(entities: []),
            details: ModelDetails(), uncertainties: uncertainties)
        version.entityStates = entityStates
        version.contentsDigest = contentsDigest
        version.isRecorded = true
        return version
    }
}

/// The facts of a model file that Core Data does not hash but a finding or a migration needs.
public struct ModelDetails: Sendable, Equatable {
    /// Entity name to the line of its `<entity>`.
    public var entityLines: [String: Int] = [:]
    /// `Entity.property` to the line of its `<attribute>` or `<relationship>`.
    public var propertyLines: [String: Int] = [:]
    /// `Entity.property` (or `Entity`) to its renaming identifier: the old name lightweight migration maps from.
    public var renamingIdentifiers: [String: String] = [:]
    /// `Entity.property` of attributes with a default value.
    public var defaults: Set<String> = []
    /// `Entity.relationship` to its delete rule as written (`Nullify`, `Cascade`, ...).
    public var deleteRules: [String: String] = [:]

    public init() {}

    public func location(entity: String, property: String? = nil, in file: String) -> SourceLocation? {
        if let property, let line = propertyLines["\(entity).\(property)"] {
            return SourceLocation(file: file, line: line, column: 1)
        }
        return entityLines[entity].map { SourceLocation(file: file, line: $0, column: 1) }
    }
}

/// An `.xcmappingmodel`: the custom mapping Core Data uses instead of inferring one between two versions.
public struct MappingModelFile: Sendable {
    public var path: String
    /// The source and destination versions, when the file (or, failing that, its name) says.
    public var source: String?
    public var destination: String?
    /// The source and destination models as the mapping model embeds them (`xcmapping.xml`'s `sourcemodeldata` and
    /// `destinationmodeldata`: the models when it was made or last reloaded), when they could be read.
    public var embedded: (source: EmbeddedModel, destination: EmbeddedModel)?
    /// A fingerprint of the embedded models' bytes (`MappingModelReader.ModelPaths.embeddedDigest`): with the two
    /// versions' contents digests it decides whether a lockfile's record of `changedSince` can be taken instead of
    /// decoding the models again. nil when the file embeds none.
    public var embeddedDigest: String?
    /// What differs between the embedded models and the versions the mapping model names (`Modelv4: entity
    /// CgmEvent added`): Xcode compiles the mapping from the embedded models, and Core Data uses a compiled mapping
    /// only for a store and model whose entity hashes it was compiled with, so one that differs maps nothing.
    /// Empty when they agree, or when they were not compared (`embedded` nil, a version unread).
    public var changedSince: [String] = []
    /// What its entity mappings set (`xcmapping.xml`'s `XDDEVENTITYMAPPING` objects); nil when the file was not read.
    public var entityMappings: [EntityMapping]?

    public init(path: String, source: String?, destination: String?) {
        self.path = path
        self.source = source
        self.destination = destination
    }

    /// Whether it maps `from` to `to`; nil when schemalint cannot tell which versions it maps. A mapping model made
    /// before either version last changed (`changedSince`) maps nothing.
    public func maps(from: String, to: String) -> Bool? {
        guard let source, let destination else { return nil }
        return source == from && destination == to && changedSince.isEmpty
    }

    /// Neither its file nor its name says which versions it maps.
    public var isUnread: Bool { source == nil || destination == nil }

    /// One entity mapping as Xcode keeps it: which source entity's rows become which destination entity's, and what
    /// each of the destination's attributes is set to. Xcode writes no value expression for an attribute whose
    /// expression it generates itself (`$source.<name>`, when the source entity has an attribute of that name): the
    /// mapping then reads `.unstated`.
    public struct EntityMapping: Sendable, Equatable {
        /// The mapping's name when the file gives one (`OrderToOrder` is otherwise made from the entities').
        public var name: String?
        /// nil for an entity mapping with no source entity (an "Add" mapping: it migrates no rows).
        public var source: String?
        public var destination: String?
        /// `mappingtypename`: `Undefined` (Xcode's usual), `Copy`, `Add`, `Transform`, `Custom`...
        public var type: String?
        /// The custom `NSEntityMigrationPolicy` class it names (`App.UUIDMigrationPolicy`); nil for none.
        public var policy: String?
        /// Each destination attribute it lists, by name, with what sets it.
        public var attributes: [String: MappedValue]

        public init(
            name: String? = nil, source: String?, destination: String?, type: String? = nil, policy: String? = nil,
            attributes: [String: MappedValue]
        ) {
            self.name = name
            self.source = source
            self.destination = destination
            self.type = type
            self.policy = policy
            self.attributes = attributes
        }

        /// The name Core Data knows it by: the file's, else Xcode's `SourceToDestination`.
        public var displayName: String {
            if let name, !name.isEmpty { return name }
            return "\(source ?? "")To\(destination ?? "")"
        }

        /// Custom code may set values the expressions do not: a policy class, or a `Custom` mapping type.
        public var runsCustomCode: Bool { policy != nil || type == "Custom" }
    }

    /// What an attribute mapping's value expression sets, read as far as telling these apart.
    public enum MappedValue: Sendable, Equatable {
        /// No expression written: Xcode generates `$source.<name>` when the source entity has that attribute, and
        /// nothing otherwise.
        case unstated
        /// `$source.X`: the source row's attribute X (one key, no path).
        case source(String)
        /// `$source.X.Y…` (`valueForKeyPath:`): the key path `path` (`absoluteString`) from the source row's property
        /// X; what it gives depends on what X is.
        case sourcePath(String, path: [String])
        /// A constant (`0`, `"draft"`); nil for a constant nil.
        case constant(String?)
        /// `FUNCTION($entityPolicy, "selector", …)`: a method of the entity mapping's policy class, by its
        /// Objective-C selector. What it gives is the app's own code's answer.
        case policyFunction(String)
        /// Anything else (another function, `$entityPolicy` itself): what it gives is not read.
        case unknown(String)
    }
}

/// Version names in Xcode's order: runs of digits compare as numbers (`Model 9` < `Model 10` < `Model 10a`), and
/// spaces are ignored (Meshtastic-Apple's `MeshtasticDataModelV 31` comes before its `MeshtasticDataModelV32`).
public enum VersionNameOrder {
    public static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        precedes(lhs, parts(lhs), rhs, parts(rhs))
    }

    /// `items` in this order by `name`, each name split once (a sort of a hundred versions compares thousands of
    /// pairs). Their places are sorted, not the items: a model version is a large value, and moving each one through
    /// the sort was a millisecond on the main thread for woocommerce-ios's 117.
    public static func sorted<Item>(_ items: [Item], by name: (Item) -> String) -> [Item] {
        let keys = items.map { item in (name: name(item), parts: parts(name(item))) }
        return keys.indices
            .sorted { precedes(keys[$0].name, keys[$0].parts, keys[$1].name, keys[$1].parts) }
            .map { items[$0] }
    }

    /// A name split once, for sorts that compare it many times (`precedes(_:_:)` on keys is `precedes` on names).
    public struct Key: Sendable {
        public let name: String
        fileprivate let parts: [Part]
        /// `numbers(in: name)`.
        public let numbers: [UInt64]

        public init(_ name: String) {
            self.name = name
            parts = VersionNameOrder.parts(name)
            numbers = parts.compactMap { part in
                if case let .number(number) = part { return number }
                return nil
            }
        }
    }

    public static func precedes(_ lhs: Key, _ rhs: Key) -> Bool {
        precedes(lhs.name, lhs.parts, rhs.name, rhs.parts)
    }

    private static func precedes(_ lhs: String, _ a: [Part], _ rhs: String, _ b: [Part]) -> Bool {
        for (x, y) in zip(a, b) where x != y {
            switch (x, y) {
            case let (.number(m), .number(n)): return m < n
            case let (.text(s), .text(t)): return s < t
            case (.number, .text): return true
            case (.text, .number): return false
            }
        }
        return a.count != b.count ? a.count < b.count : lhs < rhs
    }

    fileprivate enum Part: Equatable, Sendable {
        case number(UInt64)
        case text(String)
    }

    /// The numbers in a name, in order: `ModelV26toV27` → [26, 27].
    public static func numbers(in name: String) -> [UInt64] {
        parts(name).compactMap { part in
            if case let .number(number) = part { return number }
            return nil
        }
    }

    private static func parts(_ name: String) -> [Part] {
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return asciiParts(name) }
        var parts: [Part] = []
        var digits = "", text = ""
        for character in name {
            if character.isASCII, character.isNumber {
                if !text.isEmpty { parts.append(.text(text)); text = "" }
                digits.append(character)
            } else if character != " " {
                if !digits.isEmpty { parts.append(.number(UInt64(digits.prefix(18)) ?? 0)); digits = "" }
                text.append(character)
            }
        }
        if !digits.isEmpty { parts.append(.number(UInt64(digits.prefix(18)) ?? 0)) }
        if !text.isEmpty { parts.append(.text(text)) }
        return parts
    }

    /// `parts` of an ASCII name, read on its bytes (a sort of a hundred version names compares them thousands of
    /// times, and `Character` properties are table lookups).
    private static func asciiParts(_ name: String) -> [Part] {
        var parts: [Part] = []
        var number: UInt64 = 0
        var digits = 0
        var text: [UInt8] = []
        for byte in name.utf8 {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                if !text.isEmpty {
                    parts.append(.text(String(decoding: text, as: UTF8.self)))
                    text.removeAll(keepingCapacity: true)
                }
                // As `parts`: only the first 18 digits count.
                if digits < 18 { number = number * 10 + UInt64(byte - UInt8(ascii: "0")) }
                digits += 1
            } else if byte != UInt8(ascii: " ") {
                if digits > 0 {
                    parts.append(.number(number))
                    (number, digits) = (0, 0)
                }
                text.append(byte)
            }
        }
        if digits > 0 { parts.append(.number(number)) }
        if !text.isEmpty { parts.append(.text(String(decoding: text, as: UTF8.self))) }
        return parts
    }
}

/// A data model as an `.xcmappingmodel` embeds it, read as far as what a store holds goes: each entity's abstract flag
/// and hash modifier, and its own attributes and relationships (not the inherited ones, nor transient or fetched
/// properties) with their optionality and hash modifier, and for attributes their type code and external storage.
/// Relationships' destinations and counts, parent entities and uniqueness constraints are not read.
public struct EmbeddedModel: Sendable, Equatable {
    public struct Entity: Sendable, Equatable {
        public var isAbstract: Bool
        public var hashModifier: String?
        public var properties: [String: Property]

        public init(isAbstract: Bool, hashModifier: String?, properties: [String: Property]) {
            self.isAbstract = isAbstract
            self.hashModifier = hashModifier
            self.properties = properties
        }
    }

    public struct Property: Sendable, Equatable {
        public var isRelationship: Bool
        public var isOptional: Bool
        public var hashModifier: String?
        /// Core Data's attribute type code (700 String); nil for a relationship.
        public var attributeType: Int32?
        public var allowsExternalBinaryDataStorage: Bool

        public init(
            isRelationship: Bool, isOptional: Bool, hashModifier: String?, attributeType: Int32?,
            allowsExternalBinaryDataStorage: Bool
        ) {
            self.isRelationship = isRelationship
            self.isOptional = isOptional
            self.hashModifier = hashModifier
            self.attributeType = attributeType
            self.allowsExternalBinaryDataStorage = allowsExternalBinaryDataStorage
        }
    }

    public var entities: [String: Entity]

    public init(entities: [String: Entity]) { self.entities = entities }
}
