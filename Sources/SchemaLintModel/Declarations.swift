import Foundation

/// Declarations read from one Swift file, before any name is resolved.
///
/// The parser (SchemaLintSyntax) fills these from syntax trees; everything after it (binding, hashing,
/// rules) works on these plain values and never sees SwiftSyntax.
public struct ParsedFile: Sendable {
    public var path: String
    /// Top-level types and typealiases.
    public var members: Members
    /// `extension X { ... }` blocks, wherever they are.
    public var extensions: [ExtensionDeclaration]
    public var imports: Set<String>
    /// Protocols declared in this file (a project that declares its own `VersionedSchema` is not SwiftData).
    public var declaredProtocols: Set<String>
    /// Macros declared in this file (`macro Model()`): another framework's `@Model`.
    public var declaredMacros: Set<String>
    /// The first syntax error, when the file did not parse cleanly.
    public var syntaxError: SyntaxProblem?
    public var containers: [ContainerUse] = []
    /// Containers written only in a `#if DEBUG` clause: no user's store (users run the release build), but evidence
    /// that the app's containers are in these sources (highpitch opened its only container there).
    public var debugOnlyContainers: [SourceLocation] = []
    public var configurations: [ConfigurationUse] = []
    /// Calls with labelled arguments in this file: what callers pass to a parameter that decides a store.
    public var callSites: [CallSite] = []
    /// Whether the file was walked for containers and calls (`callSites`): a file parsed for its schema words alone
    /// was not, so a function called there is called by no call read.
    public var callsCollected = false
    /// Names assigned somewhere in this file (`flag = true`, `Settings.flag = x`, `flag.toggle()`): a `static var`
    /// of that name is not its initial value for certain.
    public var assignedNames: Set<String> = []
    /// `// schemalint:disable...` comments, in source order.
    public var suppressions: [SuppressionComment] = []
    /// Names this file's code uses (as a type or a value), outside the declaration and extensions of a type of that
    /// name: whether anything uses a migration plan. Comments are not code.
    public var referencedNames: Set<String> = []
    /// Where its code reads properties by name (`PropertyReads`).
    public var propertyReads = PropertyReads()
    /// The same, outside `#Preview` blocks and `PreviewProvider` types.
    public var namesOutsidePreviews: Set<String> = []
    /// Types declared `public` or `open` here: other modules may use them.
    public var publicTypes: Set<String> = []
    /// `static let schema = Schema(...)`, `static let plan = AppPlan.self`, global constants: values containers
    /// may be given by name.
    public var namedValues: [NamedValue] = []
    /// Compiled only by test targets (from the project files); nil when no project file says, and the folder's name
    /// decides.
    public var isTestTarget: Bool?
    /// The targets the project files say compile it, sorted; empty when none says. Two targets may each declare a
    /// member of one name (an app's and its widget's `extension URL { static func storeURL(for:) }`): a name is
    /// found first among the files of the targets its own file is compiled in.
    public var targets: [String] = []
    /// Compiled only by app, extension and test targets, as a project file says: its `public` types are no other
    /// module's to use (no module imports an app), so they are judged as internal ones.
    public var compiledOnlyByApps = false
    /// Core Data stacks this file opens (`NSPersistentContainer(name:)`, a coordinator) with the store files they are
    /// given here.
    public var coreDataStacks: [CoreDataStackUse] = []
    /// `override class func defaultDirectoryURL()` in a type here: where a container of that type (a subclass of
    /// `NSPersistentContainer`) puts the files its descriptions do not name.
    public var coreDataFolders: [CoreDataFolderOverride] = []
    /// Methods an `extension Optional` here declares that return the wrapped value or stop the app (`func require()
    /// -> Wrapped { guard let value = self else { fatalError() }; return value }`), read as `!` is.
    public var optionalUnwrappers: [String] = []
    /// Functions declared here that never return (`-> Never`, or a body that calls `fatalError` in its own
    /// statements): a `catch` calling one does not fall through.
    public var neverReturning: [String] = []
    /// Calls that carry a store's rows to another file (`migratePersistentStore`, `replacePersistentStore`): a store
    /// file the app moved away from may have been copied, so it is not said to be left behind.
    public var storeCopies: [SourceLocation] = []
    /// Where those of them that name a file take it from (`moveItem(at:to:)`, `copyItem(atPath:toPath:)`,
    /// `replaceItemAt(_:withItemAt:)`): a SwiftData store moved by the app's own code is carried, not left behind.
    public var storeMoves: [StoreMoveUse] = []
    /// `NSMigrationManager(...)`: the app migrates its Core Data stores itself, version by version.
    public var storeMigrators: [SourceLocation] = []
    /// `shouldMigrateStoreAutomatically = ...` and `shouldInferMappingModelAutomatically = ...` as written, for the
    /// project to evaluate (`CoreDataStoreBuilder`).
    public var migrationFlags: [CoreDataMigrationFlag] = []
    /// Files deleted where a failed open of a store leads (`StoreDeletionUse`).
    public var storeDeletions: [StoreDeletionUse] = []
    /// Failure paths of an open that may repair the store and open it again (`StoreRepairPath`).
    public var storeRepairPaths: [StoreRepairPath] = []
    /// Functions of this file that rewrite a store's version metadata, directly or through the file's functions they
    /// call: base name → where the rewrite is written.
    public var metadataRewriters: [String: SourceLocation] = [:]
    /// Whole stores the code empties on a path that is no failed open (`StoreWipeUse`).
    public var storeWipes: [StoreWipeUse] = []

    public init(path: String) {
        self.path = path
        members = Members()
        extensions = []
        imports = []
        declaredProtocols = []
        declaredMacros = []
    }
}

public struct SyntaxProblem: Sendable, Hashable {
    public var location: SourceLocation
    public var message: String
    public var count: Int
    public init(location: SourceLocation, message: String, count: Int) {
        self.location = location
        self.message = message
        self.count = count
    }
}

/// The members a type body, an extension body or a file holds.
public struct Members: Sendable {
    public var types: [TypeDeclaration] = []
    public var typealiases: [TypeAliasDeclaration] = []
    public var storedProperties: [PropertyDeclaration] = []
    public var staticProperties: [StaticPropertyDeclaration] = []
    public var enumCases: [EnumCaseDeclaration] = []
    public var macros: [MacroUse] = []
    /// `init(from:)` and `encode(to:)` written in this body.
    public var codingMembers: Set<CodingMember> = []
    /// Functions and closure constants a custom stage may be given by name (`didMigrate: Self.fillDefaults`).
    public var migrationFunctions: [MigrationFunction] = []
    /// Whether the body declares an initialiser that is not `convenience`: a class that declares none inherits its
    /// superclass's (`PersistentContainer(name:bundle:)` calls the initialiser its superclass declares).
    public var declaresDesignatedInitialiser = false
    /// Whether it declares any initialiser, `convenience` ones included.
    public var declaresInitialiser = false
    public init() {}
}

/// A `static` (or global) `func` taking one `ModelContext`, or a `static` (or global) `let`/`var` holding a closure
/// that takes one: what `willMigrate: migrateV1` may name. Its body is summarised as a closure written in the stage
/// would be, so the rules that read stage closures read it too.
public struct MigrationFunction: Sendable {
    public var name: String
    public var summary: ClosureSummary
    public var location: SourceLocation
    public init(name: String, summary: ClosureSummary, location: SourceLocation) {
        self.name = name
        self.summary = summary
        self.location = location
    }
}

public enum TypeKind: String, Sendable {
    case `class`, `struct`, `enum`, `protocol`, `actor`
}

public struct TypeDeclaration: Sendable {
    public var kind: TypeKind
    public var name: String
    public var location: SourceLocation
    public var inherited: [TypeExpr]
    /// Attribute names written on the declaration, without `@` (`Model`, `available`).
    public var attributes: [String]
    public var members: Members
    /// The doc comment written on the declaration (a version's notes on what changed, say).
    public var documentation: String?

    public init(
        kind: TypeKind, name: String, location: SourceLocation, inherited: [TypeExpr], attributes: [String],
        members: Members, documentation: String? = nil
    ) {
        self.documentation = documentation
        self.kind = kind
        self.name = name
        self.location = location
        self.inherited = inherited
        self.attributes = attributes
        self.members = members
    }
}

public struct ExtensionDeclaration: Sendable {
    public var extendedType: TypeExpr
    public var location: SourceLocation
    public var inherited: [TypeExpr]
    public var members: Members

