import SchemaLintModel
import SwiftSyntax

/// Lists of models built as collections: `flatMap`, `map` then `joined()`, `reduce`, and bodies that build a local
/// `var` with `append`, `append(contentsOf:)` and `+=` before returning it. Each is read as the list it comes to;
/// a step that is none of these is unreadable, never skipped.
extension ModelSourceReader {
    /// `types.flatMap { $0.models }`, `types.flatMap(\.models)`, `types.map(\.models).joined()`,
    /// `types.reduce(into: []) { $0 += $1.models }`, `types.reduce([]) { $0 + $1.models }`, and the same over a list
    /// of lists (`[A.models, B.models].flatMap { $0 }`, `.joined()`, `.reduce([], +)`); nil for anything else.
    func collection(_ expression: ExprSyntax, depth: Int) -> ModelSource? {
        guard let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base
        else { return nil }
        let method = member.declName.baseName.text
        let whole = reader.location(expression)
        let closure = Self.onlyClosure(call)
        switch method {
        case "flatMap":
            guard let closure else { return nil }
            return each(base, projecting: closure, argument: 0, depth: depth, at: whole)
        case "joined" where call.arguments.isEmpty && call.trailingClosure == nil:
            return flattened(base, depth: depth, at: whole)
        case "reduce":
            let arguments = Array(call.arguments)
            guard let first = arguments.first else { return nil }
            // What the sum starts from: `[]`, or a list (`reduce(into: [Loan.self])`) the rest is added to.
            let start: ModelSource?
            if Self.isEmptyList(first.expression) {
                start = nil
            } else if let list = source(of: first.expression) {
                start = list
            } else {
                return nil
            }
            func starting(_ rest: ModelSource?) -> ModelSource? {
                guard let rest else { return nil }
                return start.map { .concatenation([$0, rest], whole) } ?? rest
            }
            if first.label?.text == "into" {
                // `{ $0 += $1.models }`, `{ $0.append(contentsOf: $1.models) }`, `{ result, m in result += m }`.
                guard let closure, let parameters = Self.parameters(of: closure, count: 2), parameters.count == 2,
                    let body = Self.onlyExpression(closure),
                    let added = Self.addition(to: parameters[0], in: body)
                else { return nil }
                return starting(elements(of: base, as: added, parameter: parameters[1], depth: depth, at: whole))
            }
            guard first.label == nil else { return nil }
            // `reduce([], +)`.
            if arguments.count == 2, arguments[1].expression.as(DeclReferenceExprSyntax.self)?.baseName.text == "+" {
                return starting(flattened(base, depth: depth, at: whole))
            }
            // `reduce([]) { $0 + $1.models }`.
            guard let closure, let parameters = Self.parameters(of: closure, count: 2), parameters.count == 2,
                let body = Self.onlyExpression(closure), let operands = Self.plusOperands(body), operands.count == 2,
                Self.names(operands[0], parameters[0])
            else { return nil }
            return starting(elements(of: base, as: operands[1], parameter: parameters[1], depth: depth, at: whole))
        default:
            return nil
        }
    }

    /// `base.map { $0.models }` flattened, or a list of lists flattened: nil when `base` is neither.
    private func flattened(_ base: ExprSyntax, depth: Int, at whole: SourceLocation) -> ModelSource? {
        if let mapped = base.as(FunctionCallExprSyntax.self),
            let member = mapped.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "map", let inner = member.base, let closure = Self.onlyClosure(mapped)
        {
            return each(inner, projecting: closure, argument: 0, depth: depth, at: whole)
        }
        guard let array = base.as(ArrayExprSyntax.self), !array.elements.isEmpty,
            array.elements.allSatisfy({ TypeExprReader.readMetatype($0.expression) == nil })
        else { return nil }
        return .concatenation(
            array.elements.map { element in
                source(of: element.expression)
                    ?? .unreadable(
                        "`\(Self.cut(element.expression))` is not a list schemalint can read",
                        reader.location(element.expression))
            }, whole)
    }

