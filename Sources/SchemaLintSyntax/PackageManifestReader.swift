import SwiftParser
import SwiftSyntax

/// The targets a `Package.swift` declares, read from its syntax (never run): `.target`, `.executableTarget`,
/// `.testTarget` and `.macro` calls with their `name:`, `path:`, `exclude:` and `sources:` string literals.
public enum PackageManifestReader {
    public struct Target: Sendable, Equatable {
        public var name: String
        public var isTest: Bool
        /// `path:` as written; nil for SwiftPM's default folder.
        public var path: String?
        public var exclude: [String]
        /// `sources:`; nil when every file under the path is a source.
        public var sources: [String]?
    }

    /// The targets, or nil when the manifest cannot be read with certainty: a syntax error (a merge conflict), or a
    /// target whose name, path, sources or excludes are computed. Then nothing is left out.
    public static func targets(in source: String) -> [Target]? {
        let tree = Parser.parse(source: source)
        guard !tree.hasError else { return nil }
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(tree)
        guard !collector.computed else { return nil }
        return collector.targets
    }

    private final class Collector: SyntaxVisitor {
        var targets: [Target] = []
        /// A target call with a value schemalint cannot read as a literal.
        var computed = false

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let member = node.calledExpression.as(MemberAccessExprSyntax.self) else { return .visitChildren }
            let kind = member.declName.baseName.text
            guard ["target", "executableTarget", "testTarget", "macro", "plugin"].contains(kind),
                node.arguments.contains(where: { $0.label?.text == "name" })
            else { return .visitChildren }
            guard let name = Self.string(node, "name"), Self.literalOrAbsent(node, ["path"]),
                Self.arrayOfLiteralsOrAbsent(node, ["exclude", "sources"])
            else {
                computed = true
                return .visitChildren
            }
            targets.append(
                Target(
                    name: name, isTest: kind == "testTarget", path: Self.string(node, "path"),
                    exclude: Self.strings(node, "exclude") ?? [], sources: Self.strings(node, "sources")))
            return .visitChildren
        }

        static func literalOrAbsent(_ call: FunctionCallExprSyntax, _ labels: [String]) -> Bool {
            labels.allSatisfy { label in
                call.arguments.first { $0.label?.text == label }.map { literal($0.expression) != nil } ?? true
            }
        }

        static func arrayOfLiteralsOrAbsent(_ call: FunctionCallExprSyntax, _ labels: [String]) -> Bool {
            labels.allSatisfy { label in
                guard let argument = call.arguments.first(where: { $0.label?.text == label }) else { return true }
                guard let array = argument.expression.as(ArrayExprSyntax.self) else { return false }
                return array.elements.allSatisfy { literal($0.expression) != nil }
            }
        }

        static func string(_ call: FunctionCallExprSyntax, _ label: String) -> String? {
            call.arguments.first { $0.label?.text == label }.flatMap { literal($0.expression) }
        }

        static func strings(_ call: FunctionCallExprSyntax, _ label: String) -> [String]? {
            guard let array = call.arguments.first(where: { $0.label?.text == label })?.expression
                .as(ArrayExprSyntax.self)
            else { return nil }
            return array.elements.compactMap { literal($0.expression) }
        }

        static func literal(_ expression: ExprSyntax) -> String? {
            guard let literal = expression.as(StringLiteralExprSyntax.self),
                literal.segments.allSatisfy({ $0.is(StringSegmentSyntax.self) })
            else { return nil }
            return literal.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()
        }
    }
}
