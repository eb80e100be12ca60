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

    init(_ files: [ParsedFile], symbols: SymbolTable) {
        self.symbols = symbols
        for file in files {
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
        let candidates = entries[reference.name] ?? []
        if let base = reference.base {
            guard let owner = symbols.resolveSymbol(base, scope: scope, file: file) ?? instanceOwner(base, scope, file)
            else {
                // `URL.storeURL(...)`: a member an extension here adds to another module's type, when only one does.
                let extended = external[reference.name]?.filter { $0.value.scope == base.path } ?? []
                return extended.count == 1 ? extended[0] : nil
            }
            return candidates.first { $0.owner == owner }
        }
        var current = scope
        while let inside = current {
            if let found = candidates.first(where: { $0.owner == inside }) { return found }
            current = symbols[inside].parent
        }
        let globals = candidates.filter { $0.owner == nil }
        // Two globals of one name in two files compile only when one is private: the same file first.
        return globals.first { $0.file == file } ?? (globals.count == 1 ? globals[0] : nil)
    }

    /// `Persistence.shared` as a base: the type of the instance a static constant holds
    /// (`static let shared = Persistence()`), whose instance members are then looked up.
    private func instanceOwner(_ base: TypeExpr, _ scope: SymbolID?, _ file: String) -> SymbolID? {
        guard let path = base.path, path.count >= 2,
            let entry = lookup(
                ValueReference(
                    base: .named(Array(path.dropLast()), arguments: []), name: path[path.count - 1],
                    location: SourceLocation(file: file, line: 0, column: 0)),
                scope: scope, file: file),
            case let .instance(type) = entry.value.value
        else { return nil }
        return symbols.resolveSymbol(type, scope: entry.owner, file: entry.file)
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
        case .models, .string, .configuration, .scalar, .instance:
            return nil
        }
    }
}