    /// `base` mapped through `closure` (a key path, or a closure of one expression) and flattened.
    private func each(
        _ base: ExprSyntax, projecting closure: ExprSyntax, argument: Int, depth: Int, at whole: SourceLocation
    ) -> ModelSource? {
        if let keyPath = closure.as(KeyPathExprSyntax.self) {
            guard keyPath.root == nil, keyPath.components.count == 1,
                keyPath.components.first?.component.as(KeyPathPropertyComponentSyntax.self)?.declName.baseName.text
                    == "models"
            else { return nil }
            return .modelsOfEach(elementsSource(base, depth: depth), whole)
        }
        guard let parameters = Self.parameters(of: closure, count: 1), parameters.count == 1,
            let body = Self.onlyExpression(closure)
        else { return nil }
        return elements(of: base, as: body, parameter: parameters[0], depth: depth, at: whole)
    }

    /// Each element of `base` turned into `body` (`$0.models`, or `$0` itself) and flattened.
    private func elements(
        of base: ExprSyntax, as body: ExprSyntax, parameter: String, depth: Int, at whole: SourceLocation
    ) -> ModelSource? {
        if Self.names(body, parameter) {
            // The elements themselves: a list of lists, flattened.
            return flattened(base, depth: depth, at: whole)
        }
        guard let member = body.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "models",
            let inner = member.base, Self.names(inner, parameter)
        else { return nil }
        return .modelsOfEach(elementsSource(base, depth: depth), whole)
    }

    /// The list of types whose `models` are taken: a literal of `X.self`, or a constant naming one.
    private func elementsSource(_ base: ExprSyntax, depth: Int) -> ModelSource {
        if let array = base.as(ArrayExprSyntax.self) { return typeList(array.elements.map(\.expression)) }
        return source(of: base)
            ?? .unreadable("`\(Self.cut(base))` is not a list schemalint can read", reader.location(base))
    }

    // MARK: Bodies that build a local list

