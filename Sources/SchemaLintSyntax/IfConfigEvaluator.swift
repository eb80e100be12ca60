import SwiftSyntax

/// The compilation conditions (`SWIFT_ACTIVE_COMPILATION_CONDITIONS`, `-D` flags, SwiftPM's `.define`) the release
/// builds of a file set, as far as its project files say: a name every target compiling the file sets is true; a
/// name none sets is false only when everything that could set one was read (`complete`); anything else is unknown.
public struct CompilationConditions: Sendable, Hashable {
    /// Set in Release by every target compiling the file.
    public var set: Set<String>
    /// Set by some of those targets and not others, or where schemalint cannot tell (a per-platform setting).
    public var some: Set<String>
    /// Whether every setting that could name a condition was read: then a name in neither set is false.
    public var complete: Bool

    public init(set: Set<String> = [], some: Set<String> = [], complete: Bool) {
        self.set = set
        self.some = some
        self.complete = complete
    }

    /// Nothing known: every name other than `DEBUG` is unknown (a file no project names).
    public static let unknown = CompilationConditions(complete: false)

    /// What a build of all of `targets` (each one's conditions) sets.
    public static func combining(_ targets: [CompilationConditions]) -> CompilationConditions {
        guard let first = targets.first else { return .unknown }
        var set = first.set
        var any = first.set.union(first.some)
        for other in targets.dropFirst() {
            set.formIntersection(other.set)
            any.formUnion(other.set.union(other.some))
        }
        return CompilationConditions(
            set: set, some: any.subtracting(set), complete: targets.allSatisfy(\.complete))
    }

    /// The names `-D NAME` and `-DNAME` define among compiler flags (`OTHER_SWIFT_FLAGS`, `.unsafeFlags`); a flag
    /// passed on to another tool (`-Xcc -DNAME`, Clang's macro) is not one.
    public static func defines(inFlags flags: [String]) -> [String] {
        var names: [String] = []
        var index = 0
        while index < flags.count {
            let flag = flags[index]
            if flag.hasPrefix("-X"), flag.count > 2 {
                index += 2
                continue
            }
            if flag == "-D", index + 1 < flags.count {
                names.append(flags[index + 1])
                index += 2
                continue
            }
            if flag.hasPrefix("-D"), flag.count > 2 { names.append(String(flag.dropFirst(2))) }
            index += 1
        }
        return names
    }

    func truth(of name: String) -> IfConfigEvaluator.Truth {
        if set.contains(name) { return .yes }
        if some.contains(name) || !complete { return .unknown }
        return .no
    }
}

/// Picks the `#if` clause that counts as code.
///
/// A condition is true unless it is plainly false (`#if false`, `#if 0`, a flag the release builds compiling the file
/// do not set, see `CompilationConditions`), and the first clause that may be active is taken: that keeps dead code
/// (`#if false`) out while still reading `#if os(iOS)` or `#if canImport(SwiftData)` schemas. A flag the project
/// sets in Release (`#if USE_APP_GROUP`) makes its clause the one every build takes.
///
/// `DEBUG` is false: users run the release build, so the stores that matter are the ones it writes. An app that opens
/// an unversioned container under `#if DEBUG` and its plan under `#else` (a public gym app did) is checked as it
/// ships, not as the developer's debug build.
enum IfConfigEvaluator {
    enum Truth { case yes, no, unknown }

    static func activeClause(
        of ifConfig: IfConfigDeclSyntax, conditions: CompilationConditions = .unknown
    ) -> IfConfigClauseSyntax? {
        for clause in ifConfig.clauses {
            guard let condition = clause.condition else { return clause }
            if evaluate(condition, conditions) != .no { return clause }
        }
        return nil
    }

    /// Whether every build takes this clause: its condition is true, or it is the `#else` after conditions that are
    /// all false.
    static func isCertain(
        _ clause: IfConfigClauseSyntax, of ifConfig: IfConfigDeclSyntax, conditions: CompilationConditions = .unknown
    ) -> Bool {
        for other in ifConfig.clauses {
            guard other.id != clause.id else {
                return clause.condition.map { evaluate($0, conditions) == .yes } ?? true
            }
            guard let condition = other.condition, evaluate(condition, conditions) == .no else { return false }
        }
        return false
    }

    /// Whether a condition names `DEBUG` (`#if DEBUG`, `#if DEBUG && os(iOS)`): its clause is a debug build's.
    static func mentionsDebug(_ condition: ExprSyntax) -> Bool {
        condition.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .identifier("DEBUG") }
    }

    static func evaluate(_ expression: ExprSyntax, _ conditions: CompilationConditions = .unknown) -> Truth {
        if let literal = expression.as(BooleanLiteralExprSyntax.self) {
            return literal.literal.tokenKind == .keyword(.true) ? .yes : .no
        }
        if let integer = expression.as(IntegerLiteralExprSyntax.self) {
            return integer.literal.text == "0" ? .no : .yes
        }
        if let name = expression.as(DeclReferenceExprSyntax.self), name.argumentNames == nil {
            return name.baseName.text == "DEBUG" ? .no : conditions.truth(of: name.baseName.text)
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return evaluate(only.expression, conditions)
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            switch evaluate(prefix.expression, conditions) {
            case .yes: return .no
            case .no: return .yes
            case .unknown: return .unknown
            }
        }
        if let call = expression.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self), callee.baseName.text == "canImport"
        {
            return .yes
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            return evaluate(sequence: Array(sequence.elements), conditions)
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self) {
            return combine(
                evaluate(infix.leftOperand, conditions), infix.operator.trimmedDescription,
                evaluate(infix.rightOperand, conditions))
        }
        return .unknown
    }

    /// Unfolded `a && b || c`: `&&` binds tighter than `||`.
    private static func evaluate(sequence elements: [ExprSyntax], _ conditions: CompilationConditions) -> Truth {
        var orTerms: [Truth] = []
        var current: Truth? = nil
        var index = 0
        while index < elements.count {
            let value = evaluate(elements[index], conditions)
            current = current.map { combine($0, "&&", value) } ?? value
            let op = index + 1 < elements.count ? elements[index + 1].trimmedDescription : nil
            if op != "&&" {
                orTerms.append(current ?? .unknown)
                current = nil
            }
            index += 2
        }
        return orTerms.dropFirst().reduce(orTerms.first ?? .unknown) { combine($0, "||", $1) }
    }

    private static func combine(_ lhs: Truth, _ op: String, _ rhs: Truth) -> Truth {
        switch op {
        case "&&":
            if lhs == .no || rhs == .no { return .no }
            return lhs == .yes && rhs == .yes ? .yes : .unknown
        case "||":
            if lhs == .yes || rhs == .yes { return .yes }
            return lhs == .no && rhs == .no ? .no : .unknown
        default:
            return .unknown
        }
    }
}
