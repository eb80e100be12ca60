/// Every constant the parsed files declare that a container may be given by name (`static let schema = ...`,
/// `static let migrationPlan = AppPlan.self`, a global `let`), found the way Swift finds a name: a written base type's
/// members (and its extensions'), else the enclosing types from the inside out, then the globals.
struct NamedValueIndex {
    struct Entry {
        var value: NamedValue
        var owner: SymbolID?
        var file: String
    }

    private var entries: [String: [Entry]] = [:]
    /// Members declared in extensions of types no parsed file declares, by name.
    private var external: [String: [Entry]] = [:]
    private let symbols: SymbolTable
    /// Names some code assigns (`ParsedFile.assignedNames`): a `static var` of one of them may hold anything.
    private(set) var assigned: Set<String> = []
    /// The targets compiling each file, where the project files say (`ParsedFile.targets`).
    private var targets: [String: Set<String>] = [:]

    init(_ files: [ParsedFile], symbols: SymbolTable) {
        self.symbols = symbols
        for file in files {
            if !file.targets.isEmpty { targets[file.path] = Set(file.targets) }
            assigned.formUnion(file.assignedNames)
            for value in file.namedValues {
                let owner = symbols.scope(value.scope, file: file.path)
                // A member of a type schemalint cannot find is not a global: an extension of a type another module
                // declares (`extension URL { static func storeURL(...) }`) is found by the type's name alone.
                if owner == nil && !value.scope.isEmpty {
                    external[value.name, default: []].append(Entry(value: value, owner: nil, file: file.path))
                    continue
                }
                entries[value.name, default: []].append(Entry(value: value, owner: owner, file: file.path))
            }
        }
    }

    /// The constant `reference` names, written in `file` inside `scope`.
    func lookup(_ reference: ValueReference, scope: SymbolID?, file: String) -> Entry? {
        let candidates = Self.callable(entries[reference.name] ?? [], by: reference)
        if let base = reference.base {
            if let owner = symbols.resolveSymbol(base, scope: scope, file: file) {
                // `Stack.storeURL(...)` names the type's static member, not an instance property of that name.
                let members = sameTarget(candidates.filter { $0.owner == owner }, as: file)
                return members.first { !$0.value.isInstanceMember } ?? members.first
            }
            var written = base.path
            if let instance = instanceType(base, scope, file) {
                if let owner = symbols.resolveSymbol(instance.type, scope: instance.scope, file: instance.file) {
                    return sameTarget(candidates.filter { $0.owner == owner }, as: file).first
                }
                // An instance of another module's type (`let fileManager: FileManager`): what an extension adds.
                written = instance.type.path
            }
            // `URL.storeURL(...)`: a member an extension here adds to another module's type, when only one does.
            let extended = sameTarget(external[reference.name]?.filter { $0.value.scope == written } ?? [], as: file)
            return extended.count == 1 ? extended[0] : nil
        }
        var current = scope
        while let inside = current {
            if let found = sameTarget(candidates.filter { $0.owner == inside }, as: file).first { return found }
            current = symbols[inside].parent
        }
        // In an extension of another module's type: its members the extensions here add, before the globals.
        if scope == nil, let extended = reference.extended {
            let members = sameTarget(
                Self.callable(external[reference.name] ?? [], by: reference).filter { $0.value.scope == extended },
                as: file)
            if members.count == 1 { return members[0] }
        }
        let globals = sameTarget(candidates.filter { $0.owner == nil }, as: file)
        // Two globals of one name in two files compile only when one is private: the same file first.
        return globals.first { $0.file == file } ?? (globals.count == 1 ? globals[0] : nil)
    }

    /// Of several declarations of one name, those in files a target compiling `file` compiles too (each target's
    /// own helper), when any is; else all of them: a framework's declarations are seen from the apps that link it.
    private func sameTarget(_ candidates: [Entry], as file: String) -> [Entry] {
        guard candidates.count > 1, let own = targets[file] else { return candidates }
        let shared = candidates.filter { targets[$0.file].map { !$0.isDisjoint(with: own) } ?? false }
        return shared.isEmpty ? candidates : shared
    }

