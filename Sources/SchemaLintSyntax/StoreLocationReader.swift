import SchemaLintModel
import SwiftSyntax

/// Reads which store file a `ModelConfiguration` names: `ModelConfiguration("Cache")` or `name:` is `Cache.store`
/// (in the App Group of `groupContainer: .identifier("group.x")`, when given), `url:` is the URL's expression with the
/// file's local variables put in (`let url = base.appending(path: "Cache.store")`), and neither is `default.store`.
///
/// Two URLs are one store when their expressions read the same once variables are put in: a URL spelt two ways reads
/// as two stores, so schemalint never pools states of stores that may be apart.
struct StoreLocationReader {
    /// The value of a local variable visible at a use, as `LexicalVariables` finds it.
    let lookup: (String, Syntax) -> ExprSyntax?

    /// Makes `ValueReference`s of names (`AppGroup.identifier`) for the project to resolve.
    let references: ModelSourceReader?
    /// The enclosing function's parameters: a URL built from one is whatever each caller passes.
    var parameters: Set<String> = []
    /// Where a call is, for a store that cannot be told.
    var locate: ((Syntax) -> SourceLocation)?

    init(references: ModelSourceReader? = nil, lookup: @escaping (String, Syntax) -> ExprSyntax?) {
        self.references = references
        self.lookup = lookup
    }

    /// The conditions on the way down to a branch of a ternary App Group (`ValueSourceReader.conditions`): given,
    /// with `locate`, a configuration whose App Group is picked at run time is each store it may be.
    var conditions: ((Syntax, Syntax) -> [StoreChoice.Condition])?

    func location(of call: FunctionCallExprSyntax) -> StoreLocation {
        // `groupContainer: useGroup ? .identifier(id) : .none`: the store in the App Group, or in the app's own
        // container, as `useGroup` is at run time.
        if let conditions, let locate,
            let argument = call.arguments.first(where: { $0.label?.text == "groupContainer" }),
            let branches = Self.ternaryBranches(argument.expression)
        {
            let choices = [branches.then, branches.otherwise].map { branch in
                StoreChoice(
                    store: location(of: call, group: branch), location: locate(Syntax(call)), inMemory: nil,
                    conditions: conditions(Syntax(branch), Syntax(argument.expression)))
            }
            return .oneOf(choices, at: locate(Syntax(argument.expression)))
        }
        return location(of: call, group: nil)
    }

