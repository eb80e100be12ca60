import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules

/// What pass 2 looks for in the files pass 1 skipped: declarations of the type names the schema uses but no parsed
/// file declares, and typealiases that point into the versions.
///
/// Only names the schema really needs: attribute types it cannot resolve, models a `models` list names but no parsed
/// file declares, the namespaces that schema-bearing extensions extend, and the versions themselves (an
/// `extension SchemaV11 { typealias Event = SchemaV10.Event }` file has no SwiftData word). An `extension UIView`
/// holds no schema, so `UIView` is never wanted.
struct MissingNames {
    /// Types to find `struct X`, `enum X`, `class X`, `actor X`, `protocol X`, `typealias X` or `extension X` of.
    var declarations: Set<String> = []
    /// First components of typealias targets that matter (`typealias Trip = SchemaV3.Trip`).
    var aliasTargets: Set<String> = []
    /// Global constants a configuration names (`groupContainer: .identifier(appGroup)`): files that mention them.
    var constants: Set<String> = []
    /// Functions a custom stage names as its closure (`didMigrate: migrateV1`, `Migrations.v1ToV2`) that no parsed
    /// file declares: files that mention them. A file of migration helpers may hold no SwiftData word
    /// (`ModelContext` is not one).
    var functions: Set<String> = []
    /// Values a Core Data stack's store file is read from, written bare, that no parsed file declares
    /// (`NSPersistentContainer(name: kStoreName)`): files that declare them (`let kStoreName`), a few, where the
    /// files mentioning them may be many.
    var values: Set<String> = []
    /// Functions, methods included, a `catch` before a store's delete calls (`Project.undeclaredCatchCalls`): files
    /// that declare them (`func logCrash`), to learn whether they return.
    var methods: Set<String> = []
    /// Calls a `catch` commonly makes that always return: never looked for.
    static let returningCalls: Set<String> = [
        "print", "debugPrint", "NSLog", "dump", "assertionFailure", "log", "error", "warning", "info", "debug",
        "fault", "notice", "trace", "critical",
    ]

    /// What `ValueTypeCollector` found for each version of the project these names were collected from: the
    /// analysis takes them when pass 2 reads nothing more, instead of collecting again.
    var valueTypes: [SymbolID: ValueTypeCollection] = [:]

    /// Functions and types whose calls decide an app's store (a stack given its file by an initialiser's parameter):
    /// files that call them (`Name(` or `Name.init(`), outside tests, whose calls an app's stack does not take.
    var callers: Set<String> = []
    /// Functions and types a Core Data stack is given its store file by (`Project.unseenStackCallers`), with the
    /// targets whose files may call them: those compiling the stack's file (a file calling them in another target, a
    /// framework's example app, is not read for it). Empty where no project file says which targets compile it.
    var stackCallers: [String: Set<String>] = [:]

    var isEmpty: Bool {
        declarations.isEmpty && aliasTargets.isEmpty && constants.isEmpty && functions.isEmpty && values.isEmpty
            && methods.isEmpty && callers.isEmpty && stackCallers.isEmpty
    }

    /// The names looked for as mentions: constants and functions.
    /// The sets of names looked for by name (`valueTypes` and `stackCallers` are no such set).
    private static var nameSets: [WritableKeyPath<MissingNames, Set<String>>] {
        [\.declarations, \.aliasTargets, \.constants, \.functions, \.values, \.methods, \.callers]
    }

    /// Leaves out the names `searched` already looked for (each round looks only for what the last one brought in).
    mutating func subtract(_ searched: MissingNames) {
        for names in Self.nameSets { self[keyPath: names].subtract(searched[keyPath: names]) }
    }

    /// Adds the names `wanted` looks for.
    mutating func formUnion(_ wanted: MissingNames) {
        for names in Self.nameSets { self[keyPath: names].formUnion(wanted[keyPath: names]) }
    }

    var mentioned: Set<String> { constants.union(functions) }