    /// A body of several statements that builds a list in a local variable and returns it:
    /// `var list = V1.models; list.append(Tag.self); list += extras; return list`. Nil when what it returns is not a
    /// list; unreadable when a statement changes a local list in a way not followed (inside an `if`, a loop, a call
    /// that takes it `inout`, `removeAll`).
    func built(_ statements: CodeBlockItemListSyntax) -> ModelSource? {
        guard statements.count > 1, let last = statements.last?.item.as(ReturnStmtSyntax.self),
            let returned = last.expression,
            statements.tokens(viewMode: .sourceAccurate).filter({ $0.tokenKind == .keyword(.return) }).count == 1
        else { return nil }
        var body = self
        var opaque: Set<String> = []
        for item in IfConfigEvaluator.certainItems(statements.dropLast(), conditions: reader.conditions) {
            if let declaration = item.item.as(VariableDeclSyntax.self) {
                for binding in declaration.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                        continue
                    }
                    if let value = binding.initializer?.value, let list = body.source(of: value) {
                        body.locals[name] = list
                        opaque.remove(name)
                    } else {
                        body.locals[name] = nil
                        opaque.insert(name)
                    }
                }
                continue
            }
            let names = Set(item.tokens(viewMode: .sourceAccurate).map(\.text)).intersection(body.locals.keys)
            guard !names.isEmpty else { continue }
            guard let (name, change) = body.change(item), body.locals[name] != nil else {
                let name = names.sorted()[0]
                body.locals[name] = .unreadable(
                    "`\(ShownText.line(of: item.item))` changes `\(name)` in a way schemalint does not follow",
                    reader.location(item))
                continue
            }
            body.locals[name] = change
        }
        if let name = returned.as(DeclReferenceExprSyntax.self)?.baseName.text, opaque.contains(name) { return nil }
        return body.source(of: returned)
    }

    /// One statement that changes a local list: `list.append(X.self)`, `list.append(contentsOf: more)`,
    /// `list += more`, `list = list + more`; the list it comes to.
    func change(_ item: CodeBlockItemSyntax) -> (String, ModelSource)? {
        guard let change = ListChange.read(item), let current = locals[change.list] else { return nil }
        let location = reader.location(item)
        switch change {
        case let .appendElement(name, element):
            guard TypeExprReader.readMetatype(element) != nil else { return nil }
            return (name, Self.appending(typeList([element]), to: current, at: location))
        case let .appendContents(name, more), let .add(name, more):
            guard let more = source(of: more) else { return nil }
            return (name, Self.appending(more, to: current, at: location))
        case let .assign(name, value):
            guard let value = source(of: value) else { return nil }
            return (name, value)
        }
    }

    /// `current` followed by `more`, one level deep however many appends came before (seventeen `append`s in a row
    /// are one list of eighteen parts, not eighteen nested ones the evaluator gives up on).
    static func appending(_ more: ModelSource, to current: ModelSource, at location: SourceLocation) -> ModelSource {
        if case let .concatenation(parts, _) = current { return .concatenation(parts + [more], location) }
        return .concatenation([current, more], location)
    }

    // MARK: Closures

    /// The one closure a call is given: its trailing closure, or its only argument.
    static func onlyClosure(_ call: FunctionCallExprSyntax) -> ExprSyntax? {
        if let trailing = call.trailingClosure { return call.arguments.count <= 1 ? ExprSyntax(trailing) : nil }
        return call.arguments.last.map(\.expression).flatMap {
            $0.is(ClosureExprSyntax.self) || $0.is(KeyPathExprSyntax.self) ? $0 : nil
        }
    }

    /// A closure's parameter names: `{ a, b in ... }`, `{ (a, b) in ... }`, or `$0` ... for `count` shorthand ones.
    static func parameters(of closure: ExprSyntax, count: Int) -> [String]? {
        guard let closure = closure.as(ClosureExprSyntax.self) else { return nil }
        guard let signature = closure.signature else { return (0..<count).map { "$\($0)" } }
        switch signature.parameterClause {
        case let .simpleInput(list): return list.map(\.name.text)
        case let .parameterClause(clause): return clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: return nil
        }
    }

    /// The one expression a closure's body is (or returns).
    static func onlyExpression(_ closure: ExprSyntax) -> ExprSyntax? {
        guard let closure = closure.as(ClosureExprSyntax.self) else { return nil }
        return ExpressionReader.singleValue(closure.statements)
    }

    static func names(_ expression: ExprSyntax, _ name: String) -> Bool {
        expression.as(DeclReferenceExprSyntax.self)?.baseName.text == name
    }

    static func isEmptyList(_ expression: ExprSyntax) -> Bool {
        if let array = expression.as(ArrayExprSyntax.self) { return array.elements.isEmpty }
        // `[any PersistentModel.Type]()`.
        if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil {
            return call.calledExpression.is(ArrayExprSyntax.self)
        }
        return false
    }

    /// What `body` adds to `accumulator`: `acc += x`, `acc.append(contentsOf: x)`.
    static func addition(to accumulator: String, in body: ExprSyntax) -> ExprSyntax? {
        if let call = body.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            names(base, accumulator), member.declName.baseName.text == "append", call.arguments.count == 1,
            call.arguments.first?.label?.text == "contentsOf"
        {
            return call.arguments.first?.expression
        }
        if let sequence = body.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
            let elements = Array(sequence.elements)
            if names(elements[0], accumulator),
                elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+="
            {
                return elements[2]
            }
        }
        if let infix = body.as(InfixOperatorExprSyntax.self), names(infix.leftOperand, accumulator),
            infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+="
        {
            return infix.rightOperand
        }
        return nil
    }

    /// `a + b`, unfolded or folded: its two operands.
    static func plusOperands(_ body: ExprSyntax) -> [ExprSyntax]? {
        if let sequence = body.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
            let elements = Array(sequence.elements)
            guard elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+" else { return nil }
            return [elements[0], elements[2]]
        }
        if let infix = body.as(InfixOperatorExprSyntax.self),
            infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+"
        {
            return [infix.leftOperand, infix.rightOperand]
        }
        return nil
    }
}