    /// The two branches of `condition ? a : b`, folded or not; nil for anything else.
    static func ternaryBranches(_ expression: ExprSyntax) -> (then: ExprSyntax, otherwise: ExprSyntax)? {
        if let ternary = expression.as(TernaryExprSyntax.self) {
            return (ternary.thenExpression, ternary.elseExpression)
        }
        guard let sequence = expression.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard let mark = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }), mark > 0,
            mark + 2 == elements.count, let ternary = elements[mark].as(UnresolvedTernaryExprSyntax.self)
        else { return nil }
        return (ternary.thenExpression, elements[mark + 1])
    }

    /// The store, with `group` read as its `groupContainer:` when given (a branch of a ternary).
    private func location(of call: FunctionCallExprSyntax, group given: ExprSyntax?) -> StoreLocation {
        var name: String?
        var group: String?
        var automatic = true
        var constants: [String: ValueReference] = [:]
        /// A literal as it is; a constant's name as `` `name` ``, with its reference for the project to resolve.
        func read(_ expression: ExprSyntax) -> String {
            let written = text(of: expression)
            if written.count > 1, written.hasPrefix("\""), written.hasSuffix("\""), !written.contains("\\(") {
                return String(written.dropFirst().dropLast())
            }
            if let reference = references?.reference(expression) { constants[written] = reference }
            return "`\(written)`"
        }
        for (index, argument) in call.arguments.enumerated() {
            switch argument.label?.text {
            // `ModelConfiguration(nil, schema: ...)`: no name is the unnamed configuration's store, `default.store`.
            case nil where index == 0, "name":
                if !argument.expression.is(NilLiteralExprSyntax.self) { name = read(argument.expression) }
            case "url":
                let (written, fromParameter) = render(argument.expression)
                // `func open(url: URL)`: each caller's URL is another store, so no two such are one.
                if fromParameter, let locate { return .unknown(at: locate(Syntax(call))) }
                return StoreLocation(kind: .url, key: "url:" + written)
            case "groupContainer":
                let expression = given ?? argument.expression
                group = groupIdentifier(expression).map(read)
                automatic = Self.isAutomatic(expression)
            default:
                break
            }
        }
        var location = StoreLocation.defaultStore
        if let name {
            location = .named(name, group: group)
        } else if let group {
            location = StoreLocation(kind: .named, key: "\(group)/default.store")
        }
        location.constants = constants
        location.groupLeftAutomatic = automatic && group == nil
        return location
    }

    /// `ModelConfiguration(...)`, `SwiftData.ModelConfiguration(...)`, `ModelConfiguration.init(...)`, or
    /// `.init(...)` where a `ModelConfiguration` is expected (`InitialiserCall`).
    static func isConfigurationInit(_ call: FunctionCallExprSyntax) -> Bool {
        InitialiserCall.builds("ModelConfiguration", call)
    }

    /// `"Cache"`, a string literal with no interpolation.
    static func literal(_ expression: ExprSyntax) -> String? {
        guard let string = expression.as(StringLiteralExprSyntax.self), string.segments.count == 1,
            let segment = string.segments.first?.as(StringSegmentSyntax.self)
        else { return nil }
        return segment.content.text
    }

    /// The name and App Group a configuration is given, as expressions (nil where not given), for `ValueSource`s.
    static func nameAndGroup(of call: FunctionCallExprSyntax) -> (name: ExprSyntax?, group: ExprSyntax?) {
        var name: ExprSyntax?
        var group: ExprSyntax?
        for (index, argument) in call.arguments.enumerated() {
            switch argument.label?.text {
            case nil where index == 0, "name":
                if !argument.expression.is(NilLiteralExprSyntax.self) { name = argument.expression }
            case "groupContainer":
                if let call = argument.expression.as(FunctionCallExprSyntax.self),
                    call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "identifier"
                {
                    group = call.arguments.first?.expression
                }
            default: break
            }
        }
        return (name, group)
    }

    /// `.automatic` or `ModelConfiguration.GroupContainer.automatic`: the target's App Group, if it has one. `.none`,
    /// an identifier or a value read elsewhere are not.
    private static func isAutomatic(_ expression: ExprSyntax) -> Bool {
        expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "automatic"
    }

    /// The identifier of `.identifier("group.x")` (or of a constant); `.automatic` and `.none` name no group of
    /// their own.
    private func groupIdentifier(_ expression: ExprSyntax) -> ExprSyntax? {
        guard let call = expression.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "identifier"
        else { return nil }
        return call.arguments.first?.expression
    }

    /// The expression's tokens without trivia, each bare name of a local variable replaced by its value (a few levels
    /// deep): `base.appending(path:"Cache.store")` with `base` put in.
    func text(of expression: ExprSyntax) -> String { render(expression).text }

    /// The text, and whether a bare name in it (or in a variable it reads) is a parameter of the enclosing function.
    private func render(_ expression: ExprSyntax, depth: Int = 0) -> (text: String, fromParameter: Bool) {
        var result = ""
        var fromParameter = false
        for token in expression.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind,
                let reference = token.parent?.as(DeclReferenceExprSyntax.self), Self.isBare(reference)
            else {
                result += token.text
                continue
            }
            // A parameter first: a variable of its name elsewhere in the file is not it.
            if parameters.contains(name) {
                result += token.text
                fromParameter = true
            } else if depth < 4, let value = lookup(name, Syntax(reference)), value.id != expression.id {
                let inner = render(value, depth: depth + 1)
                result += inner.text
                fromParameter = fromParameter || inner.fromParameter
            } else {
                result += token.text
            }
        }
        return (result, fromParameter)
    }

    /// A name on its own (`base`), not a member (`.appending`) or an argument label.
    private static func isBare(_ reference: DeclReferenceExprSyntax) -> Bool {
        guard let member = reference.parent?.as(MemberAccessExprSyntax.self) else { return true }
        return member.declName.id != reference.id
    }
}
