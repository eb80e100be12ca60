/// The semantic schema model: what the sources say about SwiftData plans, versions and models,
/// with every name resolved and every fact tied to the line that states it.
public typealias SymbolID = SymbolTable.SymbolID

/// A `@Model` class.
public struct Entity: Sendable {
    public var id: SymbolID
    /// The entity name SwiftData uses: the class's simple name, even when nested (`SchemaV1.Trip` is `Trip`).
    public var name: String
    public var qualifiedName: String
    public var location: SourceLocation
    /// A `@Model` superclass (iOS 26 model inheritance).
    public var superclass: SymbolID?
    public var properties: [Property]
    public var uniqueness: [Constraint]
    public var indexes: [Constraint]
    /// The `VersionedSchema` type this class is declared in (body or extension), if any.
    public var enclosingVersion: SymbolID?
}

public struct Constraint: Sendable, Hashable {
    public var properties: [String]
    public var location: SourceLocation
}

public struct Property: Sendable {
    public var name: String
    public var location: SourceLocation
    /// The type as written, normalised (`String?`, `[SchemaV2.Category]`).
    public var declaredType: TypeExpr
    public var isOptional: Bool
    public var hasDefault: Bool
    public var isLet: Bool
    public var attribute: AttributeArguments?
    public var relationshipArguments: RelationshipArguments?
    public var kind: Kind
    /// The doc comment written on the declaration.
    public var documentation: String?
    /// Whether the type was written rather than inferred from the initial value.
    public var isTypeWritten: Bool
    /// `PropertyDeclaration.defaultIsNil`.
    public var defaultIsNil = false

    public enum Kind: Sendable {
        case attribute(AttributeStorage)
        case relationship(Relationship)
    }

    public var relationship: Relationship? {
        if case let .relationship(relationship) = kind { return relationship }
        return nil
    }

    public var originalName: String? { attribute?.originalName ?? relationshipArguments?.originalName }
    public var hashModifier: String? { attribute?.hashModifier ?? relationshipArguments?.hashModifier }
    public var options: [String] { (attribute?.options ?? []) + (relationshipArguments?.options ?? []) }
}

public struct Relationship: Sendable {
    public var destination: SymbolID
    public var isToMany: Bool
    public var inverse: Inverse?

    public struct Inverse: Sendable {
        public var written: KeyPathReference
        /// The model the key path's root names, when it resolves to one.
        public var entity: SymbolID?
        public var property: String?
    }
}

/// How an attribute is stored by Core Data, derived from its Swift type.
public indirect enum AttributeStorage: Sendable, Hashable {
    /// A scalar attribute with its Core Data type code (700 String, 900 Date, ...).
    case scalar(code: Int32, swiftType: String)
    /// An array of values or `.transformable(by:)`: archived data (code 1800). `uncertainty` says why the
    /// mapping is not verified, when it is not.
    case transformable(swiftType: String, uncertainty: String?)
    /// A Codable struct or enum stored as a composite attribute (code 2100). `rawValueEnum`: an enum with a raw
    /// type, stored as one element named like the property.
    case composite(swiftType: String, elements: [CompositeElement], rawValueEnum: Bool = false)
    /// A Codable value SwiftData archives into binary data (code 1000): arrays of Codable structs, dictionaries.
    /// `uncertainty` says why the mapping is not verified, when it is not.
    case encoded(swiftType: String, uncertainty: String?)
    /// A type schemalint cannot map with certainty; the reason says why.
    case unknown(swiftType: String, reason: String)
}

public struct CompositeElement: Sendable, Hashable {
    public var name: String
    public var isOptional: Bool
    public var storage: AttributeStorage
    /// The field's type as written (without its optionality), when it is written: pass 2 looks for the types it
    /// names that no parsed file declares.
    public var written: TypeExpr?

    public init(name: String, isOptional: Bool, storage: AttributeStorage, written: TypeExpr? = nil) {
        self.name = name
        self.isOptional = isOptional
        self.storage = storage
        self.written = written
    }
}