    public init(extendedType: TypeExpr, location: SourceLocation, inherited: [TypeExpr], members: Members) {
        self.extendedType = extendedType
        self.location = location
        self.inherited = inherited
        self.members = members
    }
}

public struct TypeAliasDeclaration: Sendable {
    public var name: String
    public var target: TypeExpr
    public var location: SourceLocation
    public init(name: String, target: TypeExpr, location: SourceLocation) {
        self.name = name
        self.target = target
        self.location = location
    }
}

public struct EnumCaseDeclaration: Sendable {
    public var name: String
    public var hasAssociatedValues: Bool
    /// `case archived = "gone"`: the raw value written; nil when the case takes its implicit one.
    public var rawValue: RawValueLiteral?
    /// `case circle(radius: Double, Int)`: each associated value's label (nil when unlabelled) and type, in order.
    public var associatedValues: [AssociatedValue] = []
    public init(name: String, hasAssociatedValues: Bool) {
        self.name = name
        self.hasAssociatedValues = hasAssociatedValues
    }
}

/// A raw value as written after `case x =`: what a stored row holds for that case.
public enum RawValueLiteral: Sendable, Hashable {
    /// A string literal without interpolation: its text.
    case string(String)
    /// An integer literal, with its sign, as written (`-1`, `0x10`, `1_000`).
    case integer(String)
    /// A floating-point literal, with its sign, as written.
    case float(String)
    /// Anything else (an interpolated string, a character, an expression), as written.
    case other(String)
}

public struct AssociatedValue: Sendable, Hashable {
    public var label: String?
    public var type: TypeExpr
    public init(label: String?, type: TypeExpr) {
        self.label = label
        self.type = type
    }
}

/// A hand-written half of `Codable`: the type then decodes or encodes what it chooses, not what its declaration says.
public enum CodingMember: String, Sendable, Hashable, Comparable {
    case decoder = "init(from:)"
    case encoder = "encode(to:)"

    public static func < (lhs: CodingMember, rhs: CodingMember) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// An initial value that names its type only through declarations: resolved by the model, not the parser.
public enum InitialValue: Sendable, Hashable {
    /// `Status.active`, `MuscleGroup.chest.rawValue`, `Date.now`, `Limits.defaultWeight`: dotted names, the
    /// leading ones naming a type, the rest its members.
    case memberChain([String])
    /// Anything else, as written (`makeDefault()`, `[]`, `.active`): Swift needs more than the value to type it.
    case expression(String)
}

/// A stored instance property (`var`/`let` without a getter, not `static`, not `@Transient`).
public struct PropertyDeclaration: Sendable {
    public var name: String
    /// The annotated type, or one inferred from a literal or initialiser call (`= 0`, `= Date()`); nil if unknown.
    public var type: TypeExpr?
    public var hasDefault: Bool
    public var isLet: Bool
    public var location: SourceLocation
    /// `@Attribute(...)`, when present.
    public var attribute: AttributeArguments?
    /// `@Relationship(...)`, when present.
    public var relationship: RelationshipArguments?
    /// The doc comment (`///`) written on it, for rules that must judge intent (a rename or a replacement).
    public var documentation: String?
    /// Whether `type` was written (`var a: Int`) rather than inferred from the initial value (`var a = 0`).
    public var isTypeWritten = true
    /// The initial value's shape, kept when the syntax alone gives no type (`= Status.active`), so the model can
    /// infer it the way Swift does once names are resolved.
    public var initialValue: InitialValue?
    /// Whether the initial value is the `nil` literal: an optional that starts empty, as if it had no default.
    public var defaultIsNil = false

    public init(
        name: String, type: TypeExpr?, hasDefault: Bool, isLet: Bool, location: SourceLocation,
        attribute: AttributeArguments? = nil, relationship: RelationshipArguments? = nil
    ) {
        self.name = name
        self.type = type
        self.hasDefault = hasDefault
        self.isLet = isLet
        self.location = location
        self.attribute = attribute
        self.relationship = relationship
    }
}

public struct AttributeArguments: Sendable, Hashable {
    /// Options as written, canonical text without the dot: `unique`, `externalStorage`, `transformable(by: X)`.
    public var options: [String] = []
    public var originalName: String?
    public var hashModifier: String?
    public var location: SourceLocation
    public init(location: SourceLocation) { self.location = location }
}

/// `@Relationship(deleteRule:)`, and Core Data's `NSDeleteRule` codes in store models (0 to 3, in this order).
public enum DeleteRule: String, Sendable, Hashable, CaseIterable {
    case noAction, nullify, cascade, deny

    /// The rule a store's cached model records as `NSDeleteRule`.
    public init?(storeCode: Int) {
        guard Self.allCases.indices.contains(storeCode) else { return nil }
        self = Self.allCases[storeCode]
    }
}

public struct RelationshipArguments: Sendable, Hashable {
    public var deleteRule: DeleteRule?
    public var minimumModelCount: Int?
    public var maximumModelCount: Int?
    public var originalName: String?
    public var hashModifier: String?
    public var inverse: KeyPathReference?
    /// `inverse: nil` was written explicitly (a one-way relationship).
    public var explicitlyNoInverse = false
    /// Options such as `.unique` given to `@Relationship(.unique, ...)`.
    public var options: [String] = []
    public var location: SourceLocation
    public init(location: SourceLocation) { self.location = location }
}

/// `\Root.property` as written.
public struct KeyPathReference: Sendable, Hashable {
    public var root: TypeExpr?
    public var properties: [String]
    public var location: SourceLocation
    public init(root: TypeExpr?, properties: [String], location: SourceLocation) {
        self.root = root
        self.properties = properties
        self.location = location
    }
}

/// A freestanding macro inside a type body: `#Unique<T>([\.a], [\.b, \.c])`, `#Index<T>(...)`.
public struct MacroUse: Sendable {
    public var name: String
    public var genericArgument: TypeExpr?
    /// Each argument's key-path property names.
    public var keyPathGroups: [[String]]
    public var location: SourceLocation
    public init(name: String, genericArgument: TypeExpr?, keyPathGroups: [[String]], location: SourceLocation) {
        self.name = name
        self.genericArgument = genericArgument
        self.keyPathGroups = keyPathGroups
        self.location = location
    }
}

/// `static var/let name ... = value` or `static var name: T { value }`.
public struct StaticPropertyDeclaration: Sendable {
    public var name: String
    public var declaredType: TypeExpr?
    public var value: StaticValue
    public var location: SourceLocation
    public init(name: String, declaredType: TypeExpr?, value: StaticValue, location: SourceLocation) {
        self.name = name
        self.declaredType = declaredType
        self.value = value
        self.location = location
    }
}

/// What the parser could read from a static property's value.
public enum StaticValue: Sendable {
    /// `Schema.Version(1, 0, 0)` or `.init(1, 0, 0)`.
    case version(VersionNumber, SourceLocation)
    /// An array literal.
    case list([ListElement], SourceLocation)
    /// A migration stage expression.
    case stage(StageExpression)
    /// A call without arguments (`makeStage()`, `Self.makeStage()`): a helper that may build a stage, resolved against
    /// the stages the plan declares.
    case call([String], SourceLocation)
    /// A name (`all`, `Self.all`, `Plan.all`): another member's value, as a plan's `stages` or `schemas` may be.
    case reference([String], SourceLocation)
    /// `a + b`: lists one after the other.
    case concatenation([StaticValue], SourceLocation)
    /// Something the tool does not interpret (a function call, a computed chain).
    case unreadable(SourceLocation)
}

public enum ListElement: Sendable {
    /// `X.self`
    case type(TypeExpr, SourceLocation)
    /// An inline `.lightweight(...)` or `.custom(...)`.
    case stage(StageExpression)
    /// A reference to a member, `migrateV1toV2`, `Self.migrateV1toV2` or `Plan.migrateV1toV2`.
    case reference([String], SourceLocation)
    case unreadable(SourceLocation)
}

public struct VersionNumber: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int
    public init(_ major: Int, _ minor: Int, _ patch: Int) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }
    public static func < (lhs: VersionNumber, rhs: VersionNumber) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }
    public var description: String { "\(major).\(minor).\(patch)" }
}

public enum StageKind: String, Sendable {
    case lightweight, custom
}

