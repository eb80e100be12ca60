import SchemaLintModel

/// SwiftSyntax has its own `SourceLocation`; in this module the name means schemalint's.
typealias SourceLocation = SchemaLintModel.SourceLocation

extension String {
    /// The identifier without Swift's escaping backticks (`` `default` `` is `default`).
    var unbackticked: String { filter { $0 != "`" } }
}
