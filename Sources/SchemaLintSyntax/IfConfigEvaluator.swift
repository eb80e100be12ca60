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
    /// The platforms the targets compiling the file build for, as `os()` names them (`iOS`, `macOS`, `tvOS`,
    /// `watchOS`, `visionOS`): from `SDKROOT` and `SUPPORTED_PLATFORMS`. Nil where a target does not say (a package's
    /// target builds for every platform). Read only where a value is declared once per platform (`IfConfigEvaluator
    /// .possibleClauses`).
    public var platforms: Set<String>?
    /// The App Groups the targets compiling the file are entitled to (each one's first), from their entitlements;
    /// nil where some target's cannot be told (or no project says). `if let folder = FileManager.default
    /// .containerURL(forSecurityApplicationGroupIdentifier: group)` takes its body where the group is among them,
    /// or where nothing says otherwise (`ValueSourceReader`).
    public var appGroups: Set<String>?

    public init(set: Set<String> = [], some: Set<String> = [], complete: Bool, platforms: Set<String>? = nil) {
        self.set = set
        self.some = some
        self.complete = complete
        self.platforms = platforms
    }

    /// Nothing known: every name other than `DEBUG` is unknown (a file no project names).
    public static let unknown = CompilationConditions(complete: false)

    /// What a build of all of `targets` (each one's conditions) sets.
    public static func combining(_ targets: [CompilationConditions]) -> CompilationConditions {
        guard let first = targets.first else { return .unknown }
        var set = first.set
        var any = first.set.union(first.some)
        var platforms = first.platforms
        var groups = first.appGroups
        for other in targets.dropFirst() {
            set.formIntersection(other.set)
            any.formUnion(other.set.union(other.some))
            platforms = other.platforms.flatMap { theirs in platforms.map { $0.union(theirs) } }
            groups = other.appGroups.flatMap { theirs in groups.map { $0.union(theirs) } }
        }
        var combined = CompilationConditions(
            set: set, some: any.subtracting(set), complete: targets.allSatisfy(\.complete), platforms: platforms)
        combined.appGroups = groups
        return combined
    }

    /// The platform `os()` names for each of `SUPPORTED_PLATFORMS`' (or `SDKROOT`'s) SDK names; nil when one is
    /// none schemalint knows (a setting, `auto`).
    public static func platforms(ofSDKs names: [String]) -> Set<String>? {
        var found: Set<String> = []
        for name in names {
            let sdk = name.lowercased()
            if sdk.hasPrefix("iphone") {
                found.insert("iOS")
            } else if sdk.hasPrefix("macosx") {
                found.insert("macOS")
            } else if sdk.hasPrefix("appletv") {
                found.insert("tvOS")
            } else if sdk.hasPrefix("watch") {
                found.insert("watchOS")
            } else if sdk.hasPrefix("xr") {
                found.insert("visionOS")
            } else {
                return nil
            }
        }
        return found.isEmpty ? nil : found
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

    /// `os(name)` on the platforms the file is built for: false for one no target builds for, true when it is the
    /// only one.
    func truth(ofPlatform name: String) -> IfConfigEvaluator.Truth {
        let aliases = ["OSX": "macOS", "xrOS": "visionOS"]
        let platform = aliases[name] ?? name
        guard let platforms else { return .unknown }
        if !platforms.contains(platform) { return .no }
        return platforms == [platform] ? .yes : .unknown
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
/// ships, not as the developer's debug build. `targetEnvironment(simulator)` is false too: users run on devices
/// (BetterBlue keeps a simulator's store in `/tmp` and its users' in the App Group, under `#else`).
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

    /// What an `#if` among statements comes to in every build of the targets (`possibleClauses`, `os()` read on the
    /// platforms they build for): one clause's statements, no statement at all (every condition false, no `#else`),
    /// or nil where builds differ or a clause holds no statements.
    static func takenByEveryBuild(
        _ ifConfig: IfConfigDeclSyntax, conditions: CompilationConditions
    ) -> CodeBlockItemListSyntax?? {
        let possible = possibleClauses(of: ifConfig, conditions: conditions)
        if possible.isEmpty { return .some(nil) }
        guard possible.count == 1, possible[0].certain, case let .statements(chosen)? = possible[0].clause.elements
        else { return nil }
        return chosen
    }

    /// The statements, with an `#if` one of whose clauses every build takes (`#if os(iOS)` in an app built for iOS
    /// alone) read as that clause's statements; any other `#if` is kept as it is.
    static func certainItems(
        _ statements: some Sequence<CodeBlockItemSyntax>, conditions: CompilationConditions
    ) -> [CodeBlockItemSyntax] {
        var items: [CodeBlockItemSyntax] = []
        for item in statements {
            guard let ifConfig = item.item.as(IfConfigDeclSyntax.self) else {
                items.append(item)
                continue
            }
            // No statement where no clause is taken (an `#if os(iOS)` with no `#else` in a Mac app).
            switch takenByEveryBuild(ifConfig, conditions: conditions) {
            case let .some(chosen?): items += Array(chosen)
            case .some(nil): continue
            case nil: items.append(item)
            }
        }
        return items
    }

    /// The clauses a build of the file may take, each with whether every build takes it, where a value is declared
    /// once per clause (`#if os(tvOS) let url = ... #else let url = ... #endif`): a clause whose condition is false is
    /// left out, `os()` read on the platforms the targets build for (`CompilationConditions.platforms`), and none
    /// after one every build takes.
    static func possibleClauses(of ifConfig: IfConfigDeclSyntax, conditions: CompilationConditions) -> [(
        clause: IfConfigClauseSyntax, certain: Bool
    )] {
        var found: [(IfConfigClauseSyntax, Bool)] = []
        for clause in ifConfig.clauses {
            guard let condition = clause.condition else {
                found.append((clause, found.isEmpty))
                break
            }
            let truth = evaluate(condition, conditions, platforms: true)
            if truth == .no { continue }
            found.append((clause, truth == .yes && found.isEmpty))
            if truth == .yes { break }
        }
        return found
    }

    static func evaluate(
        _ expression: ExprSyntax, _ conditions: CompilationConditions = .unknown, platforms: Bool = false
    ) -> Truth {
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
            return evaluate(only.expression, conditions, platforms: platforms)
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            switch evaluate(prefix.expression, conditions, platforms: platforms) {
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
        // `targetEnvironment(simulator)` is false for the same reason as `DEBUG`: users' stores are on devices.
        if let call = expression.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "targetEnvironment",
            call.arguments.first?.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == "simulator"
        {
            return .no
        }
        if platforms, let call = expression.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "os", call.arguments.count == 1,
            let name = call.arguments.first?.expression.as(DeclReferenceExprSyntax.self)?.baseName.text
        {
            return conditions.truth(ofPlatform: name)
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            return evaluate(sequence: Array(sequence.elements), conditions, platforms: platforms)
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self) {
            return combine(
                evaluate(infix.leftOperand, conditions, platforms: platforms), infix.operator.trimmedDescription,
                evaluate(infix.rightOperand, conditions, platforms: platforms))
        }
        return .unknown
    }

    /// Unfolded `a && b || c`: `&&` binds tighter than `||`.
    private static func evaluate(
        sequence elements: [ExprSyntax], _ conditions: CompilationConditions, platforms: Bool
    ) -> Truth {
        var orTerms: [Truth] = []
        var current: Truth? = nil
        var index = 0
        while index < elements.count {
            let value = evaluate(elements[index], conditions, platforms: platforms)
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