public struct StageExpression: Sendable {
    public var kind: StageKind
    public var from: TypeExpr?
    public var to: TypeExpr?
    public var location: SourceLocation
    public var willMigrate: ClosureSummary?
    public var didMigrate: ClosureSummary?
    /// A closure given by name (`willMigrate: migrateV1`, `didMigrate: Self.fillDefaults`), as written: the model
    /// puts the named function's body in `willMigrate`/`didMigrate` when it resolves to exactly one declaration.
    public var willMigrateReference: FunctionReference?
    public var didMigrateReference: FunctionReference?
    /// The closures it has, willMigrate first.
    public var closures: [ClosureSummary] { [willMigrate, didMigrate].compactMap { $0 } }
    public init(
        kind: StageKind, from: TypeExpr?, to: TypeExpr?, location: SourceLocation,
        willMigrate: ClosureSummary? = nil, didMigrate: ClosureSummary? = nil
    ) {
        self.kind = kind
        self.from = from
        self.to = to
        self.location = location
        self.willMigrate = willMigrate
        self.didMigrate = didMigrate
    }
}

/// A function named where a closure is expected: `migrateV1`, `Self.fillDefaults`, `Migrations.v1ToV2`.
public struct FunctionReference: Sendable, Hashable {
    public var path: [String]
    public var location: SourceLocation
    public init(path: [String], location: SourceLocation) {
        self.path = path
        self.location = location
    }
}

/// The parts of a migration closure that rules look at.
public struct ClosureSummary: Sendable {
    public var location: SourceLocation
    /// Written in the stage, or the body of a function the stage names (`MigrationFunction`), whose names resolve
    /// from the type declaring it (nil: a global function), not from where the stage is written.
    public var origin: Origin = .written
    public enum Origin: Sendable {
        case written
        case function(name: String, declaredIn: SymbolID?)
    }
    /// Types used inside the closure (`FetchDescriptor<T>`, `T(...)`, `T.self`, `as? T`).
    public var typeUses: [TypeUse]
    /// `try?`, `try!` and empty `catch` blocks inside the closure.
    public var swallowedErrors: [SwallowedError]
    /// Whether it sets a property, inserts or deletes (printing, fetching and saving alone do not).
    public var changesData: Bool
    /// The models whose every row it deletes (`delete(model:)`), and whether it changes anything besides: when
    /// the stage's target drops all of those models, a failed save loses nothing the migration keeps.
    public var deletedModels: [TypeExpr] = []
    public var changesMoreThanDeletedModels = true
    /// The member names it reads or writes (`entry.amountPrefix`, `\.amountPrefix`): a property a later step drops
    /// whose values a stage copied elsewhere first is carried, not lost (`data_dropped`).
    public var memberNames: Set<String> = []
    /// Objects it builds (`let item = SchemaV8.Item(...)`, `Item(...)` on its own) and then only reads or sets the
    /// properties of: never inserted, appended, assigned elsewhere, returned or passed to anything. Which of them are
    /// models, the rule resolves (`custom_stage_loses_data`).
    public var unkeptObjects: [BuiltObject] = []
    /// Its deletions of rows, in source order: whole models (`delete(model: T.self)`), fetched rows deleted one by
    /// one in a loop that does nothing else with them, and any other `context.delete(...)`.
    public var rowDeletions: [RowDeletion] = []
    /// The types it names outside those deletions (`FetchDescriptor<T>`, `T.self`, `as? T`): where a model's rows
    /// may be read.
    public var typeUsesOutsideDeletions: [TypeUse] = []
    /// Where it hands the context to a function (`try copyTrips(context)`), which may read any rows.
    public var contextHandOffs: [SourceLocation] = []
    /// The functions it hands the context to, by name as written (`convert`, `Migrations.copyTrips`): a helper
    /// declared to take a `ModelContext` is read as part of the stage (`PlanBuilder`).
    public var contextHelpers: [FunctionReference] = []
    /// Where it gives fetched rows to a function (`JSONEncoder().encode(movies)`), by the model fetched: the function
    /// may read the rows their relationships reach (a movie's encoding writes its actors' names).
    public var rowHandOffs: [TypeUse] = []
    public init(
        location: SourceLocation, typeUses: [TypeUse] = [], swallowedErrors: [SwallowedError] = [],
        changesData: Bool = true
    ) {
        self.location = location
        self.typeUses = typeUses
        self.swallowedErrors = swallowedErrors
        self.changesData = changesData
    }
}

/// An object a migration closure builds and keeps nowhere (`ClosureSummary.unkeptObjects`).
public struct BuiltObject: Sendable, Hashable {
    /// The type called, as written (`SchemaV8.Item`).
    public var type: TypeExpr
    public var location: SourceLocation
    /// The argument labels of the initialiser call (`nil` for an unlabelled argument), then the members set on the
    /// object afterwards (`item.owner = trip`): setting a relationship to an object the context holds inserts it.
    public var initialiserLabels: [String?]
    public var setMembers: [String]
    /// Members read through to something else (`memo.text.trimmingCharacters(in:)`, `item.tags.append(tag)`): a
    /// relationship's value can link the object to one the context holds; an attribute's cannot.
    public var chainedMembers: [String] = []
    public init(type: TypeExpr, location: SourceLocation, initialiserLabels: [String?], setMembers: [String]) {
        self.type = type
        self.location = location
        self.initialiserLabels = initialiserLabels
        self.setMembers = setMembers
    }
}

/// A deletion of rows in a migration closure (`ClosureSummary.rowDeletions`).
public struct RowDeletion: Sendable, Hashable {
    public enum Kind: String, Sendable {
        /// `context.delete(model: T.self)`: every row of `T`.
        case wholeModel
        /// `for row in try context.fetch(FetchDescriptor<T>()) { context.delete(row) }` and its spellings: every
        /// fetched row, read for nothing else.
        case fetchedRows
        /// `context.delete(model: T.self, where: ...)`, or `context.delete(row)` of a row read for more.
        case some
    }
    public var kind: Kind
    /// The model whose rows go, when the code names it.
    public var model: TypeExpr?
    public var location: SourceLocation
    public init(kind: Kind, model: TypeExpr?, location: SourceLocation) {
        self.kind = kind
        self.model = model
        self.location = location
    }
}

public struct SwallowedError: Sendable, Hashable {
    /// `try?`, `try!`, `empty catch` or `catch` (one that neither rethrows nor stops).
    public var construct: String
    public var location: SourceLocation
    /// The context operation whose failure is hidden, as written (`context.save()`), shortened.
    public var operation: String
    /// The model whose every row the operation deletes (`context.delete(model: SchemaV1.Cache.self)`).
    public var deletedModel: TypeExpr?
    /// Whether the operation is the context's `save()`.
    public var isSave = false
    public init(construct: String, location: SourceLocation, operation: String = "") {
        self.construct = construct
        self.location = location
        self.operation = operation
    }
}

/// Why a container or configuration exists. Only app stores live on users' devices and migrate; a preview, a
/// test or an in-memory store starts empty every time, so migration rules have nothing to protect there.
public enum ContainerPurpose: String, Sendable, Hashable, CaseIterable {
    case app, preview, test
    case inMemory = "in-memory"
    /// A store in the temporary folder: a helper's throwaway copy, never a user's store.
    case scratch
    /// Opened only to read a store right before the code deletes or replaces that file (`try? ModelContainer(for:
    /// subset, configurations: ModelConfiguration(url: url))`, then `removeItem(at: url)`): what it opens is no state
    /// the store keeps.
    case salvage
    /// Opened only in a `catch` after the container its `do` opens on another file (Takt's `Takt.sqlite`, else the
    /// old `default.store`): that one opens on every device that can create a file, so what this one opens holds no
    /// data the app keeps; it is neither locked nor judged as the app's store.
    case fallback
}

/// A file deleted on the path a failed open takes (`removeItem`, `trashItem`, `destroyPersistentStore`): in the
/// `catch` of a `do` that opens a store, where a `try?` open came back nil, in `loadPersistentStores`' completion, or
/// after a `migratePersistentStore` whose error the `catch` only logs. Directly, or in a function of the same file
/// called there. What the deleted file is, is left as the code names it: the rule judges.
public struct StoreDeletionUse: Sendable, Hashable {
    public enum Path: String, Sendable, Hashable {
        /// The `catch` of a `do` whose body opens a store (a container, `loadPersistentStores`, `addPersistentStore`,
        /// or a function of the file that does).
        case failedOpen
        /// Where a `try?` open is nil: `guard let ... = try? ... else`, `if let ... else`, `if container == nil`.
        case failedOptionalOpen
        /// The completion closure of `loadPersistentStores`, which runs with the error when the store fails to load.
        case loadError
        /// After a `do` holding `migratePersistentStore` whose `catch` neither rethrows nor stops.
        case swallowedMigration
    }

