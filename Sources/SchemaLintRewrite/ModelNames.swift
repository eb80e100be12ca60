import SchemaLintModel

// SwiftSyntax has its own `SourceLocation` and `SourceEdit`; in this module the names mean the model's.
typealias SourceLocation = SchemaLintModel.SourceLocation
typealias SourceEdit = SchemaLintModel.SourceEdit