/// A `VersionedSchema` type.
public struct SchemaVersion: Sendable {
    public var id: SymbolID
    public var name: String
    public var location: SourceLocation
    public var identifier: VersionNumber?
    public var identifierLocation: SourceLocation?
    /// The `models` list, or nil when it is missing or could not be read (`modelsUnread` says why).
    public var models: [ModelReference]?
    public var modelsLocation: SourceLocation?
    /// Why the `models` list could not be read (`ModelListEvaluator`): the version is then neither hashed nor locked,
    /// and no rule judges what it stores.
    public var modelsUnread: UnknownValue?
    /// Models reachable from the listed ones through relationships (and superclasses) but not listed.
    public var reachableOnly: [SymbolID] = []
    /// A stable key for the lockfile, unique even when two apps each declare a `SchemaV1`.
    public var key: String
    /// Not declared: the models an unversioned app container opens its store with (`ImplicitVersions`). Its key is
    /// given once its checksum is known: a state is what it stores, and each new state is locked beside the others.
    public var isImplicit = false

    public init(id: SymbolID, name: String, location: SourceLocation, key: String) {
        self.id = id
        self.name = name
        self.location = location
        self.key = key
    }

    /// Listed models that resolve to `@Model` classes.
    public var listedEntities: [SymbolID] { models?.compactMap(\.entity) ?? [] }
    /// Every entity in the version's store model: listed, then reachable.
    public var allEntities: [SymbolID] { listedEntities + reachableOnly }
}

public struct ModelReference: Sendable {
    public var written: TypeExpr
    public var location: SourceLocation
    public var entity: SymbolID?
}

/// A `SchemaMigrationPlan` type.
public struct MigrationPlan: Sendable {
    public var id: SymbolID
    public var name: String
    public var location: SourceLocation
    /// The versions in migration order: as `schemas` lists them, or by `versionIdentifier` where the list is
    /// written out of order but the identifiers and stages agree (`PlanOrder`).
    public var schemas: [VersionReference]?
    /// `schemas` as written, when it is not the migration order (`PlanOrder`); nil when it is.
    public var writtenSchemas: [VersionReference]?
    public var schemasLocation: SourceLocation?
    /// Stages as listed in `stages`, in order.
    public var stages: [Stage]?
    public var stagesLocation: SourceLocation?
    /// Stages declared as static members of the plan (body or extensions).
    public var declaredStages: [Stage]

    /// Every stage the plan lists or declares, listed first: what rules that read stages' code look at (a stage
    /// listed by name appears twice, as its reference and its declaration; rules keep each place once).
    public var listedAndDeclaredStages: [Stage] { (stages ?? []) + declaredStages }
}

public struct VersionReference: Sendable {
    public var written: TypeExpr
    public var location: SourceLocation
    public var version: SymbolID?
}

public struct Stage: Sendable {
    /// The static member's name, for declared stages and listed references to them.
    public var name: String?
    public var kind: StageKind
    public var from: VersionReference?
    public var to: VersionReference?
    /// Where the stage is written: its declaration, or the list element for inline stages.
    public var location: SourceLocation
    public var expression: StageExpression
    /// The type whose body or extension the stage is written in: names in its closures resolve from here.
    public var scope: SymbolID?

    /// Where the names in one of its closures resolve: the stage's scope, or for a function the stage names, the
    /// type declaring that function (nil for a global one).
    public func scope(of closure: ClosureSummary) -> SymbolID? {
        if case let .function(_, declaredIn) = closure.origin { return declaredIn }
        return scope
    }
}