    public var path: Path
    /// `removeItem`, `trashItem` or `destroyPersistentStore`.
    public var call: String
    /// The delete call.
    public var location: SourceLocation
    /// Where the failure path reaches it: the call of the function that deletes, else the delete itself.
    public var reachedFrom: SourceLocation
    /// The function of the file that deletes, when the failure path calls one.
    public var helper: String?
    /// The open (or migration) whose failure leads here.
    public var open: SourceLocation
    /// The deleted URL as written.
    public var target: String
    /// String literals the deleted URL is built from, through local variables, a loop over a list and the helper's
    /// arguments (`"default.store"`, `"-wal"`, `"inbox.json"`).
    public var literals: [String] = []
    /// The names it is built from (`storeURL`, `persistentStoreDescriptions`, `config`, `url`).
    public var names: [String] = []
    /// The deleted URL is a name the same function gives a store as its file (`url:` of a configuration or store
    /// description, `at:` of `addPersistentStore`): a factory's `url` parameter, deleted as it was opened (popcorn).
    public var namesOpenedFile = false
    /// The extension the deleted URL ends with by `appendingPathExtension(...)`, as written (`wal`): a file named
    /// after the store, not the store (`shared.store.wal`), unless the extension is a store's.
    public var appendedExtension: String?
    /// The deleted URL as written (a `.url` evidence: its value and where it is), with the locals around the delete
    /// put in, for the project to evaluate.
    public var place: InMemoryEvidence?
    /// Where the deleted file is, each place it may be (set by the project where `place` evaluates to known
    /// folders): a file the failed open's store is not, in a folder that does not hold it (the App Group's root
    /// beside the group's `Library/Application Support`), is no store of its.
    public var deletedPaths: [StorePath] = []
    /// The failed open is of a store in the temporary folder, or the deleted file is there; or (set by the project)
    /// the open keeps its store in memory.
    public var throwaway = false
    /// What the failed open says of keeping its store in memory, as written: the project decides
    /// (`ValueEvaluator.keptInMemory`), and an open in memory has no file to lose.
    public var inMemoryEvidence: [InMemoryEvidence] = []

    /// A flag, store type or URL the failed open is given.
    public struct InMemoryEvidence: Sendable, Hashable {
        public enum Kind: Sendable, Hashable { case flag, storeType, url }
        public var kind: Kind
        public var value: ValueSource
        public var location: SourceLocation
        public init(kind: Kind, value: ValueSource, location: SourceLocation) {
            self.kind = kind
            self.value = value
            self.location = location
        }
        /// One written at one place is one.
        public static func == (lhs: Self, rhs: Self) -> Bool { (lhs.kind, lhs.location) == (rhs.kind, rhs.location) }
        public func hash(into hasher: inout Hasher) {
            hasher.combine(kind)
            hasher.combine(location)
        }
    }
    /// A copy or move (`copyItem`, `moveItem`, `replacePersistentStore`, `migratePersistentStore`) written with
    /// `try` runs before the delete on the same path: the rows are kept elsewhere first.
    public var keepsCopy = false
    /// Inside an `if` or `guard` whose condition names a debug switch (`debugResetStore`, `isDebug`).
    public var debugOnly = false
    /// After a migration whose error is only logged, the file deleted is the one the migrated store was opened from
    /// (the same variable, followed through locals, `if let`s and the URL a `coordinate(writingItemAt:)` hands its
    /// closure): the source of the copy, whatever its name says.
    public var deletesMigrationSource = false
    public var purpose: ContainerPurpose = .app
    /// Containers opened after the delete on the same path: the store recreated empty.
    public var recreated: [SourceLocation] = []
    /// For a delete after a `do` (`swallowedMigration`, or a failed open that returns from the `do`): per `catch`
    /// clause, the functions it calls in its own statements. When each clause calls one that never returns
    /// (`logger.logCrash(error)` ending in `fatalError`), no failure reaches the delete (`Project.neverReturning`).
    public var catchCalls: [[String]] = []

    public init(
        path: Path, call: String, location: SourceLocation, reachedFrom: SourceLocation, open: SourceLocation,
        target: String
    ) {
        self.path = path
        self.call = call
        self.location = location
        self.reachedFrom = reachedFrom
        self.open = open
        self.target = target
    }
}

/// The path a failed open of a store takes (`StoreDeletionUse.Path`), as far as it can repair the store: a rewrite of
/// the store's version metadata written on it (SQL on `Z_METADATA`, `setMetadata`), and the functions it calls, which
/// the project matches against every file's `metadataRewriters`. An app that rewrites its store's metadata when the
/// store fails to open (and opens it again) decides by its own code whether an old store opens: schemalint cannot.
public struct StoreRepairPath: Sendable, Hashable {
    /// The open whose failure leads here.
    public var open: SourceLocation
    /// The containers (`ModelContainer(...)`) that open reaches in this file, directly or through its functions.
    public var containers: [SourceLocation]
    /// A metadata rewrite written on the path itself.
    public var rewrite: SourceLocation?
    /// Functions the path calls, by base name, with where it calls them.
    public var calls: [String: SourceLocation]

    public init(
        open: SourceLocation, containers: [SourceLocation], rewrite: SourceLocation?, calls: [String: SourceLocation]
    ) {
        (self.open, self.containers, self.rewrite, self.calls) = (open, containers, rewrite, calls)
    }
}

/// A failed open the app answers by rewriting the store's version metadata (`StoreRepairPath` matched to the
/// function that does it).
public struct StoreRepair: Sendable, Hashable {
    /// The containers whose failed open leads to the repair.
    public var containers: [SourceLocation]
    /// Where the failure path rewrites the metadata, or calls the function that does.
    public var reachedFrom: SourceLocation
    /// The function called there, when it is one.
    public var helper: String?
    /// The rewrite itself.
    public var rewrite: SourceLocation

    public init(containers: [SourceLocation], reachedFrom: SourceLocation, helper: String?, rewrite: SourceLocation) {
        (self.containers, self.reachedFrom, self.helper, self.rewrite) = (containers, reachedFrom, helper, rewrite)
    }
}

/// Code that empties a whole store on a path that is no failed open (a function run at logout, on a version change,
/// to refresh or reset a cache): the store's files deleted (`removeItem`, `trashItem`, `destroyPersistentStore`),
/// `deleteAllData()`, `delete(model:)` with no predicate, or every entity's rows deleted in a loop over the model's
/// entities. Deletes in a `catch`, or in a function the file calls only where a failed open leads, are not wipes
/// (`StoreDeletionUse`). Which store it empties, and whether the occasion says the app refills it, the facts judge.
public struct StoreWipeUse: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// `removeItem`, `trashItem` or `destroyPersistentStore` of a file; `literals` and `names` say which.
        case file
        /// `container.deleteAllData()`: every store of a container.
        case allData
        /// `delete(model: T.self)` with no predicate, for each of these models (type names, last component).
        case models(Set<String>)
        /// Rows of every entity or model deleted in a loop over the model's entities (`model.entities`,
        /// `Schema.models`).
        case everyEntity
    }

    public var kind: Kind
    /// The delete (the first one, for `models`).
    public var location: SourceLocation
    /// The function it is written in (`logout`, `init`), and the functions of its file that call that function,
    /// the occasion's names.
    public var function: String?
    public var callers: [String] = []
    /// Names and string literals in the conditions of the `if`s and `guard`s it is written under
    /// (`lastVersion != currentVersion`, `"needsReset"`), more of the occasion.
    public var conditions: [String] = []
    /// The call: `removeItem`, `destroyPersistentStore`, `deleteAllData`, `delete`, `NSBatchDeleteRequest`.
    public var call: String = ""
    /// String literals and names the deleted URL is built from (`.file`), as `StoreDeletionUse` has them.
    public var literals: [String] = []
    public var names: [String] = []
    public var target: String = ""

    public init(kind: Kind, location: SourceLocation, function: String?) {
        self.kind = kind
        self.location = location
        self.function = function
    }
}

/// A file the code moves or copies away (`FileManager.moveItem(at: source, to: ...)`), as written.
public struct StoreMoveUse: Sendable {
    public var source: ValueSource
    /// Where the call is: names in the source resolve there.
    public var scope: [String]
    public var location: SourceLocation
    /// A store's own copy (`replacePersistentStore`, `migratePersistentStore`), not any file's move.
    public var copiesAStore = false
    /// Where the file goes (`copyItem(at:to:)`'s `to:`), as written; nil where not read.
    public var destination: ValueSource?

