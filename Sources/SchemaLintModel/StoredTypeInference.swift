/// The type of a stored property, written or inferred from its initial value the way Swift infers it, once names
/// are resolved: `= Status.active` is a `Status` when `Status` declares that case, `= Kind.chest.rawValue` is the raw
/// type, `= Limits.defaultWeight` is the static property's type, `= Date.now` is a `Date`. Literals, `[T]()`, `T()`
/// and `T.init()` are typed by the parser already. Where Swift would need more (a function call, `[]`), the
/// property gets no type and a reason that says so.
struct StoredTypeInference {
    let symbols: SymbolTable

    /// How an unannotated property whose type cannot be inferred is written in snapshots and lockfiles.
    static let noAnnotation = "<no type annotation>"

    enum Outcome {
        case type(TypeExpr)
        /// No type; `hint` is a type name worth looking for in the files pass 1 skipped.
        case unknown(reason: String, hint: TypeExpr?)
    }

    /// Static members of standard types that real models use as initial values, with their types.
    static let standardMembers: [String: [String: String]] = [
        "Date": ["now": "Date", "distantPast": "Date", "distantFuture": "Date"],
        "Int": numericMembers("Int"), "Int16": numericMembers("Int16"), "Int32": numericMembers("Int32"),
        "Int64": numericMembers("Int64"), "Double": numericMembers("Double"), "Float": numericMembers("Float"),
        "Decimal": numericMembers("Decimal"),
        "URL": [
            "documentsDirectory": "URL", "temporaryDirectory": "URL", "homeDirectory": "URL",
            "cachesDirectory": "URL", "applicationSupportDirectory": "URL",
        ],
    ]

    private static func numericMembers(_ type: String) -> [String: String] {
        var members = ["zero": type, "max": type, "min": type]
        if ["Double", "Float"].contains(type) {
            for name in ["infinity", "pi", "nan", "greatestFiniteMagnitude", "leastNonzeroMagnitude"] {
                members[name] = type
            }
        }
        return members
    }

    func type(of declaration: PropertyDeclaration, in owner: SymbolID) -> Outcome {
        if let type = declaration.type { return .type(type) }
        switch declaration.initialValue {
        case nil:
            return .unknown(reason: "it has no type annotation", hint: nil)
        case let .expression(text):
            return .unknown(
                reason: "it has no type annotation, and Swift types it from `\(text)`, which schemalint "
                    + "does not evaluate: write the type", hint: nil)
        case let .memberChain(path):
            return memberChain(path, scope: owner, file: declaration.location.file)
        }
    }

    /// `A.B.c.d`: the longest prefix naming a type declared in the sources, then each member in turn.
    private func memberChain(_ path: [String], scope: SymbolID, file: String) -> Outcome {
        let written = path.joined(separator: ".")
        for split in stride(from: path.count - 1, through: 1, by: -1) {
            let typePath = Array(path.prefix(split))
            guard let id = symbols.resolveSymbol(.named(typePath, arguments: []), scope: scope, file: file) else {
                continue
            }
            var current = SymbolTable.Resolved.symbol(id)
            for member in path.dropFirst(split) {
                guard let next = self.member(member, of: current, file: file) else {
                    return .unknown(
                        reason: "it has no type annotation, and schemalint cannot tell the type of "
                            + "`\(written)`: write the type", hint: nil)
                }
                current = next
            }
            return .type(symbols.typeExpr(for: current))
        }
        if path.count == 2, let type = Self.standardMembers[path[0]]?[path[1]] {
            return .type(.name(type))
        }
        return .unknown(
            reason: "it has no type annotation, and `\(path[0])`, whose member `\(written)` gives it "
                + "its type, is not declared in the analysed sources", hint: .named([path[0]], arguments: []))
    }

    /// The type of `member` on a type: an enum case is the enum, `rawValue` the raw type, a static property its
    /// declared type.
    private func member(_ member: String, of type: SymbolTable.Resolved, file: String) -> SymbolTable.Resolved? {
        switch type {
        case let .symbol(id):
            let symbol = symbols[id]
            if symbol.kind == .enum, symbol.enumCases.contains(where: { $0.name == member }) { return type }
            if member == "rawValue", symbol.kind == .enum, let raw = symbols.rawValueType(of: id) { return raw }
            if let property = symbol.staticProperties.first(where: { $0.value.name == member }),
                let declared = property.value.declaredType
            {
                return symbols.resolve(declared, scope: property.scope, file: property.file)
            }
            return nil
        case let .external(path, arguments) where arguments.isEmpty && path.count == 1:
            return Self.standardMembers[path[0]]?[member].map { .external([$0], []) }
        default:
            return nil
        }
    }
}

extension SymbolTable {
    /// An enum's raw type (`enum Status: String`): the first inherited type that is not declared in the sources
    /// and names a standard scalar, resolved.
    func rawValueType(of id: SymbolID) -> Resolved? {
        for inherited in self[id].inherited {
            let resolved = resolve(inherited.value, scope: inherited.scope, file: inherited.file)
            if case let .external(path, arguments) = resolved, arguments.isEmpty, path.count == 1,
                StandardTypeStorage.isRawValueType(path[0])
            {
                return resolved
            }
        }
        return nil
    }

    /// A type expression naming what `resolved` denotes, by qualified names from the top level.
    func typeExpr(for resolved: Resolved) -> TypeExpr {
        switch resolved {
        case let .symbol(id):
            return .named(self[id].qualifiedName.split(separator: ".").map(String.init), arguments: [])
        case let .external(path, arguments): return .named(path, arguments: arguments.map(typeExpr))
        case let .optional(wrapped): return .optional(typeExpr(for: wrapped))
        case let .array(element): return .array(typeExpr(for: element))
        case let .dictionary(key, value): return .dictionary(typeExpr(for: key), typeExpr(for: value))
        case let .other(text): return .other(text)
        }
    }
}
