import Foundation
import SchemaLintEngine
import SwiftParser
import SwiftSyntax
import XCTest

/// A rule is registered by what it is: a type conforming to `Rule`, listed in `RuleRegistry.rules` (a list the
/// compiler checks). These tests find the conformances by parsing SchemaLintRules' declarations, whatever the files
/// are called, and keep the rules module's imports to what a rule may see.
final class RuleRegistryTests: XCTestCase {
    static let rulesFolder = SourceStyleTests.root.appendingPathComponent("Sources/SchemaLintRules")

    /// The rules module's files, parsed once for all the tests.
    static let files: [(name: String, tree: SourceFileSyntax)] = {
        let names = (FileManager.default.enumerator(atPath: rulesFolder.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted()
        return names.map { name in
            let text = (try? String(contentsOf: rulesFolder.appendingPathComponent(name), encoding: .utf8)) ?? ""
            return (name, Parser.parse(source: text))
        }
    }()

    /// Every type declared (or extended) as conforming to `Rule` in the rules module, by name.
    static func conformingTypes() -> Set<String> {
        var names = Set<String>()
        for file in files {
            let finder = ConformanceFinder(viewMode: .sourceAccurate)
            finder.walk(file.tree)
            names.formUnion(finder.names)
        }
        return names
    }

    func testEveryRuleTypeIsRegistered() {
        XCTAssertGreaterThan(Self.files.count, 1, "no rule sources in \(Self.rulesFolder.path)")
        let declared = Self.conformingTypes()
        let registered = RuleRegistry.all.map { String(describing: type(of: $0)) }
        XCTAssertEqual(registered.count, Set(registered).count, "a rule listed twice in RuleRegistry.rules")
        XCTAssertEqual(
            declared.subtracting(registered).sorted(), [],
            "types conforming to Rule that RuleRegistry.rules does not list")
        XCTAssertEqual(
            Set(registered).subtracting(declared).sorted(), [], "registered rules not declared in SchemaLintRules")
        XCTAssertEqual(Set(RuleRegistry.all.map(\.id)).count, registered.count, "two rules share an id")
    }

    /// The finder itself: a conformance is found by the declaration, in any file, among other inherited types.
    func testConformancesAreFoundByDeclaration() {
        let source = """
            struct Plain: Rule {}
            public struct Listed: Sendable, Rule { struct Nested: Rule {} }
            struct NotARule: RuleLike {}
            extension Later: Rule {}
            """
        let finder = ConformanceFinder(viewMode: .sourceAccurate)
        finder.walk(Parser.parse(source: source))
        XCTAssertEqual(finder.names, ["Plain", "Listed", "Nested", "Later"])
    }

    /// SwiftPM lets a target import any module its dependencies reach: a rule importing the store reader
    /// (SchemaLintStore, below SchemaLintFacts) would compile. The engine it cannot import at all (it depends on the
    /// rules), so lockfile IO, history, fixes and reporters are out of reach by the build.
    func testRulesImportOnlyTheModelAndTheFacts() {
        var imports: [String] = []
        for file in Self.files {
            for item in file.tree.statements {
                guard let decl = item.item.as(ImportDeclSyntax.self) else { continue }
                let module = decl.path.map(\.name.text).joined(separator: ".")
                if !["SchemaLintModel", "SchemaLintFacts", "Foundation"].contains(module) {
                    imports.append("\(file.name): \(module)")
                }
            }
        }
        XCTAssertEqual(imports, [], "SchemaLintRules imports what a rule must not see")
    }
}

/// Names of the types whose declaration or extension lists `Rule` among its inherited types.
private final class ConformanceFinder: SyntaxVisitor {
    var names: [String] = []

    private func inheritsRule(_ clause: InheritanceClauseSyntax?) -> Bool {
        clause?.inheritedTypes.contains { $0.type.trimmedDescription == "Rule" } ?? false
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        if inheritsRule(node.inheritanceClause) { names.append(node.name.text) }
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        if inheritsRule(node.inheritanceClause) { names.append(node.name.text) }
        return .visitChildren
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        if inheritsRule(node.inheritanceClause) { names.append(node.name.text) }
        return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        if inheritsRule(node.inheritanceClause) { names.append(node.extendedType.trimmedDescription) }
        return .visitChildren
    }
}
