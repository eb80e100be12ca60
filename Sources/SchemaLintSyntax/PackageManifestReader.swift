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
        /// What its `swiftSettings:` define for a release build (`.define("NAME")`, `.unsafeFlags(["-DNAME"])`),
        /// with SwiftPM's own `SWIFT_PACKAGE`; not `complete` when the settings are computed.
        public var conditions: CompilationConditions = .unknown
        /// The targets and products it depends on, by name (`"Sync"`, `.target(name:)`, `.product(name:package:)`):
        /// a product's code runs in whatever links a target depending on it.
        public var dependencies: [String] = []
    }

    /// Each library product's name with the targets it holds (`.library(name: "Kit", targets: ["Kit", "Sync"])`):
    /// an Xcode target linking the product runs their code.
    public static func products(in source: String) -> [String: [String]] {
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(Parser.parse(source: source))
        return collector.products
    }

    /// The folders of the packages it depends on by path (`.package(path: "../Kit")`), as written.
    public static func localPackages(in source: String) -> [String] {
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(Parser.parse(source: source))
        return collector.localPackages
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
        var products: [String: [String]] = [:]
        var localPackages: [String] = []
        /// A target call with a value schemalint cannot read as a literal.
        var computed = false

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let member = node.calledExpression.as(MemberAccessExprSyntax.self) else { return .visitChildren }
            let kind = member.declName.baseName.text
            if kind == "package", let path = Self.string(node, "path") {
                localPackages.append(path)
                return .visitChildren
            }
            if kind == "library", let name = Self.string(node, "name"), let held = Self.strings(node, "targets") {
                products[name, default: []] += held
                return .visitChildren
            }
            guard ["target", "executableTarget", "testTarget", "macro", "plugin"].contains(kind),
                node.arguments.contains(where: { $0.label?.text == "name" })
            else { return .visitChildren }
            guard let name = Self.string(node, "name"), Self.literalOrAbsent(node, ["path"]),
                Self.arrayOfLiteralsOrAbsent(node, ["exclude", "sources"])
            else {
                computed = true
                return .visitChildren
            }
            var target = Target(
                name: name, isTest: kind == "testTarget", path: Self.string(node, "path"),
                exclude: Self.strings(node, "exclude") ?? [], sources: Self.strings(node, "sources"))
            target.conditions = Self.conditions(node.arguments.first { $0.label?.text == "swiftSettings" }?.expression)
            let dependencies = node.arguments.first { $0.label?.text == "dependencies" }?.expression
            target.dependencies = Self.dependencies(dependencies)
            targets.append(target)
            return .visitChildren
        }

        /// What `swiftSettings:` defines for a release build. `.when(configuration: .debug)` defines nothing there;
        /// `.when(platforms:)` or `.when(traits:)` may or may not.
        static func conditions(_ settings: ExprSyntax?) -> CompilationConditions {
            var read = CompilationConditions(set: ["SWIFT_PACKAGE"], complete: true)
            guard let settings else { return read }
            guard let array = settings.as(ArrayExprSyntax.self) else {
                read.complete = false
                return read
            }
            for element in array.elements {
                guard let call = element.expression.as(FunctionCallExprSyntax.self),
                    let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil
                else {
                    read.complete = false
                    continue
                }
                let arguments = Array(call.arguments)
                let when = arguments.dropFirst().first { $0.label == nil }.map { $0.expression }
                    ?? arguments.first { $0.label?.text == "when" }?.expression
                switch member.declName.baseName.text {
                case "define":
                    guard let first = arguments.first, first.label == nil, let name = literal(first.expression) else {
                        read.complete = false
                        continue
                    }
                    switch releaseTruth(when) {
                    case true?: read.set.insert(name)
                    case false?: break
                    case nil: read.some.insert(name)
                    }
                case "unsafeFlags":
                    guard let flags = arguments.first.flatMap({ $0.expression.as(ArrayExprSyntax.self) }) else {
                        read.complete = false
                        continue
                    }
                    let written = flags.elements.map { literal($0.expression) }
                    guard written.allSatisfy({ $0 != nil }) else {
                        read.complete = false
                        continue
                    }
                    let truth = releaseTruth(when)
                    for name in CompilationConditions.defines(inFlags: written.compactMap { $0 }) {
                        switch truth {
                        case true?: read.set.insert(name)
                        case false?: break
                        case nil: read.some.insert(name)
                        }
                    }
                default:
                    continue
                }
            }
            return read
        }

        /// Whether a setting with this `.when(...)` applies to a release build: nil when it depends on the platform or
        /// a trait, or is written in a way not read.
        static func releaseTruth(_ when: ExprSyntax?) -> Bool? {
            guard let when else { return true }
            guard let call = when.as(FunctionCallExprSyntax.self),
                call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "when"
            else { return nil }
            var truth: Bool? = true
            for argument in call.arguments {
                switch argument.label?.text {
                case "configuration":
                    switch argument.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text {
                    case "release": break
                    case "debug": return false
                    default: truth = nil
                    }
                default:
                    truth = nil
                }
            }
            return truth
        }

        /// The names a `dependencies:` array gives: literals, and the `name:` of `.target`, `.product` and `.byName`.
        static func dependencies(_ list: ExprSyntax?) -> [String] {
            guard let array = list?.as(ArrayExprSyntax.self) else { return [] }
            return array.elements.compactMap { element in
                if let name = literal(element.expression) { return name }
                guard let call = element.expression.as(FunctionCallExprSyntax.self),
                    let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                    ["target", "product", "byName"].contains(member.declName.baseName.text)
                else { return nil }
                return string(call, "name")
            }
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
