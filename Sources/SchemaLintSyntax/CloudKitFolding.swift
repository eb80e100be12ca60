import SchemaLintModel
import SwiftSyntax

/// Folds a `cloudKitDatabase:` argument to on, off, or "on when this parameter is true", the way a reader would:
/// `.none` is off; `.automatic` and `.private(...)` are on; `flag ? .automatic : .none` follows `flag`, which may
/// be a `Bool` literal, a `let` constant of the file, or a parameter of the enclosing function (its call sites are
/// judged later, across files). Anything else stays `unknown`, never guessed.
struct CloudKitFolding {
    private struct Parameter {
        var label: String
        var defaultValue: Bool?
    }

    private struct Function {
        var name: String
        var parameters: [String: Parameter]
    }

    private var functions: [Function] = []
    private var constants: [String: Bool] = [:]
    private var settings: [String: CloudKitSetting] = [:]

    mutating func enter(function name: String, parameters: FunctionParameterListSyntax) {
        var table: [String: Parameter] = [:]
        for parameter in parameters {
            let internalName = (parameter.secondName ?? parameter.firstName).text
            let label = parameter.firstName.text
            let literal = parameter.defaultValue?.value.as(BooleanLiteralExprSyntax.self)
            let defaultValue = literal.map { $0.literal.tokenKind == .keyword(.true) }
            table[internalName] = Parameter(label: label, defaultValue: defaultValue)
        }
        functions.append(Function(name: name, parameters: table))
    }

    mutating func leave() {
        if !functions.isEmpty { functions.removeLast() }
    }

    /// `let flag = false` and `let database: ... = flag ? .automatic : .none` are remembered for later folds.
    mutating func record(variable name: String, value: ExprSyntax, isConstant: Bool) {
        if isConstant, let literal = value.as(BooleanLiteralExprSyntax.self) {
            constants[name] = literal.literal.tokenKind == .keyword(.true)
        }
        let folded = fold(value)
        if case .unknown = folded { return }
        settings[name] = folded
    }

    func fold(_ expression: ExprSyntax) -> CloudKitSetting {
        let written = expression.trimmedDescription
        if let member = expression.as(MemberAccessExprSyntax.self) {
            switch member.declName.baseName.text {
            case "none": return .off
            case "automatic": return .on(written)
            default: return .unknown(written)
            }
        }
        if let call = expression.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "private"
        {
            return .on(written)
        }
        if expression.is(NilLiteralExprSyntax.self) { return .off }
        if let reference = expression.as(DeclReferenceExprSyntax.self), let known = settings[reference.baseName.text] {
            return known
        }
        if let ternary = expression.as(TernaryExprSyntax.self) {
            return foldTernary(
                condition: ternary.condition, then: ternary.thenExpression, else: ternary.elseExpression,
                written: written)
        }
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
            // The parser leaves operators unfolded: `flag ? .automatic : .none` is [flag, `? .automatic :`, .none].
            let elements = Array(sequence.elements)
            if let marker = elements[1].as(UnresolvedTernaryExprSyntax.self) {
                return foldTernary(
                    condition: elements[0], then: marker.thenExpression, else: elements[2],
                    written: written)
            }
        }
        return .unknown(written)
    }

    private func foldTernary(
        condition: ExprSyntax, then: ExprSyntax, else otherwise: ExprSyntax,
        written: String
    ) -> CloudKitSetting {
        let whenTrue = fold(then)
        let whenFalse = fold(otherwise)
        if whenTrue == whenFalse { return whenTrue }
        guard Self.isOn(whenTrue) != Self.isOn(whenFalse), Self.isKnown(whenTrue), Self.isKnown(whenFalse) else {
            return .unknown(written)
        }
        var negated = false
        var condition = condition
        if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            negated = true
            condition = prefix.expression
        }
        let onWhen = Self.isOn(whenTrue) != negated
        if let literal = condition.as(BooleanLiteralExprSyntax.self) {
            let value = literal.literal.tokenKind == .keyword(.true)
            return value == onWhen ? (Self.isOn(whenTrue) ? whenTrue : whenFalse) : .off
        }
        guard let reference = condition.as(DeclReferenceExprSyntax.self) else { return .unknown(written) }
        let name = reference.baseName.text
        if let function = functions.last, let parameter = function.parameters[name] {
            return .parameter(
                function: function.name, label: parameter.label, defaultValue: parameter.defaultValue,
                onWhen: onWhen, written: written)
        }
        if let constant = constants[name] {
            return constant == onWhen ? .on(written) : .off
        }
        return .unknown(written)
    }

    private static func isOn(_ setting: CloudKitSetting) -> Bool {
        if case .on = setting { return true }
        return false
    }

    private static func isKnown(_ setting: CloudKitSetting) -> Bool {
        switch setting {
        case .on, .off: return true
        case .parameter, .unknown: return false
        }
    }
}
