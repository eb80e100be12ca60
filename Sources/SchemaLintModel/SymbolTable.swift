/// Every nominal type in the analysed sources, with the members its declaration and all its extensions add,
/// and name lookup that follows Swift's rules closely enough for schema code:
/// the innermost enclosing type first (its nested types and member typealiases, including those added by
/// extensions), then each outer type, then top-level types and typealiases; qualified names step through members.
///
/// When two files declare the same top-level name (two apps in one repository, or a stale copy), the declaration
/// nearest to the referring file in the directory tree wins, so each app resolves to its own types.
public final class SymbolTable {
    public struct SymbolID: Hashable, Comparable, Sendable {
        public let raw: Int
        public static func < (lhs: SymbolID, rhs: SymbolID) -> Bool { lhs.raw < rhs.raw }
    }

    /// A member declared in some body, with the lexical scope its types are resolved in.
    public struct Scoped<Value> {
        public var value: Value
        public var scope: SymbolID?
        public var file: String
    }

    public final class Symbol {
        public let id: SymbolID
        public let name: String
        public let kind: TypeKind
        public let location: SourceLocation
        public let parent: SymbolID?
        public let qualifiedName: String
        public var attributes: [String]
        public var inherited: [Scoped<TypeExpr>] = []
        public var nestedTypes: [String: [SymbolID]] = [:]
        public var typealiases: [String: [Scoped<TypeAliasDeclaration>]] = [:]
        public var storedProperties: [PropertyDeclaration] = []
        public var staticProperties: [Scoped<StaticPropertyDeclaration>] = []
        /// Its static functions and closure constants a custom stage may name, by name (`MigrationFunction`).
        public var migrationFunctions: [String: [Scoped<MigrationFunction>]] = [:]
        public var enumCases: [EnumCaseDeclaration] = []
        public var macros: [MacroUse] = []
        /// `init(from:)` and `encode(to:)` written in its declaration or an extension.
        public var codingMembers: Set<CodingMember> = []
        /// Where extensions of this type name it (`extension SchemaV3` → the location of `SchemaV3`).
        public var extensionLocations: [SourceLocation] = []
        /// The doc comment on the type's declaration.
        public var documentation: String?
        /// `Members.declaresDesignatedInitialiser`, of its declaration.
        public var declaresDesignatedInitialiser = false
        public var declaresInitialiser = false

        init(
            id: SymbolID, name: String, kind: TypeKind, location: SourceLocation, parent: SymbolID?,
            qualifiedName: String, attributes: [String]
        ) {
            self.id = id
            self.name = name
            self.kind = kind
            self.location = location
            self.parent = parent
            self.qualifiedName = qualifiedName
            self.attributes = attributes
        }

        public var file: String { location.file }
    }

    public private(set) var symbols: [Symbol] = []
    private var topLevelTypes: [String: [SymbolID]] = [:]
    private var topLevelAliases: [String: [Scoped<TypeAliasDeclaration>]] = [:]
    private var topLevelFunctions: [String: [Scoped<MigrationFunction>]] = [:]
    /// Global constants (`let currentSchemas: [any VersionedSchema.Type] = [...]`), by name.
    private var topLevelConstants: [String: [Scoped<StaticPropertyDeclaration>]] = [:]
    /// Extensions whose extended type names nothing in the sources (`extension String`).
    public private(set) var unboundExtensions: [ExtensionDeclaration] = []

    public init(files: [ParsedFile]) {
        for file in files {
            add(file.members, parent: nil, file: file.path)
        }
        bindExtensions(files.flatMap { file in file.extensions.map { (file.path, $0) } })
    }

    public subscript(id: SymbolID) -> Symbol { symbols[id.raw] }

    // MARK: Building

    /// A symbol for something the sources imply rather than declare (the version an unversioned container writes). It
    /// is never found by name.
    func addImplied(name: String, location: SourceLocation) -> SymbolID {
        let id = SymbolID(raw: symbols.count)
        symbols.append(
            Symbol(
                id: id, name: name, kind: .enum, location: location, parent: nil, qualifiedName: name,
                attributes: []))
        return id
    }