    public init(source: ValueSource, scope: [String], location: SourceLocation) {
        self.source = source
        self.scope = scope
        self.location = location
    }
}

/// A value that decides a store (a `Bool` flag, a CloudKit database, a store's name) as it is written, before any
/// name is resolved: `ValueEvaluator` reads it once every file is known, the way `ModelListEvaluator` reads a list.
public indirect enum ValueSource: Sendable {
    case bool(Bool)
    case string(String)
    /// An implicit member (`.automatic`, `.none`, `.private("iCloud.x")`), by its name; `nil` is `.none`.
    case member(String)
    /// A constant, a static or global variable, or a function without arguments that returns a value.
    case named(ValueReference)
    /// A parameter of the function the value is read in: what each caller passes, its default where a caller leaves
    /// it out. `function` is the callee's base name (the type's name for an initialiser).
    case parameter(function: String, label: String, defaultValue: ValueSource?, location: SourceLocation)
    /// `!flag`.
    case not(ValueSource, SourceLocation)
    /// `a && b && ...` (`all: true`) or `a || b || ...` (`all: false`), read as Swift short-circuits them: a flag
    /// known false makes `&&` false whatever the others are (BorderLog: `isCloudKitFeatureEnabled && syncEnabled`,
    /// the first a `static let` false, the second read from user defaults).
    case logical(all: Bool, [ValueSource], SourceLocation)
    /// `condition ? then : otherwise`: the branch the condition picks when it is known, else either.
    case conditional(ValueSource, then: ValueSource, otherwise: ValueSource, SourceLocation)
    /// The branches of a `switch` expression: one of these, depending on something read at run time.
    case oneOf([ValueSource], SourceLocation)
    /// `switch subject { case a, b: x; default: y }`: each case's patterns (nil for `default`) and value. The case
    /// a subject known at build time matches; else any case's value.
    case switchOver(ValueSource, patterns: [[ValueSource]?], values: [ValueSource], SourceLocation)
    /// `"\(name).sqlite"` or `a + b`: the strings one after the other.
    case concatenation([ValueSource], SourceLocation)
    /// The last path component of a path or URL (`base.appendingPathComponent("Model.sqlite")`, `URL(fileURLWithPath:
    /// path)`): the store file a URL names, wherever its folder is.
    case fileName(ValueSource, SourceLocation)
    /// A folder the system gives an app (`URL.applicationSupportDirectory`, `FileManager.urls(for: .documentDirectory,
    /// in: .userDomainMask)`, `NSPersistentContainer.defaultDirectoryURL()`), by `StorePath.Base`'s name.
    case directory(String, SourceLocation)
    /// `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`: the App Group's shared folder.
    case appGroup(ValueSource, SourceLocation)
    /// `base.appending(path: "Stores").appendingPathComponent("Model.sqlite")`: a path under a folder. A base that
    /// cannot be read leaves the folder unknown and the file name known.
    case appendingPath(ValueSource, [ValueSource], SourceLocation)
    /// `value ?? fallback`: the value where it is not nil, the fallback where it is (a parameter whose callers leave
    /// it at its `nil` default: the fallback alone).
    case coalescing(ValueSource, fallback: ValueSource, SourceLocation)
    /// `scope.directoryName`, `kind.rawValue`: a property of a value whose type the code states (a parameter
    /// `scope: Scope`), read from the case the value is when the type is an enum of the app's.
    case property(ValueSource, of: TypeExpr, name: String, SourceLocation)
    /// `if let folder = value`: whether the value is not nil. An App Group's folder (or a path in it) is, where the
    /// targets compiling the code are entitled to that group or their entitlements say nothing (`appGroups` nil):
    /// `containerURL(forSecurityApplicationGroupIdentifier:)` gives it. Anything else is read at run time.
    case groupBound(ValueSource, appGroups: Set<String>?, SourceLocation)
    /// The value, or nil where it is an App Group's folder (or a path in it) the targets compiling the code are not
    /// entitled to (`appGroups`, nil: not known): `containerURL(forSecurityApplicationGroupIdentifier:)` gives nil
    /// there on iOS, so `url ?? fallback` is the fallback (FamFin's empty entitlements).
    case groupChecked(ValueSource, appGroups: Set<String>?, SourceLocation)
    /// What schemalint does not follow, and where.
    case unreadable(String, SourceLocation)
}

/// What `ValueEvaluator` reads a `ValueSource` as.
public enum ScalarValue: Sendable, Hashable {
    case bool(Bool)
    case string(String)
    case member(String)
}

/// A call of a function in the analysed files, with the labelled arguments it passes: what decides a
/// `ValueSource.parameter`.
public struct CallSite: Sendable {
    /// The called function's base name (`create` for `DashContainer.create(cloudKit: false)`, `Store` for
    /// `Store(cloudKit: false)`).
    public var function: String
    /// Where the call is: names in its arguments resolve there.
    public var scope: [String]
    /// The function the call is written in (its base name, the type's for an initialiser); nil outside one (a
    /// property's initial value): the code that must run for the call to run.
    public var caller: String?
    /// By label; an unlabelled argument as `#0`, `#1` ... (its position).
    public var arguments: [String: ValueSource]
    /// Arguments that read as a list of models or a schema (`Def.schema`, a local `Schema(...)` variable).
    public var models: [String: ModelSource] = [:]
    /// Arguments that are a `ModelConfiguration` (written there, or a local variable holding one).
    public var configurations: [String: Configuration] = [:]
    /// Arguments that are a type (`AppPlan.self`): a migration plan passed to a helper.
    public var types: [String: TypeExpr] = [:]
    /// Arguments that are a list of configurations (`make([local, synced])`, a local variable holding one, or the
    /// caller's own list parameter passed on), for a `[ModelConfiguration]` parameter.
    public var configurationLists: [String: ConfigurationListArgument] = [:]
    /// The labels of its arguments in the order written (`#1` for an unlabelled one at position 1): the arguments a
    /// variadic parameter takes are the one with its label and the unlabelled ones after it.
    public var argumentOrder: [String] = []
    /// A call written in preview or test code: the container it opens is a preview's or a test's.
    public var purpose: ContainerPurpose?
    /// Where the called function's name is written (`ValueReference.location` of the call read as a value): a value
    /// read through this call reads its parameters as this call passes them.
    public var location: SourceLocation?

    /// A list of configurations passed to a function.
    public enum ConfigurationListArgument: Sendable {
        /// Written at the call (or held by a local variable there): each element, read where the call is.
        case list([Configuration])
        /// The caller's own `[ModelConfiguration]` parameter, passed on: what the caller's callers pass.
        case forwarded(Parameter)

        /// The configurations written, when it is written.
        public var list: [Configuration]? {
            if case let .list(list) = self { return list }
            return nil
        }
    }

    /// A configuration passed to a function: the store it names, its in-memory flag, where it is written.
    public struct Configuration: Sendable {
        public var store: StoreLocation
        public var inMemory: ValueSource?
        public var location: SourceLocation?
        /// A configuration given by a constant's name (`SkyStore.configuration`): `store` is not read yet.
        public var reference: ValueReference?
        /// The caller's own parameter passed on (`makeContainer(configuration: configuration)` in
        /// `makePersistentStore(configuration:)`): what that function's callers pass. `store` is not read.
        public var forwarded: Parameter?
        public init(store: StoreLocation, inMemory: ValueSource?) {
            self.store = store
            self.inMemory = inMemory
        }
    }

    /// A parameter of a function, by the function's base name and the parameter's label.
    public struct Parameter: Sendable, Hashable {
        public var function: String
        public var label: String
        public init(function: String, label: String) {
            self.function = function
            self.label = label
        }
    }

    public init(function: String, scope: [String], arguments: [String: ValueSource]) {
        self.function = function
        self.scope = scope
        self.arguments = arguments
    }
}

