// The engine is the library's front door: what it runs the rules on (SchemaLintFacts) and the rules
// (SchemaLintRules) come with it, so `import SchemaLintEngine` still gives findings, the lockfile's types and the
// rule registry.
@_exported import SchemaLintFacts
@_exported import SchemaLintRules