    private func add(_ members: Members, parent: SymbolID?, file: String) {
        for type in members.types {
            let id = SymbolID(raw: symbols.count)
            let qualified = parent.map { "\(self[$0].qualifiedName).\(type.name)" } ?? type.name
            let symbol = Symbol(
                id: id, name: type.name, kind: type.kind, location: type.location, parent: parent,
                qualifiedName: qualified, attributes: type.attributes)
            symbol.inherited = type.inherited.map { Scoped(value: $0, scope: parent, file: file) }
            symbol.documentation = type.documentation
            symbol.declaresDesignatedInitialiser = type.members.declaresDesignatedInitialiser
            symbol.declaresInitialiser = type.members.declaresInitialiser
            symbols.append(symbol)
            if let parent {
                self[parent].nestedTypes[type.name, default: []].append(id)
            } else {
                topLevelTypes[type.name, default: []].append(id)
            }
            addMembers(type.members, to: id, file: file)
        }
        if parent == nil {
            for alias in members.typealiases {
                topLevelAliases[alias.name, default: []].append(Scoped(value: alias, scope: nil, file: file))
            }
            for function in members.migrationFunctions {
                topLevelFunctions[function.name, default: []].append(Scoped(value: function, scope: nil, file: file))
            }
            for constant in members.staticProperties {
                topLevelConstants[constant.name, default: []].append(Scoped(value: constant, scope: nil, file: file))
            }
        }
    }

    private func addMembers(_ members: Members, to id: SymbolID, file: String) {
        let symbol = self[id]
        for alias in members.typealiases {
            symbol.typealiases[alias.name, default: []].append(Scoped(value: alias, scope: id, file: file))
        }
        symbol.storedProperties += members.storedProperties
        symbol.staticProperties += members.staticProperties.map { Scoped(value: $0, scope: id, file: file) }
        for function in members.migrationFunctions {
            symbol.migrationFunctions[function.name, default: []].append(Scoped(value: function, scope: id, file: file))
        }
        symbol.enumCases += members.enumCases
        symbol.macros += members.macros
        symbol.codingMembers.formUnion(members.codingMembers)
        add(Members(types: members.types), parent: id, file: file)
    }

    /// Extensions may extend types that other extensions declare, so bind until nothing more resolves.
    private func bindExtensions(_ pending: [(String, ExtensionDeclaration)]) {
        var remaining = pending
        while !remaining.isEmpty {
            var next: [(String, ExtensionDeclaration)] = []
            for (file, extensionDecl) in remaining {
                guard let target = resolveSymbol(extensionDecl.extendedType, scope: nil, file: file) else {
                    next.append((file, extensionDecl))
                    continue
                }
                self[target].inherited += extensionDecl.inherited.map { Scoped(value: $0, scope: nil, file: file) }
                self[target].extensionLocations.append(extensionDecl.location)
                addMembers(extensionDecl.members, to: target, file: file)
            }
            if next.count == remaining.count {
                unboundExtensions = next.map(\.1)
                return
            }
            remaining = next
        }
    }

    // MARK: Lookup

    /// What a type expression denotes, through typealiases, with sugar already normalised.
    public indirect enum Resolved: Hashable {
        case symbol(SymbolID)
        /// A type not declared in the sources (standard library, Foundation, another module).
        case external([String], [Resolved])
        case optional(Resolved)
        case array(Resolved)
        case dictionary(Resolved, Resolved)
        case other(String)
    }

    public func resolve(_ type: TypeExpr, scope: SymbolID?, file: String) -> Resolved {
        resolve(type, scope: scope, file: file, depth: 0)
    }