/// `ModelContainer(for: ...)` or the `.modelContainer(for: ...)` view modifier.
public struct ContainerUse: Sendable {
    public var location: SourceLocation
    /// Enclosing type names, outermost first (the extended type's path inside an extension): where names resolve.
    public var scope: [String]
    public var models: ModelSource
    /// The `migrationPlan:` argument: its type when it is `P.self`, `nil` type when it is another expression.
    public var migrationPlan: TypeExpr?
    /// The `migrationPlan:` argument when it names a constant (`SchemaDefinition.migrationPlan`, or a parameter's
    /// default), resolved with the project's `NamedValue`s.
    public var migrationPlanReference: ValueReference?
    /// The function (its base name as calls name it, the type's for an initialiser) whose code opens it: each call of
    /// it opens a container of its own, with what that call passes.
    public var function: String?
    /// The labels every call of `function` passes (its parameters without a default; `#0`... for unlabelled ones):
    /// a call of that base name passing fewer is another function's.
    public var requiredLabels: Set<String> = []
    /// That function's argument labels (`#0` for an unlabelled one): a call passing another (`make(configuration:)`
    /// beside `make(at:)`) is a call of an overload, not of it. nil when it is opened in no function.
    public var functionLabels: Set<String>?
    /// The `migrationPlan:` argument when it is a parameter of the function the container is opened in: the project
    /// reads what each caller passes (`migrationPlan` / `migrationPlanReference` hold its default).
    public var migrationPlanParameter: CallSite.Parameter?
    public var hasMigrationPlanArgument: Bool
    /// What the code around it says (a `#Preview`, an `XCTestCase`, an in-memory configuration); the path of the
    /// file is judged later.
    public var purpose: ContainerPurpose
    /// Where the function, initialiser or property that opens it starts: two containers of one site with the same
    /// models open the same store (a retry in a `catch`).
    public var site: SourceLocation?
    /// `.modelContainer(for:)`, SwiftUI's modifier: it takes no migration plan, so adopting one means opening a
    /// `ModelContainer` instead.
    public var isViewModifier = false
    /// `DocumentGroup(editing:...)`: each document is a store; with no model types given, those of the plan's last
    /// version.
    public var opensDocuments = false
    /// Opened in a `catch` of a `do` whose body opens a container with a migration plan: a last-resort fallback when
    /// the planned container fails.
    public var isFallback = false
    /// Where the container opened in the `do` is, when this one is opened in one of its `catch` clauses (with or
    /// without a plan): it runs only when that one failed.
    public var fallbackFor: SourceLocation?
    /// The conditions on the parameters of the function it is opened in that the branches around it need
    /// (`if inMemory { return try ModelContainer(...) }`): a call for which one is known not to hold never reaches it.
    public var reachedIf: [StoreChoice.Condition] = []
    /// The variable or function whose code opens it (`previewContainer` in `let previewContainer = { ... }()`):
    /// a container only previews name is a preview's, wherever it is declared.
    public var holder: String?
    /// The store files it opens: one per configuration given, `default.store` when it is given none.
    public var stores: [StoreLocation] = [.defaultStore]
    /// Where each `ModelConfiguration` it is given is written, when it is written in this file.
    public var configurationLocations: [SourceLocation] = []
    /// The same, by the index in `stores` of the store each one opens (nil where it is not known here).
    public var storeConfigurationLocations: [SourceLocation?] = []
    /// Configurations given by a constant's name (`SharedContainer.configuration`), by their index in `stores`: the
    /// project reads the store they name.
    public var configurationReferences: [Int: ValueReference] = [:]
    /// Such a configuration is made by a call passing parameters of the function the container is opened in
    /// (`createConfiguration(url: url)`), named here: what it opens depends on that function's callers.
    public var configurationCallPassesParameters: String?
    /// Configurations given by a parameter of the function the container is opened in, by their index in `stores`:
    /// the project reads what its callers pass.
    public var configurationParameters: [Int: CallSite.Parameter] = [:]
    /// Those of `configurationParameters` declared optional with a `nil` default (`configuration: ModelConfiguration?
    /// = nil`, unwrapped by `if let` before the container): a call leaving it out, or passing `nil`, does not reach
    /// this container.
    public var optionalConfigurationParameters: Set<Int> = []
    /// Those of `configurationParameters` that are optional with a fallback written here (`configuration ??
    /// ModelConfiguration(url: storeURL)`, or `if let configuration { ... } else { ... }`): the configuration a call
    /// leaving it out, or passing `nil`, opens.
    public var configurationParameterFallbacks: [Int: CallSite.Configuration] = [:]
    /// `configurations: configurations` where that is a `[ModelConfiguration]` (or variadic `ModelConfiguration...`)
    /// parameter of the function the container is opened in: each call opens the stores of the list it passes.
    public var configurationListParameter: ConfigurationListParameter?
    /// Whether it keeps its stores in memory, as written: `.modelContainer(for:inMemory:)`, or each configuration's
    /// `isStoredInMemoryOnly:` (nil where a configuration does not say, or is given by name).
    public var inMemoryFlags: [ValueSource?] = []
    public init(
        location: SourceLocation, scope: [String], models: ModelSource, migrationPlan: TypeExpr?,
        hasMigrationPlanArgument: Bool, purpose: ContainerPurpose = .app, site: SourceLocation? = nil
    ) {
        self.site = site
        self.location = location
        self.scope = scope
        self.models = models
        self.migrationPlan = migrationPlan
        self.hasMigrationPlanArgument = hasMigrationPlanArgument
        self.purpose = purpose
    }
}

/// A `[ModelConfiguration]` parameter a container is given its configurations by (`ContainerUse
/// .configurationListParameter`).
public struct ConfigurationListParameter: Sendable {
    public var parameter: CallSite.Parameter
    /// `ModelConfiguration...`: the arguments from its label on, with the unlabelled ones after it.
    public var isVariadic: Bool
    /// Whether it has a default, and the list it is when the default is written as one (read where the function
    /// is): what a call leaving it out opens.
    public var hasDefault: Bool
    public var defaultList: [CallSite.Configuration]?
    public init(
        parameter: CallSite.Parameter, isVariadic: Bool, hasDefault: Bool, defaultList: [CallSite.Configuration]?
    ) {
        (self.parameter, self.isVariadic, self.hasDefault, self.defaultList) =
            (parameter, isVariadic, hasDefault, defaultList)
    }
}

/// `ModelConfiguration(...)`.
public struct ConfigurationUse: Sendable {
    public var location: SourceLocation
    public var scope: [String]
    public var models: ModelSource
    /// The `cloudKitDatabase:` argument; nil when it is not given (no CloudKit).
    public var cloudKit: ValueSource?
    /// The `isStoredInMemoryOnly:` argument; nil when it is not given (on disk).
    public var inMemory: ValueSource?
    public var purpose: ContainerPurpose
    /// The store file it names (`ModelConfiguration("Cache")`, `url:`), `default.store` when it names none.
    public var store: StoreLocation = .defaultStore
    /// `allowsSave: false` (`ConfigurationModel.readOnly`).
    public var readOnly = false
    public init(
        location: SourceLocation, scope: [String], models: ModelSource, cloudKit: ValueSource?,
        purpose: ContainerPurpose = .app
    ) {
        self.location = location
        self.scope = scope
        self.models = models
        self.cloudKit = cloudKit
        self.purpose = purpose
    }
}

