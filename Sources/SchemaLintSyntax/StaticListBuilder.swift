import SchemaLintModel
import SwiftSyntax

/// A static member's getter that builds its list in a local `var` before returning it — a plan's `stages` or
/// `schemas` written `var list: [MigrationStage] = [first]; list.append(second); list += later; return list` — read as
/// the list it comes to (a concatenation the plan reader flattens). A statement that changes the list in a way not
/// followed (inside an `if` or a loop, `insert`, `removeAll`, passed `inout`) makes the whole value unreadable, never
/// a shorter list.
enum StaticListBuilder {
    static func built(_ statements: CodeBlockItemListSyntax, reader: DeclarationReader) -> StaticValue? {
        guard statements.count > 1, let last = statements.last?.item.as(ReturnStmtSyntax.self),
            let returned = last.expression?.as(DeclReferenceExprSyntax.self)?.baseName.text,
            statements.tokens(viewMode: .sourceAccurate).filter({ $0.tokenKind == .keyword(.return) }).count == 1
        else { return nil }
        var locals: [String: StaticValue] = [:]
        for item in IfConfigEvaluator.certainItems(statements.dropLast(), conditions: reader.conditions) {
            if let declaration = item.item.as(VariableDeclSyntax.self) {
                for binding in declaration.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    locals[name] = binding.initializer.map { initial(of: $0.value, reader: reader) }
                        ?? .unreadable(reader.location(binding))
                }
                continue
            }
            let mentioned = Set(item.tokens(viewMode: .sourceAccurate).map(\.text)).intersection(locals.keys)
            guard let name = mentioned.sorted().first else { continue }
            guard mentioned.count == 1, let current = locals[name],
                let added = addition(item, to: name, reader: reader)
            else {
                locals[name] = .unreadable(reader.location(item))
                continue
            }
            // One level deep however many appends came before (seventeen in a row are one list, not seventeen
            // nested ones the evaluator gives up on).
            if case let .concatenation(parts, _) = current {
                locals[name] = .concatenation(parts + [added], reader.location(item))
            } else {
                locals[name] = .concatenation([current, added], reader.location(item))
            }
        }
        return locals[returned]
    }

    /// What one statement adds to the local `name`: `name.append(x)`, `name.append(contentsOf: xs)`, `name += xs`.
    private static func addition(_ item: CodeBlockItemSyntax, to name: String, reader: DeclarationReader)
        -> StaticValue?
    {
        guard let change = ListChange.read(item), change.list == name else { return nil }
        switch change {
        case let .appendElement(_, element):
            return .list([ExpressionReader.listElement(element, reader: reader)], reader.location(element))
        case let .appendContents(_, more), let .add(_, more):
            return ExpressionReader.staticValue(more, reader: reader)
        case .assign:
            return nil
        }
    }

    /// The list a local starts as: `[]`, a literal, another member, or an empty `[MigrationStage]()`.
    private static func initial(of value: ExprSyntax, reader: DeclarationReader) -> StaticValue {
        if let call = value.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil,
            let type = call.calledExpression.as(ArrayExprSyntax.self), type.elements.count == 1
        {
            return .list([], reader.location(value))
        }
        return ExpressionReader.staticValue(value, reader: reader)
    }
}
