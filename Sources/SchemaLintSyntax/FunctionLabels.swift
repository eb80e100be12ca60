import SwiftSyntax

/// The argument labels of the functions of a file with the given base names (`#0` for an unlabelled one), each
/// declaration's list: read only for a file that calls a function through a parameter defaulting to one.
final class FunctionLabels: SyntaxVisitor {
    private let names: Set<String>
    private(set) var found: [String: [[String]]] = [:]

    init(_ names: Set<String>, in file: SourceFileSyntax) {
        self.names = names
        super.init(viewMode: .sourceAccurate)
        walk(file)
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if names.contains(node.name.text) {
            found[node.name.text, default: []].append(
                node.signature.parameterClause.parameters.enumerated().map { index, parameter in
                    parameter.firstName.tokenKind == .wildcard ? "#\(index)" : parameter.firstName.text
                })
        }
        return .visitChildren
    }
}