/// A Core Data stack as a file writes it: the container (or coordinator) and the store files its descriptions or
/// `addPersistentStore` calls in the same type give it. With no file given, `NSPersistentContainer(name: "Model")`
/// opens `Model.sqlite` in the app's Application Support folder.
public struct CoreDataStackUse: Sendable {
    public struct StoreFile: Sendable {
        public var location: SourceLocation
        /// The file's name, from the URL's expression (`.fileName(url)`: the project evaluates the URL itself too,
        /// and a store at `/dev/null` is kept in memory).
        public var file: ValueSource
        /// The store's type as written (`addPersistentStore(ofType:)`, `description.type = ...`): the project
        /// evaluates it, and an in-memory type is never a user's store. Nil: not given (SQLite).
        public var storeType: ValueSource?
        /// Given by `description.type = ...` alone, in a function whose descriptions name no file: the type of the
        /// container's own description, with no file of its own.
        public var typeOnly = false
        /// Given by `addPersistentStore(at:)`: a store added to the coordinator, beside the descriptions a container
        /// loads rather than in place of them.
        public var added = false
        /// The types the URL is written in (a nested type's getter, `Self.storeURL`), where they are not the stack's:
        /// its names are read there. Nil: where the stack is.
        public var scope: [String]?
        /// The local variable the description is held in (`let local = NSPersistentStoreDescription(url: ...)`, or
        /// `if` branches each making one), which its configuration and CloudKit options are set through.
        public var description: String?
        /// The model configuration it opens (`description.configuration = "Local"`, `addPersistentStore(
        /// configurationName:)`), as written; nil: the model's default configuration.
        public var configuration: ValueSource?
        /// `description.cloudKitContainerOptions = ...` on this description's variable, as written.
        public var cloudKitOptions: ValueSource?
        /// Made by the code (`NSPersistentStoreDescription(url:)`): its CloudKit options are nil until the code sets
        /// them, so on a CloudKit container it syncs only where options are set (the container's own description
        /// is given the entitlement's container; a fresh one is not).
        public var madeFresh = false
        /// The flag the `if` branches around where the file is given test (`if isPersistent { url = file } else {
        /// url = /dev/null }`), as written, negated for an `else`, joined by `&&` for nested ones: the project opens
        /// the file only where it may hold (read per call of the stack's initialiser, each call its own stack). Nil:
        /// given on every path, or under conditions that are no flag (`if let`).
        public var condition: ValueSource?
        /// The branches of `if`s and `switch`es it is given in, each as the statement's place and which branch: two
        /// given in different branches of one statement never run together (`if inMemory { description.type =
        /// NSInMemoryStoreType } else { description.url = file }`).
        public var branches: [Branch] = []
        public struct Branch: Sendable, Equatable {
            public var statement: Int
            public var index: Int
            public init(statement: Int, index: Int) { (self.statement, self.index) = (statement, index) }
            /// Whether code in branches `first` and code in branches `second` are in different branches of one
            /// statement, so never run together.
            public static func apart(_ first: [Branch], _ second: [Branch]) -> Bool {
                first.contains { mine in second.contains { $0.statement == mine.statement && $0.index != mine.index } }
            }
        }
        /// The property or function the description is built in (`static var defaultDescription: NSPersistentStore
        /// Description { NSPersistentStoreDescription(url: ...) }`): a stack elsewhere given it by that name opens it.
        public var declaredIn: String?
        /// For descriptions a stack is given from elsewhere (`persistentStoreDescriptions = [Self.V3.description]`):
        /// the names they are given by, which the project looks up among the descriptions built in other files.
        public var describedBy: [ValueReference] = []
        /// Set on the container's own description on some paths only (`if !oldExists { container
        /// .persistentStoreDescriptions.first!.url = shared }`): the default file is opened on the others.
        public var ownDescriptionOnSomePaths = false
        /// Given in the function the stack is made in (or, for a container a property makes, anywhere in its type),
        /// not taken from another function of its type.
        public var givenWhereMade = false
        /// The stored property of its type the description is made for (`let storeDescription =
        /// NSPersistentStoreDescription(url: url)`): a description whose property no code reads is given to nothing.
        public var heldBy: String?
        /// Whether this and `other` are given in different branches of one `if` or `switch`.
        public func excludes(_ other: StoreFile) -> Bool { Branch.apart(branches, other.branches) }
        public init(location: SourceLocation, file: ValueSource, storeType: ValueSource? = nil) {
            self.location = location
            self.file = file
            self.storeType = storeType
        }
    }

    /// The model `NSManagedObjectModel()`, or one read from a store's own metadata, is read as (`model`): no bundle
    /// of the app's, a file opened only to destroy, inspect or checkpoint it as it is.
    public static let emptyModel = "(an empty model)"
    /// What a URL read back from a stack's own descriptions or stores is (a `ValueSource.member`): a file that stack
    /// opens, counted where the stack is.
    public static let openedStore = "openedStore"

    public var location: SourceLocation
    public var scope: [String]
    public var purpose: ContainerPurpose
    /// `NSPersistentContainer(name:)`: the default file's name and, without `managedObjectModel:`, the model's.
    public var name: ValueSource?
    /// The model's resource name when `managedObjectModel:` names one (`url(forResource: "Model", ...)`).
    public var model: ValueSource?
    /// `managedObjectModel:` is given in a way schemalint cannot read (a merged model, a model built in code).
    public var modelUnread = false
    /// Methods the model's optionals are unwrapped with instead of `!` (`Bundle.main.url(...).require()`): the model
    /// is the one `model` names only where the files read declare each as an unwrap on `Optional`.
    public var modelUnwrappedBy: [String] = []
    /// Made only for store files its type gives no container (a description held in a property, `addPersistentStore`
    /// elsewhere): the stack is those files.
    public var filesOnly = false
    /// The instance `lazy var` whose initial value makes it (`lazy var persistentContainer = { ... }()`): made only
    /// when code reads that property, so a stack whose property nothing reads opens nothing.
    public var lazyProperty: String?
    /// `NSPersistentCloudKitContainer` (the project then evaluates `cloudKitOptions`).
    public var syncs = false
    /// `description.cloudKitContainerOptions = ...` in the stack's type, as written: options set to `nil` (for every
    /// value they may have) turn a CloudKit container's sync off; options on a plain container do nothing.
    public var cloudKitOptions: ValueSource?
    /// CloudKit options are set on some of its descriptions by their variables: a description made by the code
    /// (`NSPersistentStoreDescription(url:)`) syncs only when given options of its own; the container's own does
    /// as the container does.
    public var cloudKitByDescription = false
    public var stores: [StoreFile] = []
    /// The code sets the container's descriptions (`persistentStoreDescriptions = ...`): the default file is not it.
    public var descriptionsReplaced = false
    /// The branches of `if`s and `switch`es it is made in (`StoreFile.branches`): descriptions replaced in another
    /// case of one `switch` are another container's.
    public var branches: [StoreFile.Branch] = []
    /// The code sets the container's descriptions on some paths only (`if oldURL == nil {
    /// container.persistentStoreDescriptions = [shared] }`): the default file is one the stack may open too.
    public var descriptionsMayBeKept = false
    /// The files taken from the type's other functions only add stores to the container's coordinator
    /// (`addPersistentStore(at:)`), and the type loads its descriptions elsewhere (`loadPersistentStores`): its own
    /// file is opened too.
    public var loadsOwnFile = false
    /// A container made by another type's name with `NSPersistentContainer`'s initialisers (`SharedContainer(name:)`):
    /// a stack only when the project finds that type to be a subclass of `NSPersistentContainer` (or the CloudKit
    /// one), whose `defaultDirectoryURL()` then holds its default file. Nil for Core Data's own types.
    public var containerType: TypeExpr?

    public init(location: SourceLocation, scope: [String], purpose: ContainerPurpose) {
        self.location = location
        self.scope = scope
        self.purpose = purpose
    }
}

/// `override class func defaultDirectoryURL() -> URL { ... }` in a type (`scope`): the folder it returns, as
/// written; a body schemalint cannot read is `.unreadable`, so the folder is not taken for Core Data's default.
public struct CoreDataFolderOverride: Sendable {
    public var scope: [String]
    public var folder: ValueSource
    public var location: SourceLocation
    public init(scope: [String], folder: ValueSource, location: SourceLocation) {
        self.scope = scope
        self.folder = folder
        self.location = location
    }
}

/// Where a container or configuration gets its models from.
public indirect enum ModelSource: Sendable {
    /// `for: A.self, B.self`, `for: [A.self]` or `Schema([A.self, B.self])`.
    case models([TypeUse])
    /// `Schema(versionedSchema: V.self)`, or `V.models` (exactly what `V` lists: its version, when `V` is one).
    case versionedSchema(TypeUse)
    /// A constant declared elsewhere: `SchemaDefinition.schema`, `AppSchema.models`, a global `let`; or a function
    /// without arguments that returns one (`AppSchema.allModels()`).
    case named(ValueReference)
    /// `a + b + c`: the lists one after the other.
    case concatenation([ModelSource], SourceLocation)
    /// `flag ? a : b`: one of these, depending on something read at run time.
    case alternatives([ModelSource], SourceLocation)
    /// `modules.flatMap { $0.models }`, `modules.reduce(into: []) { $0 += $1.models }`: the `models` of each type
    /// the list names, one after the other.
    case modelsOfEach(ModelSource, SourceLocation)
    /// A parameter of the function the container is opened in (`static func open(schema: Schema)`): what each caller
    /// passes, its default where a caller leaves it out. `label` is `#0`, `#1` ... for an unlabelled one.
    case parameter(function: String, label: String, defaultValue: ModelSource?, location: SourceLocation)
    /// An expression schemalint does not follow: what it is, and where.
    case unreadable(String, SourceLocation)
    /// Not given.
    case unknown
}

