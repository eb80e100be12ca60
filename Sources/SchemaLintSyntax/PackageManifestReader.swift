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

    public static func targets(in source: String) -> [Target] {
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(Parser.parse(source: source))
        return collector.targets
    }

    private final class Collector: SyntaxVisitor {
        var targets: [Target] = []

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let member = node.calledExpression.as(MemberAccessExprSyntax.self) else { return .visitChildren }
            let kind = member.declName.baseName.text
            guard ["target", "executableTarget", "testTarget", "macro", "plugin"].contains(kind),
                let name = Self.string(node, "name")
            else { return .visitChildren }
            targets.append(
                Target(
                    name: name, isTest: kind == "testTarget", path: Self.string(node, "path"),
                    exclude: Self.strings(node, "exclude") ?? [], sources: Self.strings(node, "sources")))
            return .visitChildren
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
