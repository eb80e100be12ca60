import Foundation
import SchemaLintModel
import SchemaLintStore

/// What a mapping model's entity mappings set, from `xcmapping.xml`: each `XDDEVENTITYMAPPING` object (`sourcename`,
/// `destinationname`, `mappingtypename`, `migrationpolicyclassname`, `attributemappings`) and the
/// `XDDEVATTRIBUTEMAPPING` objects it lists (`name`, and `valueexpressiondata`, a keyed archive of the
/// `NSExpression`). The expression is read only as far as telling `$source.X`, a constant and anything else apart
/// (woocommerce-ios, BookPlayer, OpenEmu and LoopKit write `$source.X` as an `NSKeyPathExpression` calling
/// `valueForKeyPath:` on the variable `source` with a key path specifier, and constants as
/// `NSConstantValueExpression`; Pocket writes `$source.givenURL.absoluteString`, a key path from the attribute); an
/// expression shaped otherwise is `unknown`, never guessed at.
enum MappingExpressions {
    /// The `<attribute>` names whose text is kept.
    static let names: Set<String> = [
        "name", "sourcename", "destinationname", "mappingtypename", "migrationpolicyclassname", "valueexpressiondata",
    ]

    static func entityMappings(in root: XMLElement) -> [MappingModelFile.EntityMapping] {
        var objects: [String: XMLElement] = [:]
        var order: [XMLElement] = []
        collect(root, into: &objects, order: &order, depth: 0)
        return order.filter { $0["type"] == "XDDEVENTITYMAPPING" }.map { element in
            let fields = self.fields(of: element)
            var attributes: [String: MappingModelFile.MappedValue] = [:]
            for id in relationship("attributemappings", of: element) {
                guard let mapping = objects[id], mapping["type"] == "XDDEVATTRIBUTEMAPPING" else { continue }
                let values = self.fields(of: mapping)
                guard let name = values["name"], !name.isEmpty else { continue }
                attributes[name] = values["valueexpressiondata"].map(value) ?? .unstated
            }
            return MappingModelFile.EntityMapping(
                name: fields["name"].flatMap { $0.isEmpty ? nil : $0 },
                source: fields["sourcename"].flatMap { $0.isEmpty ? nil : $0 },
                destination: fields["destinationname"].flatMap { $0.isEmpty ? nil : $0 },
                type: fields["mappingtypename"],
                policy: fields["migrationpolicyclassname"].flatMap { $0.isEmpty ? nil : $0 },
                attributes: attributes)
        }
    }

    private static func collect(
        _ element: XMLElement, into objects: inout [String: XMLElement], order: inout [XMLElement], depth: Int
    ) {
        guard depth < 16 else { return }
        if element.name == "object", let id = element["id"] {
            objects[id] = element
            order.append(element)
            return
        }
        for child in element.children { collect(child, into: &objects, order: &order, depth: depth + 1) }
    }

    /// An object's `<attribute name="...">` texts, trimmed.
    private static func fields(of object: XMLElement) -> [String: String] {
        var fields: [String: String] = [:]
        for child in object.children(named: "attribute") {
            guard let name = child["name"]?.lowercased(), names.contains(name) else { continue }
            fields[name] = child.text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return fields
    }

    private static func relationship(_ name: String, of object: XMLElement) -> [String] {
        object.children(named: "relationship").first { $0["name"]?.lowercased() == name }?["idrefs"]?
            .split(separator: " ").map(String.init) ?? []
    }

    /// What a base64 archived `NSExpression` sets.
    static func value(_ base64: String) -> MappingModelFile.MappedValue {
        guard let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters), !data.isEmpty,
            let plist = try? BinaryPropertyList.decode([UInt8](data)), let archive = try? KeyedArchive(plist),
            let root = archive.root
        else { return .unknown("an expression schemalint cannot read") }
        return value(root)
    }

    static func value(_ expression: ArchivedObject) -> MappingModelFile.MappedValue {
        let type = expression.integer("NSExpressionType")
        if type == 0 || expression.className == "NSConstantValueExpression" {
            return .constant(constant(expression.value("NSConstantValue")))
        }
        if let (key, byPath) = sourceKey(expression) {
            guard key.contains(".") else { return .source(key) }
            // `valueForKey:` takes a dotted key as one key, not a path.
            let parts = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard byPath, parts.count > 1, !parts.contains(where: \.isEmpty) else { return .unknown("$source.\(key)") }
            return .sourcePath(parts[0], path: Array(parts.dropFirst()))
        }
        if let selector = expression.string("NSSelectorName") {
            if expression.object("NSOperand")?.string("NSVariable") == "entityPolicy" {
                return .policyFunction(selector)
            }
            return .unknown("FUNCTION(…, \"\(selector)\")")
        }
        if let variable = expression.string("NSVariable") { return .unknown("$\(variable)") }
        return .unknown(expression.className ?? "an expression")
    }

    /// `$source.X` as Xcode archives it (`valueForKeyPath:` on the variable `source`, the key path as a specifier or a
    /// constant string), or as a key path expression on `$source`.
    /// `byPath`: the selector is `valueForKeyPath:`, which follows a dotted key.
    private static func sourceKey(_ expression: ArchivedObject) -> (key: String, byPath: Bool)? {
        guard let operand = expression.object("NSOperand"), operand.string("NSVariable") == "source",
            let selector = expression.string("NSSelectorName"),
            selector == "valueForKeyPath:" || selector == "valueForKey:"
        else { return nil }
        let arguments = expression.objects("NSArguments")
        guard arguments.count == 1 else { return nil }
        let key = arguments[0].string("NSKeyPath") ?? arguments[0].value("NSConstantValue")?.string
        guard let key, !key.isEmpty else { return nil }
        return (key, selector == "valueForKeyPath:")
    }

    private static func constant(_ value: PropertyListValue?) -> String? {
        switch value {
        case let .string(text)?: return "\"\(text)\""
        case let .integer(number)?: return String(number)
        case let .real(number)?: return String(number)
        case let .bool(flag)?: return flag ? "YES" : "NO"
        case .null?, nil: return nil
        default: return "a value"
        }
    }
}