/// A `ModelContainer` (or `.modelContainer` modifier) and the models it is given.
public struct ContainerModel: Sendable {
    public var location: SourceLocation
    /// Resolved models, or nil when schemalint cannot tell (a schema built elsewhere).
    public var models: [ModelReference]?
    /// `Schema(versionedSchema: V.self)`.
    public var versionedSchema: SymbolID?
    /// Where and how `V` is written in `Schema(versionedSchema: V.self)`.
    public var versionedSchemaLocation: SourceLocation?
    public var versionedSchemaWritten: TypeExpr?
    public var plan: SymbolID?
    public var hasMigrationPlanArgument: Bool
    /// App containers open users' stores; preview, test and in-memory ones never migrate anything.
    public var purpose: ContainerPurpose = .app
    /// `ContainerUse.holder`.
    public var holder: String?
    /// Where the function, initialiser or property that opens it starts.
    public var site: SourceLocation?
    /// The files where the app's code enters the calls that reach the function opening it (`CallSites.entryFiles`),
    /// for the one call it is read for where a helper is read one call at a time; nil when it is opened outside a
    /// function or no call is seen. Only the targets compiling them open its store.
    public var reachedFrom: [String]?
    /// The functions whose calls `reachedFrom` follows: a file not parsed that names one may call it too, and then
    /// the files are not all known (`ParseStage`).
    public var reachedThrough: [String] = []
    /// SwiftUI's `.modelContainer(for:)` modifier, which takes no migration plan.
    public var isViewModifier = false
    /// A last-resort fallback in a `catch` after a container with a migration plan failed (`ContainerUse.isFallback`).
    public var isFallback = false
    /// `ContainerUse.fallbackFor`: the container whose failure opens this one.
    public var fallbackFor: SourceLocation?
    /// Why whether it keeps its store in memory cannot be told (a flag schemalint cannot read): it is checked as an
    /// app store, the case where users' data is at stake.
    public var inMemoryUnread: UnknownValue?
    /// Why its models cannot be read (nil when they can, or when none are given).
    public var modelsUnread: UnknownValue?
    /// Why the plan its `migrationPlan:` argument gives cannot be told (nil when it can, or none is given): its
    /// stores are then checked as one, holding every plan's versions.
    public var planUnread: UnknownValue?
    /// The store files it opens (`StoreLocation`): one per configuration, `default.store` without one.
    public var stores: [StoreLocation] = [.defaultStore]
    /// The configurations it is given, where they are written in its own file.
    public var configurationLocations: [SourceLocation] = []
    /// Where the configuration of each of `stores` is written, by index (nil where it cannot be told): CloudKit is a
    /// store's own, never its neighbour's.
    public var storeConfigurations: [SourceLocation?] = []
    /// By index, where `storeConfigurations` has none: each configuration the store may be opened with (one store
    /// a list's branches all name, each branch with its own CloudKit database). It syncs when one of them may.
    public var storeConfigurationAlternatives: [Int: [SourceLocation]] = [:]
    /// By index: whether the store's configuration turns CloudKit on for the call of the helper this container is
    /// read for, where its `cloudKitDatabase:` is a parameter of that helper (`open("local.sqlite", cloud: .none)`);
    /// the configuration's own answer (over every call) elsewhere.
    public var storeSyncs: [Int: Bool] = [:]
    /// Set when the code picks its store among several at run time (`StoreLocation.choices`): one `ModelContainer`
    /// call is then read once per store it may open, and this says what picks, as written (empty where no condition
    /// says: a `switch`, a value assigned in a loop).
    public var storePickedBy: [String]?
}

/// A `ModelConfiguration` and the CloudKit database it asks for.
public struct ConfigurationModel: Sendable {
    public var location: SourceLocation
    public var models: [ModelReference]?
    public var versionedSchema: SymbolID?
    public var purpose: ContainerPurpose = .app
    /// Whether CloudKit may be on: its `cloudKitDatabase:` is a CloudKit database for some value it can have (a
    /// flag's every possible value, each caller's argument), by `ValueEvaluator`.
    public var enablesCloudKit: Bool
    /// Why whether it syncs cannot be told: nothing is concluded from it either way.
    public var cloudKitUnread: UnknownValue?
    /// The store file it names.
    public var store: StoreLocation = .defaultStore
    /// Whether `cloudKitDatabase:` is left out: `.automatic`, which syncs when the target's entitlements name a
    /// CloudKit container (the project files say; `enablesCloudKit` is then set).
    public var cloudKitLeftOut = false
    /// Whether `cloudKitDatabase:` turns CloudKit on only as `.automatic`, written out: it syncs only where the
    /// target's entitlements name a CloudKit container, as when it is left out; entitlements that name none turn it
    /// off, and where they cannot be read it is taken as syncing.
    public var cloudKitAutomaticOnly = false
    /// What turns CloudKit on when the configuration leaves it at `.automatic`: the target and its entitlements
    /// (`target App's entitlements (App/App.entitlements) name CloudKit container iCloud.x`).
    public var cloudKitEntitlement: String?
    /// `allowsSave: false`: Core Data adds its store read-only and never migrates it, so a container opening it with
    /// other models than the store's fails to open it and deletes nothing.
    public var readOnly = false