    /// `FileManager`'s calls that move or copy a file.
    static let fileMovers: Set<String> = ["moveItem", "copyItem", "replaceItemAt"]

    static func collect(_ project: Project) -> MissingNames {
        var wanted = MissingNames()
        for extensionDecl in project.symbols.unboundExtensions where holdsSchema(extensionDecl.members) {
            if let first = extensionDecl.extendedType.path?.first { wanted.declarations.insert(first) }
        }
        for entity in project.entities.values {
            for property in entity.properties {
                guard case let .attribute(storage) = property.kind else { continue }
                collect(storage, property.declaredType, into: &wanted.declarations)
            }
        }
        // The enums and structs the versions store, and the types their fields name: what decodes a stored row
        // (`persisted_value_changed`) may be in a file with no SwiftData word (an enum in a file of its own, an
        // extension adding `CodingKeys` or `init(from:)`).
        for version in project.versions where version.modelsUnread == nil {
            let collected = ValueTypeCollector.collect(version, project: project)
            wanted.valueTypes[version.id] = collected
            for name in collected.records.keys {
                if let first = name.split(separator: ".").first { wanted.declarations.insert(String(first)) }
            }
        }
        // An implicit version declares nothing: its name is schemalint's, and no file holds it.
        for version in project.versions where !version.isImplicit {
            for model in version.models ?? [] where model.entity == nil {
                if let first = model.written.path?.first { wanted.declarations.insert(first) }
            }
            if let top = project.symbols[version.id].qualifiedName.split(separator: ".").first.map(String.init) {
                wanted.declarations.insert(top)
                wanted.aliasTargets.insert(top)
            }
        }
        for entity in project.entities.values {
            if let top = project.symbols[entity.id].qualifiedName.split(separator: ".").first.map(String.init),
                top != entity.name
            {
                wanted.aliasTargets.insert(top)
            }
        }
        // A model an app container opens that no parsed file declares (`ModelContainer(for: TaskItem.self)` where a
        // file of its own, with no SwiftData word, says `typealias TaskItem = SchemaLatest.TaskItem`).
        for container in project.containers where container.purpose == .app {
            for model in container.models ?? [] where model.entity == nil {
                if let first = model.written.path?.first { wanted.declarations.insert(first) }
            }
        }
        wanted.aliasTargets.formUnion(aliasesInto(wanted.aliasTargets, project.symbols))
        // `ModelContainer(for: BudgetSchema.schema)`: the type that holds the constant.
        wanted.declarations.formUnion(project.unresolvedOwners)
        wanted.constants = project.unresolvedConstants
        wanted.callers = project.unseenCallers
        // Models and no app container: a document app may open them in `DocumentGroup(editing:...)`, in a file with
        // no SwiftData word (its `App`).
        if !project.entities.isEmpty, !project.containers.contains(where: { $0.purpose == .app }) {
            wanted.callers.insert("DocumentGroup")
        }
        // Code that moves or copies files may carry an app container's store to its new place (a migrator in a file
        // with no SwiftData word, moving each file a folder listing gives): read, so a carried store is not called
        // left behind.
        if project.containers.contains(where: { $0.purpose == .app }) { wanted.callers.formUnion(Self.fileMovers) }
        wanted.values = project.undeclaredValues
        // A container's holder only previews name among the files read: files pass 1 skipped that mention it are
        // read too, so a use there keeps it the app's.
        for container in project.containers where container.purpose == .preview {
            if let holder = container.holder, !project.namesOutsidePreviews.contains(holder) {
                wanted.constants.insert(holder)
            }
        }
        wanted.collectStageHelpers(project)
        // A `catch` before a store's delete that calls a function declared elsewhere: it may never return.
        wanted.methods = project.undeclaredCatchCalls.subtracting(Self.returningCalls)
        wanted.declarations = wanted.declarations.filter {
            !$0.isEmpty && !StandardTypeStorage.standardNames.contains($0)
        }
        // `extension Optional { func require() -> Wrapped { ... } }`: what a Core Data model is unwrapped with.
        if project.optionalExtensionsWanted { wanted.declarations.insert("Optional") }
        return wanted
    }

