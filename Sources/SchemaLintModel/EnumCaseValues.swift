/// Values read through a case of an enum of the app's: `Scope.production.rawValue`, `current.directoryName` where
/// `static var current: Scope { .production }`, `scope.folder` where `scope: Scope` is a parameter. A raw value is
/// the case's, written or implicit (its name for a `String` enum, the next integer for an `Int` one); any other
/// property is read where the enum declares it, with `self` that case, so a `switch self` takes its branch.
extension ValueEvaluator {
    /// The value `reference` names when its base is an enum case (written, or held by a constant or property whose
    /// type is an enum of the app's), or when it names a case itself (`Scope.production` in a pattern); nil when it
    /// is none of these, for the ordinary lookup.
    func enumValue(
        _ reference: ValueReference, scope: SymbolID?, file: String, visiting: inout FoldGuard, depth: Int
    ) -> Evaluated<ScalarValue>? {
        guard let base = reference.base else {
            // `self` or `rawValue` inside the enum's own property, read through a case.
            guard let selfCase else { return nil }
            if reference.name == "self" { return .value(selfCase.value) }
            if reference.name == "rawValue", values.member("rawValue", of: selfCase.owner) == nil {
                return rawValue(of: selfCase.value, in: selfCase.owner, at: reference.location)
            }
            return nil
        }
        guard let path = base.path, let last = path.last else { return nil }
        // `Scope.production`: the case, by name, as an implicit member reads.
        if let owner = symbols.resolveSymbol(base, scope: scope, file: file), isCase(reference.name, of: owner) {
            return .value(.member(reference.name))
        }
        // `Scope.production.folder`: a case written.
        if path.count >= 2,
            let owner = symbols.resolveSymbol(.named(Array(path.dropLast()), arguments: []), scope: scope, file: file),
            isCase(last, of: owner)
        {
            return member(
                reference.name, of: owner, selves: .value(.member(last)), at: reference.location,
                visiting: &visiting, depth: depth)
        }
        // `current.folder`: a constant or property of the enum's type, read first.
        guard let instance = values.instanceType(base, scope, file),
            let owner = symbols.resolveSymbol(instance.type, scope: instance.scope, file: instance.file),
            symbols[owner].kind == .enum
        else { return nil }
        let holder = ValueReference(
            base: path.count >= 2 ? .named(Array(path.dropLast()), arguments: []) : nil, name: last,
            location: reference.location)
        let selves = evaluate(.named(holder), scope: scope, file: file, visiting: &visiting, depth: depth + 1)
        return member(reference.name, of: owner, selves: selves, at: reference.location, visiting: &visiting,
            depth: depth)
    }

    /// `value.name` where the value's type is written (`scope.folder`, `scope: Scope` a parameter).
    func property(
        _ name: String, of value: ValueSource, type: TypeExpr, at location: SourceLocation, scope: SymbolID?,
        file: String, visiting: inout FoldGuard, depth: Int
    ) -> Evaluated<ScalarValue> {
        guard let owner = symbols.resolveSymbol(type, scope: scope, file: file), symbols[owner].kind == .enum else {
            return .unknown(UnknownValue("`\(name)` is read from a value schemalint does not follow", at: location))
        }
        let selves = evaluate(value, scope: scope, file: file, visiting: &visiting, depth: depth + 1)
        return member(name, of: owner, selves: selves, at: location, visiting: &visiting, depth: depth)
    }

    private func isCase(_ name: String, of owner: SymbolID) -> Bool {
        symbols[owner].kind == .enum
            && symbols[owner].enumCases.contains { $0.name == name && !$0.hasAssociatedValues }
    }

    /// The member `name` of the enum `owner` for each case `selves` may be.
    private func member(
        _ name: String, of owner: SymbolID, selves: Evaluated<ScalarValue>, at location: SourceLocation,
        visiting: inout FoldGuard, depth: Int
    ) -> Evaluated<ScalarValue> {
        let cases: [ScalarValue]
        switch selves {
        case let .unknown(why): return .unknown(why)
        case let .value(one): cases = [one]
        case let .oneOf(several): cases = several
        }
        let entry = values.member(name, of: owner)
        var found: [Evaluated<ScalarValue>] = []
        for value in cases {
            guard case let .member(caseName) = value, isCase(caseName, of: owner) else {
                return .unknown(UnknownValue("`\(name)` is read from a value that is no case schemalint knows",
                    at: location))
            }
            guard let entry, entry.value.isInstanceMember || entry.value.parameters == nil else {
                if name == "rawValue" {
                    found.append(rawValue(of: value, in: owner, at: location))
                    continue
                }
                wanted.names.insert(name)
                return .unknown(UnknownValue("`\(name)` is not a property schemalint can read", at: location))
            }
            let key = FoldGuard.key(member: name, of: owner) + "|" + caseName
            guard visiting.enter(key) else {
                return .unknown(UnknownValue("`\(name)` refers back to itself", at: location))
            }
            var inside = self
            inside.selfCase = (owner, value)
            found.append(
                inside.evaluate(
                    entry, ValueReference(base: nil, name: name, location: location), visiting: &visiting,
                    depth: depth + 1))
            visiting.leave(key)
        }
        return join(found, at: location)
    }

    /// A case's raw value: written (`case production = "App"`), or the one Swift gives it (the case's name in a
    /// `String` enum; one more than the case before, from 0, in an integer one).
    private func rawValue(of value: ScalarValue, in owner: SymbolID, at location: SourceLocation)
        -> Evaluated<ScalarValue>
    {
        guard case let .member(name) = value, case let .external(path, _)? = symbols.rawValueType(of: owner),
            let rawType = path.last
        else { return .unknown(UnknownValue("`\(self.name(of: owner))` has no raw values", at: location)) }
        let cases = symbols[owner].enumCases.filter { !$0.hasAssociatedValues }
        if rawType == "String" {
            guard let found = cases.first(where: { $0.name == name }) else { return unknownCase(owner, location) }
            switch found.rawValue {
            case nil: return .value(.string(name))
            case let .string(text)?: return .value(.string(text))
            default:
                return .unknown(UnknownValue("the raw value of `\(name)` is not a plain string", at: location))
            }
        }
        guard rawType.hasPrefix("Int") || rawType.hasPrefix("UInt") else {
            return .unknown(UnknownValue("`\(self.name(of: owner))`'s raw values are no names", at: location))
        }
        var next = 0
        for element in cases {
            if let written = element.rawValue {
                guard case let .integer(text) = written, let number = Int(text.filter { $0 != "_" }) else {
                    return .unknown(UnknownValue("a raw value of `\(self.name(of: owner))` is not read", at: location))
                }
                next = number
            }
            if element.name == name { return .value(.string(String(next))) }
            next += 1
        }
        return unknownCase(owner, location)
    }

    private func unknownCase(_ owner: SymbolID, _ location: SourceLocation) -> Evaluated<ScalarValue> {
        .unknown(UnknownValue("the case is not one of `\(name(of: owner))`", at: location))
    }

    private func name(of owner: SymbolID) -> String { symbols[owner].name }
}