    /// `ModelConfiguration(...)` at `location`, or the configuration a container given none opens there
    /// (`ModelContainer(for:)`, `.modelContainer(for:)`: every argument at its default).
    public init(
        location: SourceLocation, models: [ModelReference]?, versionedSchema: SymbolID?, purpose: ContainerPurpose,
        enablesCloudKit: Bool
    ) {
        self.location = location
        self.models = models
        self.versionedSchema = versionedSchema
        self.purpose = purpose
        self.enablesCloudKit = enablesCloudKit
    }
}

/// A store file a Core Data stack opens, as far as the sources tell: which file and which model bundle.
public struct CoreDataStore: Sendable {
    /// Where the file is given (a description's URL, `addPersistentStore`), else where the container is created.
    public var location: SourceLocation
    public var purpose: ContainerPurpose
    /// The file's name (`Model.sqlite`); nil when it cannot be told, and `fileUnread` says why.
    public var file: String?
    public var fileUnread: UnknownValue?
    /// The model bundle's name (`Model` for `Model.xcdatamodeld`); nil when the code does not name one.
    public var model: String?
    /// The code names a model schemalint cannot read: which bundle it is cannot be told.
    public var modelUnread: Bool
    public var syncs: Bool
    /// The model configuration the file holds (`description.configuration = "Local"`); nil: the default one.
    public var configuration: String?
    /// The file's place when its folder is one schemalint knows (`⟨Caches⟩/Feed.sqlite`); nil when it cannot tell.
    public var path: StorePath?
    /// The place in an App Group whose identifier cannot be read (`StorePath.groupUnread`), for the targets'
    /// entitlements to tell (`StoreTopology.placeUnreadAppGroups`); `path` is then nil.
    public var inUnreadGroup: StorePath?
    /// The device other than the phone this copy of the stack runs on, where the targets compiling it build for
    /// several (an iOS app and its watch app each open their own file): its key says it (`StoreLocation.onDevice`).
    public var device: String?

    /// What tells this file from another, as the lockfile records it (`LockedModelVersion.heldIn`): its place when
    /// known (`file:⟨Application Support⟩/Model.sqlite`, `StorePath(storeKey:)` reads it back), else its bare name
    /// (which folder it is in cannot be told), after its `device` when it has one. Nil when the file cannot be told.
    public var key: String? {
        let own = path.flatMap { $0.isKnown && $0.file != nil ? "file:" + $0.evaluated : nil } ?? file
        return own.map { key in device.map { "\($0):\(key)" } ?? key }
    }

    public init(
        location: SourceLocation, purpose: ContainerPurpose, file: String?, fileUnread: UnknownValue?,
        model: String?, modelUnread: Bool, syncs: Bool
    ) {
        self.location = location
        self.purpose = purpose
        self.file = file
        self.fileUnread = fileUnread
        self.model = model
        self.modelUnread = modelUnread
        self.syncs = syncs
    }
}