    /// The functions and types a plan's stages hand their context to, where no parsed file declares them: the file
    /// declaring `Conversion` for `try Conversion.run(in: context)`, files mentioning `convert` for
    /// `try convert(context)`; one more call deep through helpers already read.
    private mutating func collectStageHelpers(_ project: Project) {
        for plan in project.plans {
            for stage in plan.listedAndDeclaredStages {
                let expression = stage.expression
                for (summary, reference) in [
                    (expression.willMigrate, expression.willMigrateReference),
                    (expression.didMigrate, expression.didMigrateReference),
                ] {
                    if summary == nil, let name = reference?.path.last { functions.insert(name) }
                    // Helpers the closure hands the context to: the file declaring `Conversion` for
                    // `try Conversion.run(in: context)`, files mentioning `convert` for `try convert(context)`.
                    // One more call deep through helpers already read.
                    var helpers = summary?.contextHelpers ?? []
                    for helper in helpers {
                        let found = project.symbols.migrationFunction(
                            helper.path, scope: stage.scope, file: stage.location.file)
                        helpers += found?.value.summary.contextHelpers ?? []
                    }
                    for helper in helpers {
                        if helper.path.count > 1, let owner = helper.path.first, owner != "Self", owner != "self" {
                            declarations.insert(owner)
                        } else if let name = helper.path.last {
                            functions.insert(name)
                        }
                    }
                }
            }
        }
    }

    /// The top-level typealiases read that name one of `targets`, through any chain of them
    /// (`typealias SchemaLatest = SchemaV3`): a file aliasing `SchemaLatest.Trip` points into the versions too.
    private static func aliasesInto(_ targets: Set<String>, _ symbols: SymbolTable) -> Set<String> {
        let aliases = symbols.topLevelTypealiases
        var found = Set<String>()
        var grew = true
        while grew {
            grew = false
            for alias in aliases where !targets.contains(alias.value.name) {
                guard let first = alias.value.target.path?.first, targets.contains(first) || found.contains(first)
                else { continue }
                if found.insert(alias.value.name).inserted { grew = true }
            }
        }
        return found
    }

    /// Whether an extension body declares models, versions or plans (directly or in nested types).
    static func holdsSchema(_ members: Members) -> Bool {
        members.types.contains { type in
            type.attributes.contains("Model")
                || type.inherited.contains { ["VersionedSchema", "SchemaMigrationPlan"].contains($0.path?.last ?? "") }
                || holdsSchema(type.members)
        }
    }

    private static func collect(_ storage: AttributeStorage, _ written: TypeExpr, into names: inout Set<String>) {
        switch storage {
        case .unknown, .transformable, .encoded:
            var type = written.unwrappingOptional.type
            while case let .array(element) = type { type = element.unwrappingOptional.type }
            if let path = type.path { names.formUnion(path) }
        case let .composite(_, elements, _):
            // A field's own type may be declared in a file pass 1 skipped: `var flavors: [Flavor]?` in a struct
            // whose file holds no SwiftData word (MetaCocktailsSwiftData's `Tags`).
            for element in elements {
                if let written = element.written {
                    if mayNameMissingType(element.storage) { collect(element.storage, written, into: &names) }
                } else if case .unknown(let swiftType, _) = element.storage {
                    names.insert(swiftType.split(separator: ".").first.map(String.init) ?? swiftType)
                }
            }
        case .scalar:
            break
        }
    }

    /// Whether a composite field's storage could change once more files are read: a type not found, an array whose
    /// element was not resolved, or a nested composite (whose own fields may be).
    private static func mayNameMissingType(_ storage: AttributeStorage) -> Bool {
        switch storage {
        case .unknown, .composite: return true
        case let .transformable(_, uncertainty), let .encoded(_, uncertainty): return uncertainty != nil
        case .scalar: return false
        }
    }
}