/// `A.b`, `Self.b` or `b`: a value declared somewhere else, looked up the way Swift looks up a member or a global.
public struct ValueReference: Sendable, Hashable {
    /// The type written before the name; nil for a bare name or `Self.` / `self.` (the enclosing types, then globals).
    public var base: TypeExpr?
    public var name: String
    public var location: SourceLocation
    /// A call's argument labels (`_` for none), nil where the name is not called: which of several functions of one
    /// name (`storeURL()`, `storeURL(folder:scope:)`) it is.
    public var argumentLabels: [String]?
    /// For a bare name written in an extension: the type extended (with the types nested in it around the name).
    /// A member an extension adds to another module's type (`extension URL { static func container(for:) }`) is
    /// found from its sibling by it, as Swift finds it.
    public var extended: [String]?
    public init(base: TypeExpr?, name: String, location: SourceLocation) {
        self.base = base
        self.name = name
        self.location = location
    }
}

/// A `static let` / `static var { ... }` or global `let` whose value schemalint can read: a schema, a list of
/// models, or a type (`AppPlan.self`). Containers given it by name resolve to what it holds.
public struct NamedValue: Sendable {
    public enum Value: Sendable {
        case models(ModelSource)
        case type(TypeExpr)
        /// A string literal: an App Group identifier or a store name a configuration is given by name.
        case string(String)
        /// A `ModelConfiguration(...)`: the store it names, its `isStoredInMemoryOnly:` argument, and where the call
        /// is written (its `ConfigurationUse`: CloudKit is read there).
        case configuration(StoreLocation, inMemory: ValueSource?, at: SourceLocation)
        /// A list of configurations (`static var all: [ModelConfiguration] { [synced, local] }`), or one of several
        /// lists an `if` or `switch` picks: a container given it opens one store per element.
        case configurations(ConfigurationList)
        /// A flag, a string or an implicit member, as written (`static var syncs = false`).
        case scalar(ValueSource)
        /// An instance of a type (`static let shared = Persistence()`): its instance members are reached through it.
        case instance(TypeExpr)
    }

    /// The enclosing type path (the extended type inside an extension); empty for a global.
    public var scope: [String]
    public var name: String
    public var value: Value
    public var location: SourceLocation
    /// A stored `var` (`static var syncs = false`): another value when some code assigns it.
    public var isVariable = false
    /// An instance member (`let configuration = ModelConfiguration(...)` in a type): reached through an instance.
    public var isInstanceMember = false
    /// The type written for it (`private let settings: StoreSettings`): a member read through it
    /// (`settings.storeURL`) is that type's.
    public var declaredType: TypeExpr?
    /// A function's parameters, in order: each one's label (`_` for none) and whether it has a default; nil for a
    /// constant or property.
    public var parameters: [(label: String, hasDefault: Bool)]?
    public init(scope: [String], name: String, value: Value, location: SourceLocation) {
        self.scope = scope
        self.name = name
        self.value = value
        self.location = location
    }
}

/// The configurations a constant or function holds as a list (`[synced, local]`, `[ModelConfiguration(...), ...]`),
/// each way it may be built: one list, or one per branch of an `if`, `switch` or ternary, with the conditions that
/// pick it. Names in it resolve where the list is declared.
public struct ConfigurationList: Sendable {
    public enum Element: Sendable {
        /// `ModelConfiguration(...)` written in the list: the store it names, its in-memory flag, where it is.
        case written(StoreLocation, inMemory: ValueSource?, at: SourceLocation)
        /// Another constant or function holding one configuration (`synced`, `Configs.local()`).
        case named(ValueReference)
    }

    public struct Way: Sendable {
        public var elements: [Element]
        public var conditions: [StoreChoice.Condition]
        public init(elements: [Element], conditions: [StoreChoice.Condition] = []) {
            (self.elements, self.conditions) = (elements, conditions)
        }
    }

    public var ways: [Way]
    /// Where the list (or the `if` picking among lists) is written.
    public var location: SourceLocation
    public init(ways: [Way], location: SourceLocation) {
        (self.ways, self.location) = (ways, location)
    }
}

public struct TypeUse: Sendable {
    public var type: TypeExpr
    public var location: SourceLocation
    public init(type: TypeExpr, location: SourceLocation) {
        self.type = type
        self.location = location
    }
}

/// `// schemalint:disable:next rule_a rule_b - reason`, `:this`, or a `disable` / `enable` region.
public struct SuppressionComment: Sendable, Hashable {
    public enum Kind: String, Sendable {
        case next = "disable:next", this = "disable:this", disable, enable
    }

    public var kind: Kind
    /// Rule ids as written; `all` for every rule.
    public var rules: [String]
    public var reason: String?
    public var location: SourceLocation

    public init(kind: Kind, rules: [String], reason: String?, location: SourceLocation) {
        self.kind = kind
        self.rules = rules
        self.reason = reason
        self.location = location
    }

    /// Reads one comment's text (`// schemalint:disable:next a b - why`); nil when it is not a schemalint directive.
    public static func parse(_ comment: String, location: SourceLocation) -> SuppressionComment? {
        var text = Substring(comment)
        for opener in ["///", "//", "/*"] where text.hasPrefix(opener) {
            text = text.dropFirst(opener.count)
            break
        }
        if text.hasSuffix("*/") { text = text.dropLast(2) }
        text = text.drop { $0 == " " || $0 == "\t" }
        guard text.hasPrefix("schemalint:") else { return nil }
        text = text.dropFirst("schemalint:".count)
        var reason: String?
        if let dash = text.range(of: " - ") {
            reason = String(text[dash.upperBound...]).trimmingCharacters(in: .whitespaces)
            text = text[..<dash.lowerBound]
        }
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).map(String.init)
        guard let directive = words.first, let kind = Kind(rawValue: directive) else { return nil }
        return SuppressionComment(kind: kind, rules: Array(words.dropFirst()), reason: reason, location: location)
    }
}

/// A store description's migration switch as written: `shouldMigrateStoreAutomatically` (Core Data migrates a store
/// on its own) or `shouldInferMappingModelAutomatically` (it infers a mapping where no mapping model is found). Its
/// value is evaluated like any other (a literal, a constant of another type, a parameter's default).
public struct CoreDataMigrationFlag: Sendable {
    public enum Switch: Sendable { case migratesAutomatically, infersMapping }
    public var flag: Switch
    public var value: ValueSource
    public var scope: [String]
    public var location: SourceLocation

    public init(flag: Switch, value: ValueSource, scope: [String], location: SourceLocation) {
        self.flag = flag
        self.value = value
        self.scope = scope
        self.location = location
    }
}

extension ContainerUse {
    /// Whether what it opens depends on a parameter of the function it is opened in: its models, plan,
    /// configurations, in-memory flags or store names.
    public var readsParameters: Bool {
        if migrationPlanParameter != nil || !configurationParameters.isEmpty || models.mentionsParameter
            || configurationListParameter != nil
        {
            return true
        }
        if inMemoryFlags.contains(where: { $0?.mentionsParameter == true }) { return true }
        if !reachedIf.isEmpty || configurationCallPassesParameters != nil { return true }
        return stores.contains { store in
            [store.nameSource, store.groupSource, store.fileSource].contains { $0?.mentionsParameter == true }
        }
    }
}

extension ModelSource {
    /// Whether a parameter's value is part of it.
    public var mentionsParameter: Bool {
        switch self {
        case .parameter: return true
        case let .concatenation(parts, _), let .alternatives(parts, _): return parts.contains { $0.mentionsParameter }
        case let .modelsOfEach(inner, _): return inner.mentionsParameter
        case .models, .versionedSchema, .named, .unreadable, .unknown: return false
        }
    }
}

extension ValueSource {
    /// Whether a parameter's value is part of it.
    public var mentionsParameter: Bool {
        switch self {
        case .parameter: return true
        case let .not(inner, _), let .fileName(inner, _), let .appGroup(inner, _), let .property(inner, _, _, _),
            let .groupBound(inner, _, _), let .groupChecked(inner, _, _):
            return inner.mentionsParameter
        case let .logical(_, parts, _), let .oneOf(parts, _), let .concatenation(parts, _):
            return parts.contains { $0.mentionsParameter }
        case let .conditional(condition, then, otherwise, _):
            return [condition, then, otherwise].contains { $0.mentionsParameter }
        case let .switchOver(subject, patterns, values, _):
            return ([subject] + patterns.flatMap { $0 ?? [] } + values).contains { $0.mentionsParameter }
        case let .appendingPath(base, components, _):
            return base.mentionsParameter || components.contains { $0.mentionsParameter }
        case let .coalescing(value, fallback, _): return value.mentionsParameter || fallback.mentionsParameter
        case .bool, .string, .member, .named, .directory, .unreadable: return false
        }
    }
}