/// Everything known about the analysed sources.
public struct Project {
    public let symbols: SymbolTable
    public var entities: [SymbolID: Entity]
    public var versions: [SchemaVersion]
    public var plans: [MigrationPlan]
    /// Files that did not parse cleanly.
    public var syntaxProblems: [SyntaxProblem]
    public var containers: [ContainerModel] = []
    /// `ParsedFile.debugOnlyContainers` of every file.
    public var debugOnlyContainers: [SourceLocation] = []
    /// Containers opened in functions that read their parameters and that no code read calls or names: they open
    /// nothing (`ContainerBuilder.isUncalled`), and `--verbose` says so.
    public var uncalledContainers: [SourceLocation] = []
    /// Core Data stacks made by a `lazy var` no code reads (`CoreDataStackUse.lazyProperty`): they open nothing, and
    /// `--verbose` says so.
    public var unreadLazyStacks: [SourceLocation] = []
    /// The properties holding Core Data stacks (a `lazy var` making one) or store descriptions that no parsed file
    /// reads: pass 2 looks for them in the others.
    public var stackPropertiesUnread: Set<String> = []
    /// Of those, the ones no file mentions (`ProjectBuilder.build`): their stacks open nothing.
    public var stackPropertiesReadNowhere: Set<String> = []
    public var configurations: [ConfigurationModel] = []
    /// Types whose constants a container is given (`BudgetSchema.schema`) that no parsed file declares: pass 2
    /// looks for them.
    public var unresolvedOwners: Set<String> = []
    /// Global constants a configuration names its App Group or store by that no parsed file declares: pass 2 parses
    /// the files that mention them.
    public var unresolvedConstants: Set<String> = []
    /// Names a Core Data stack's store file is read from, written bare, that no parsed file declares
    /// (`NSPersistentContainer(name: kStoreName)`): pass 2 parses the files that declare them (`let kStoreName`,
    /// `static var kStoreName`, `func kStoreName`), not every file that mentions them.
    public var undeclaredValues: Set<String> = []
    /// A Core Data model is unwrapped by a method on `Optional` no parsed file declares (`.require()`): pass 2 parses
    /// the files that extend `Optional`.
    public var optionalExtensionsWanted = false
    /// Helpers (functions, or types whose initialiser) opening a store at a URL their callers pass, with no call seen
    /// in the parsed files: pass 2 parses the files that mention them, where the calls may be (a file with no
    /// SwiftData word, `static let store = try! JournalStore(at: url)`).
    public var unseenCallers: Set<String> = []
    /// Functions a store's URL is built by whose parameters no call read passes, where the place is not known: the
    /// files already parsed without their calls walked that name one are walked (`ParseStage`); skipped files are
    /// not searched for them (that is `unseenCallers`, for the helper given the URL itself).
    public var callersToWalk: Set<String> = []
    /// Functions (or types, for an initialiser) a Core Data stack is given its store file by, with no call seen in
    /// the parsed files, with the files whose stacks read their parameters: pass 2 parses the files that call them
    /// among those a target compiling one of these files compiles too (a framework's stack is called by an example
    /// app of its own target, whose folder is no user's: such calls are not looked for).
    public var unseenStackCallers: [String: Set<String>] = [:]
    /// Labels of parameters without a default that give a Core Data stack its store file, which no call read passes
    /// (`init(name:manuallyMigratedStoreAt:)`), with the files reading those parameters: pass 2 looks whether any
    /// other file writes them.
    public var unpassedLabels: [String: Set<String>] = [:]
    /// Of those, the labels no file but the ones read writes, as pass 2 found (`ProjectBuilder.build`): no call
    /// passes them, so the stack given its file by them is built nowhere and opens no store.
    public var labelsWrittenNowhere: Set<String> = []
    /// Files only tests compile: those importing XCTest or Testing, those a project file puts in test targets only,
    /// and, when no project file says, those in a `*Tests` folder (`ContainerPurpose.isTestPath`).
    public var testFiles: Set<String> = []
    /// The modules each parsed file imports, by path (what generated code that names its types must import too).
    public var fileImports: [String: Set<String>] = [:]
    /// `// schemalint:` comments by file.
    public var suppressions: [String: [SuppressionComment]] = [:]
    /// Names the parsed files' code uses outside a same-named type's own declaration (`ParsedFile.referencedNames`).
    public var referencedNames: Set<String> = []
    /// Where the parsed files read properties by name (`ParsedFile.propertyReads`).
    public var propertyReads = PropertyReads()
    /// `ParsedFile.namesOutsidePreviews`, of every file.
    public var namesOutsidePreviews: Set<String> = []
    /// Names of types declared `public` or `open` in parsed files another module may import: an app target's are
    /// no other module's (`ParsedFile.compiledOnlyByApps`), so a plan declared so there is judged as internal.
    public var publicTypes: Set<String> = []
    /// Names of types declared `public` or `open` in any parsed file, app targets' too: what code written beside
    /// them must declare alike to compile.
    public var declaredPublicTypes: Set<String> = []
    /// Core Data model bundles (`.xcdatamodeld`, standalone `.xcdatamodel`) found beside the sources.
    public var modelBundles: [ModelBundle] = []
    /// Whether the run looked for model bundles: a lockfile's bundles are only compared when it did.
    public var modelBundlesRead = false
    /// The store files Core Data stacks open (`ParsedFile.coreDataStacks`, their values evaluated).
    public var coreDataStores: [CoreDataStore] = []
    /// `ParsedFile.storeCopies` of every file.
    public var storeCopies: [SourceLocation] = []
    /// The places files are moved or copied from by the app's code (`ParsedFile.storeMoves`, evaluated), each a
    /// `StorePath` or nil where it cannot be read; `to`: the places they go, where every one is read for certain.
    public var storeMoves: [(from: StorePath?, to: [StorePath]?, at: SourceLocation)] = []
    /// Store copies (`replacePersistentStore`, `migratePersistentStore`) whose source cannot be read: which store
    /// they carry cannot be told, so no store is said to be left behind.
    public var unreadStoreCopies: [SourceLocation] = []
    /// Places files are moved or copied into from a file that cannot be read (`copyStoreFiles(from: candidates.first
    /// { ... }, to: target)`): a store opened there now may be carried from any store before it.
    public var unreadCopiesInto: [StorePath] = []
    /// `ParsedFile.storeMigrators` of every app file (tests excluded), and where its `migrationFlags` evaluate to
    /// false (`automaticMigrationOff`, `inferenceOff`) or to a value that cannot be read (`migrationFlagsUnread`).
    public var storeMigrators: [SourceLocation] = []
    /// `ParsedFile.storeDeletions` of every file compiled into the app (tests excluded), but those no failure
    /// reaches: each `catch` before them calls a function that never returns.
    public var storeDeletions: [StoreDeletionUse] = []
    /// Functions a `catch` before a delete calls, not known to stop the app (a logger's `logCrash(error:)` in a file
    /// with no store word): pass 2 reads the files declaring them, to learn whether they return.
    public var undeclaredCatchCalls: Set<String> = []
    /// Failed opens of app stores that the app answers by rewriting the store's version metadata.
    public var storeRepairs: [StoreRepair] = []
    /// `ParsedFile.storeWipes` of every file compiled into the app (tests excluded).
    public var storeWipes: [StoreWipeUse] = []
    public var automaticMigrationOff: [SourceLocation] = []
    public var inferenceOff: [SourceLocation] = []
    public var migrationFlagsUnread: [UnknownValue] = []

    public func version(_ id: SymbolID) -> SchemaVersion? { versions.first { $0.id == id } }
    /// The version a lockfile key names.
    public func version(key: String) -> SchemaVersion? { versions.first { $0.key == key } }
    public func entity(_ id: SymbolID) -> Entity? { entities[id] }

    /// Whether every store `container` opens is given a configuration read as `allowsSave: false`
    /// (`ConfigurationModel.readOnly`), wherever it is written.
    public func opensReadOnly(_ container: ContainerModel) -> Bool {
        guard !container.storeConfigurations.isEmpty else { return false }
        return container.storeConfigurations.allSatisfy { location in
            guard let location else { return false }
            return configurations.contains { $0.location == location && $0.readOnly }
        }
    }
}