    /// Whether `entry` is declared only in targets that do not compile `file` (both known): a framework's, or another
    /// target's own helper of that name, while `file`'s target's own may be in a file not read yet.
    func isInOtherTargets(_ entry: Entry, from file: String) -> Bool {
        guard let own = targets[file], let theirs = targets[entry.file] else { return false }
        return own.isDisjoint(with: theirs)
    }

    /// The candidates a call can be (its labels fit the function's parameters, those left out having defaults);
    /// all of them for a name that is not called, or when the call fits none (a function not read as a value).
    private static func callable(_ candidates: [Entry], by reference: ValueReference) -> [Entry] {
        guard let labels = reference.argumentLabels, candidates.count > 1 else { return candidates }
        let fitting = candidates.filter { entry in
            guard let parameters = entry.value.parameters else { return true }
            return Self.fits(labels, parameters)
        }
        return fitting.isEmpty ? candidates : fitting
    }

    /// Whether a call with `labels` can call a function declaring `parameters`: each label matches the next
    /// parameter of that label, those skipped and those after the last having defaults.
    static func fits(_ labels: [String], _ parameters: [(label: String, hasDefault: Bool)]) -> Bool {
        var remaining = parameters[...]
        for label in labels {
            while let next = remaining.first, next.label != label {
                guard next.hasDefault else { return false }
                remaining = remaining.dropFirst()
            }
            guard !remaining.isEmpty else { return false }
            remaining = remaining.dropFirst()
        }
        return remaining.allSatisfy(\.hasDefault)
    }

    /// The type of the instance a base names when it names no type, with the scope and file that type is written
    /// in: `Persistence.shared` (a static constant holding `Persistence()`), or `settings`, a property, static or
    /// global whose type is written or made by its value (`let settings: StoreSettings`, `let settings =
    /// StoreSettings()`).
    func instanceType(_ base: TypeExpr, _ scope: SymbolID?, _ file: String)
        -> (type: TypeExpr, scope: SymbolID?, file: String)?
    {
        // The system's own: `FileManager.default`.
        if base.path == ["FileManager", "default"] { return (.named(["FileManager"], arguments: []), nil, file) }
        guard let path = base.path, let name = path.last,
            let entry = lookup(
                ValueReference(
                    base: path.count >= 2 ? .named(Array(path.dropLast()), arguments: []) : nil, name: name,
                    location: SourceLocation(file: file, line: 0, column: 0)),
                scope: scope, file: file)
        else { return nil }
        if case let .instance(type) = entry.value.value { return (type, entry.owner, entry.file) }
        return entry.value.declaredType.map { ($0, entry.owner, entry.file) }
    }

    /// The type a reference's base stands for: the base itself, or the type of the instance it names.
    func baseType(of reference: ValueReference, scope: SymbolID?, file: String) -> TypeExpr? {
        guard let base = reference.base else { return nil }
        if symbols.resolveSymbol(base, scope: scope, file: file) != nil { return base }
        return instanceType(base, scope, file)?.type ?? base
    }

    /// The member `name` of the type `owner` itself (or of its extensions), never a global or an enclosing type's.
    func member(_ name: String, of owner: SymbolID) -> Entry? {
        entries[name]?.first { $0.owner == owner }
    }

    /// The type a constant holds (`static let migrationPlan = AppPlan.self`, `static let toVersion: any
    /// VersionedSchema.Type = SchemaV2.self`), following constants that copy others.
    func type(of reference: ValueReference, scope: SymbolID?, file: String, depth: Int = 0) -> SymbolID? {
        guard depth < 8, let entry = lookup(reference, scope: scope, file: file) else { return nil }
        switch entry.value.value {
        case let .type(type):
            return symbols.resolveSymbol(type, scope: entry.owner, file: entry.file)
        case let .models(.named(next)):
            return self.type(of: next, scope: entry.owner, file: entry.file, depth: depth + 1)
        case .models, .string, .configuration, .configurations, .scalar, .instance:
            return nil
        }
    }
}