    private func resolve(_ type: TypeExpr, scope: SymbolID?, file: String, depth: Int) -> Resolved {
        guard depth < 32 else { return .other(type.description) }
        switch type {
        case let .optional(wrapped): return .optional(resolve(wrapped, scope: scope, file: file, depth: depth + 1))
        case let .array(element): return .array(resolve(element, scope: scope, file: file, depth: depth + 1))
        case let .dictionary(key, value):
            return .dictionary(
                resolve(key, scope: scope, file: file, depth: depth + 1),
                resolve(value, scope: scope, file: file, depth: depth + 1))
        case let .other(text): return .other(text)
        case let .named(path, arguments):
            if let resolved = resolveNamed(path, scope: scope, file: file, depth: depth) { return resolved }
            // `MyApp.SchemaV1`: a module-qualified name of the app's own module. Only when the first component names
            // nothing in the sources: `SchemaV2.Habit` where SchemaV2 has no `Habit` is not re-read as a top-level
            // `Habit` (often a typealias to another version's class).
            if path.count > 1, !Self.selfNames.contains(path[0]),
                lookupUnqualified(path[0], scope: scope, file: file, depth: depth) == nil,
                let resolved = resolveNamed(Array(path.dropFirst()), scope: nil, file: file, depth: depth),
                case .symbol = resolved
            {
                return resolved
            }
            return .external(path, arguments.map { resolve($0, scope: scope, file: file, depth: depth + 1) })
        }
    }

    /// The symbol a type expression names, if it names one declared in the sources.
    public func resolveSymbol(_ type: TypeExpr, scope: SymbolID?, file: String) -> SymbolID? {
        if case let .symbol(id) = resolve(type, scope: scope, file: file) { return id }
        return nil
    }

    private func resolveNamed(_ path: [String], scope: SymbolID?, file: String, depth: Int) -> Resolved? {
        guard let first = path.first else { return nil }
        var current: Resolved?
        if Self.selfNames.contains(first) {
            // `self.Habit` / `Self.Habit` inside a type (and its extensions) is that type's member, before any outer
            // or top-level name.
            guard let scope, path.count > 1 else { return nil }
            current = .symbol(scope)
        } else {
            current = lookupUnqualified(first, scope: scope, file: file, depth: depth)
        }
        for component in path.dropFirst() {
            guard case let .symbol(id)? = current else { return nil }
            current = lookupMember(component, in: id, file: file, depth: depth)
        }
        return current
    }

    private func lookupUnqualified(_ name: String, scope: SymbolID?, file: String, depth: Int) -> Resolved? {
        var cursor = scope
        while let id = cursor {
            if self[id].name == name, self[id].nestedTypes[name] == nil, self[id].typealiases[name] == nil {
                return .symbol(id)
            }
            if let found = lookupMember(name, in: id, file: file, depth: depth) { return found }
            cursor = self[id].parent
        }
        if let candidates = topLevelTypes[name], let nearest = nearest(candidates, to: file) {
            return .symbol(nearest)
        }
        if let aliases = topLevelAliases[name], let alias = nearestAlias(aliases, to: file) {
            return resolve(alias.value.target, scope: alias.scope, file: alias.file, depth: depth + 1)
        }
        return nil
    }

    private func lookupMember(_ name: String, in id: SymbolID, file: String, depth: Int) -> Resolved? {
        let symbol = self[id]
        if let nested = symbol.nestedTypes[name], let nearest = nearest(nested, to: file) {
            return .symbol(nearest)
        }
        if let aliases = symbol.typealiases[name], let alias = nearestAlias(aliases, to: file) {
            return resolve(alias.value.target, scope: alias.scope, file: alias.file, depth: depth + 1)
        }
        return nil
    }

