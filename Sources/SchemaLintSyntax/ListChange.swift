import SwiftSyntax

/// One statement that changes a local list, as written: what both the model-list reader (a container's or version's
/// models) and the static-list reader (a plan's `stages` and `schemas`) follow, each reading the operand its own way.
enum ListChange {
    /// `list.append(x)`.
    case appendElement(list: String, element: ExprSyntax)
    /// `list.append(contentsOf: xs)`.
    case appendContents(list: String, elements: ExprSyntax)
    /// `list += xs`.
    case add(list: String, elements: ExprSyntax)
    /// `list = value`.
    case assign(list: String, value: ExprSyntax)

    var list: String {
        switch self {
        case let .appendElement(list, _), let .appendContents(list, _), let .add(list, _), let .assign(list, _):
            return list
        }
    }

    /// The change a statement makes to a local variable, or nil when it is none of these.
    static func read(_ item: CodeBlockItemSyntax) -> ListChange? {
        guard let expression = item.item.as(ExprSyntax.self) else { return nil }
        if let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let name = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
            member.declName.baseName.text == "append", call.arguments.count == 1, let only = call.arguments.first
        {
            switch only.label?.text {
            case nil: return .appendElement(list: name, element: only.expression)
            case "contentsOf": return .appendContents(list: name, elements: only.expression)
            default: return nil
            }
        }
        let elements: [ExprSyntax]
        if let sequence = expression.as(SequenceExprSyntax.self) {
            elements = Array(sequence.elements)
        } else if let infix = expression.as(InfixOperatorExprSyntax.self) {
            elements = [infix.leftOperand, infix.operator, infix.rightOperand]
        } else {
            return nil
        }
        guard elements.count == 3, let name = elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text else {
            return nil
        }
        if elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+=" {
            return .add(list: name, elements: elements[2])
        }
        if elements[1].is(AssignmentExprSyntax.self) { return .assign(list: name, value: elements[2]) }
        return nil
    }
}
