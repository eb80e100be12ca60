import SwiftSyntax

/// Local and member variables of one file, looked up as Swift does: the binding in the innermost enclosing block that
/// comes before the use, then the blocks around it. Two `let config = ...` in a `do` and its `catch` are two
/// variables, so a fallback in-memory configuration does not make the first container an in-memory one.
struct LexicalVariables<Value> {
    private struct Binding {
        let scope: SyntaxIdentifier
        let position: AbsolutePosition
        let isMember: Bool
        let value: Value
    }

    private var bindings: [String: [Binding]] = [:]

    /// Whether anything is bound yet, and whether `name` is.
    var isEmpty: Bool { bindings.isEmpty }
    func binds(_ name: String) -> Bool { bindings[name] != nil }

    mutating func record(_ name: String, _ value: Value, at node: some SyntaxProtocol) {
        guard let scope = Self.scope(of: Syntax(node)) else { return }
        bindings[name, default: []].append(
            Binding(
                scope: scope.id, position: node.position, isMember: scope.is(MemberBlockItemListSyntax.self),
                value: value))
    }

    /// The binding of `name` visible at `use`; when none encloses it (a member of another type, say), the file's last
    /// member binding of that name. A function's local `let` never leaks out of its function: a preview's
    /// `let config` is not the `let config` another function reads.
    func lookup(_ name: String, at use: some SyntaxProtocol) -> Value? {
        guard let candidates = bindings[name] else { return nil }
        var node = Syntax(use).parent
        while let current = node {
            if Self.isScope(current) {
                let visible = candidates.filter {
                    $0.scope == current.id && ($0.isMember || $0.position < use.position)
                }
                if let binding = visible.last { return binding.value }
            }
            node = current.parent
        }
        return candidates.last(where: \.isMember)?.value
    }

    /// A new value for the binding of `name` visible at `change` (`list.append(X.self)`), from there on in that
    /// binding's block: a change inside an `if` or a loop reaches the code after it whether it ran or not, so the
    /// caller passes what the variable may then be. False when no binding is visible.
    @discardableResult
    mutating func update(_ name: String, _ value: Value, at change: some SyntaxProtocol) -> Bool {
        guard let candidates = bindings[name] else { return false }
        var node = Syntax(change).parent
        while let current = node {
            if Self.isScope(current),
                let binding = candidates.last(where: { $0.scope == current.id && $0.position < change.position })
            {
                bindings[name, default: []].append(
                    Binding(scope: binding.scope, position: change.position, isMember: false, value: value))
                return true
            }
            node = current.parent
        }
        return false
    }

    /// Whether `change` sits directly in the block of the binding of `name` it changes (not in an `if`, a loop or a
    /// closure inside it).
    func isDirectlyIn(bindingOf name: String, _ change: some SyntaxProtocol) -> Bool {
        guard let scope = Self.scope(of: Syntax(change)) else { return false }
        return bindings[name]?.contains { $0.scope == scope.id && $0.position < change.position } == true
    }

    /// A block or a type's members; the statements or members of an `#if` clause belong to the block around it.
    private static func isScope(_ node: Syntax) -> Bool {
        (node.is(CodeBlockItemListSyntax.self) || node.is(MemberBlockItemListSyntax.self))
            && node.parent?.is(IfConfigClauseSyntax.self) != true
    }

    private static func scope(of node: Syntax) -> Syntax? {
        var current = node.parent
        while let node = current, !isScope(node) { current = node.parent }
        return current
    }
}