    /// The function or closure constant a custom stage names where a closure is expected (`willMigrate: migrateV1`),
    /// found the way Swift finds it: a plain name in the type the stage is written in (its extensions included), then
    /// the types around it, then among global functions; `Self.name` and `Type.name` in that type. A name declared
    /// more than once where it is found (overloads), or held there by a property that is no such closure, is nil:
    /// which body runs cannot be told.
    public func migrationFunction(_ path: [String], scope: SymbolID?, file: String) -> Scoped<MigrationFunction>? {
        guard let name = path.last else { return nil }
        func only(_ candidates: [Scoped<MigrationFunction>]?) -> Scoped<MigrationFunction>? {
            candidates?.count == 1 ? candidates?.first : nil
        }
        guard path.count == 1 else {
            let owner =
                path.count == 2 && Self.selfNames.contains(path[0])
                ? scope : resolveSymbol(.named(Array(path.dropLast()), arguments: []), scope: scope, file: file)
            return owner.flatMap { only(self[$0].migrationFunctions[name]) }
        }
        var cursor = scope
        while let id = cursor {
            if let found = self[id].migrationFunctions[name] { return only(found) }
            if self[id].staticProperties.contains(where: { $0.value.name == name }) { return nil }
            cursor = self[id].parent
        }
        return only(topLevelFunctions[name])
    }

    /// The one global constant of that name, nil when none or several are declared.
    public func globalConstant(_ name: String) -> Scoped<StaticPropertyDeclaration>? {
        topLevelConstants[name]?.count == 1 ? topLevelConstants[name]?.first : nil
    }

    private func nearest(_ candidates: [SymbolID], to file: String) -> SymbolID? {
        candidates.min { lhs, rhs in
            let left = Self.sharedDirectoryDepth(self[lhs].file, file),
                right = Self.sharedDirectoryDepth(self[rhs].file, file)
            if left != right { return left > right }
            return self[lhs].location < self[rhs].location
        }
    }

    private func nearestAlias(_ candidates: [Scoped<TypeAliasDeclaration>], to file: String) -> Scoped<
        TypeAliasDeclaration
    >? {
        candidates.min { lhs, rhs in
            let left = Self.sharedDirectoryDepth(lhs.file, file), right = Self.sharedDirectoryDepth(rhs.file, file)
            if left != right { return left > right }
            return lhs.value.location < rhs.value.location
        }
    }

    /// `self.X` in a static context and `Self.X` both name a member of the innermost enclosing type.
    static let selfNames: Set<String> = ["self", "Self"]

    /// How many leading directories two paths share.
    static func sharedDirectoryDepth(_ lhs: String, _ rhs: String) -> Int {
        let left = lhs.split(separator: "/").dropLast(), right = rhs.split(separator: "/").dropLast()
        return zip(left, right).prefix { $0 == $1 }.count
    }

    /// Every top-level typealias, in a stable order.
    public var topLevelTypealiases: [Scoped<TypeAliasDeclaration>] {
        topLevelAliases.values.flatMap { $0 }.sorted { $0.value.location < $1.value.location }
    }

    /// Whether an unqualified name reaches its type through a top-level typealias (`typealias Trip = SchemaV3.Trip`)
    /// rather than a nested type or a member typealias of an enclosing type: such a name moves when the alias does.
    public func resolvesThroughTopLevelTypealias(_ type: TypeExpr, scope: SymbolID?, file: String) -> Bool {
        guard case let .named(path, _) = type.unwrappingOptional.type, let first = path.first else { return false }
        var cursor = scope
        while let id = cursor {
            if self[id].name == first || self[id].nestedTypes[first] != nil || self[id].typealiases[first] != nil {
                return false
            }
            cursor = self[id].parent
        }
        return topLevelTypes[first] == nil && topLevelAliases[first] != nil
    }

    /// The symbol a lexical scope path (enclosing type names, outermost first) denotes.
    public func scope(_ path: [String], file: String) -> SymbolID? {
        path.isEmpty ? nil : resolveSymbol(.named(path, arguments: []), scope: nil, file: file)
    }

    /// The enclosing types of a symbol, innermost first, starting with the symbol itself.
    public func ancestors(of id: SymbolID) -> [SymbolID] {
        var result: [SymbolID] = []
        var cursor: SymbolID? = id
        while let current = cursor {
            result.append(current)
            cursor = self[current].parent
        }
        return result
    }
}

extension Members {
    init(types: [TypeDeclaration]) {
        self.init()
        self.types = types
    }
}
