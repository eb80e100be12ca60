/// What SwiftData stores for standard Swift and Foundation types: the one table the source side (AttributeTypeMapper),
/// the store side (a store model's snapshots, store inspection) and pass 2 (which names are never the app's own) read.
/// docs/hashing.md lists each row with the real store that proves it.
public enum StandardTypeStorage {
    /// Core Data attribute type codes of the scalar types SwiftData maps one to one.
    public static let scalarCodes: [String: Int32] = [
        "Int16": 100, "Int32": 200, "Int64": 300, "Int": 300, "Decimal": 400, "Double": 500, "Float": 600,
        "String": 700, "Bool": 800, "Date": 900, "Data": 1000, "UUID": 1100, "URL": 1200,
    ]

    /// Type codes as a Swift developer declares them.
    static let codeNames: [Int32: String] = [
        100: "Int16", 200: "Int32", 300: "Int64 (Int)", 400: "Decimal", 500: "Double", 600: "Float",
        700: "String", 800: "Bool", 900: "Date", 1000: "Data", 1100: "UUID", 1200: "URL",
        1800: "Transformable", 2000: "ObjectID", 2100: "Composite",
    ]

    /// Standard typealiases, defined the same on every Apple platform: Swift resolves them to these types before
    /// SwiftData sees the model (`restDuration: TimeInterval` is stored as a Double in vivobody-db99d12.store).
    static let aliases: [String: String] = [
        "TimeInterval": "Double", "NSTimeInterval": "Double", "Float64": "Double", "Float32": "Float",
        "CLLocationDegrees": "Double", "CLLocationDistance": "Double", "CLLocationSpeed": "Double",
        "CLLocationDirection": "Double", "CLLocationAccuracy": "Double",
    ]

    /// Modules whose name may qualify a standard type (`Foundation.Date`).
    static let modules: Set<String> = ["Swift", "Foundation", "CoreFoundation", "CoreLocation"]

    /// Standard types with no verified mapping, and why (instead of "not declared in the analysed sources").
    static let unverified: [String: String] = {
        var reasons: [String: String] = [:]
        for name in ["UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Int8"] {
            reasons[name] =
                "'\(name)': Core Data has no \(name.hasPrefix("U") ? "unsigned" : "8-bit") integer type, "
                + "and no real store has shown which one SwiftData picks"
        }
        reasons["CGFloat"] =
            "'CGFloat' is a struct wrapping a Double on Apple platforms, and no real store has shown "
            + "whether SwiftData stores it as a Double or as encoded data"
        reasons["Character"] = "'Character': no real store has shown how SwiftData stores it"
        reasons["Set"] = "sets: no real store has shown whether SwiftData stores them like arrays or as encoded data"
        return reasons
    }()

    /// Why a standard type written in `text` (a change as a message says it: `type Int → UInt`) has no verified
    /// storage, for the first such type named as a whole word; nil when it names none.
    public static func unverifiedReason(in text: String) -> String? {
        let words = Set(text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init))
        return unverified.keys.sorted().first(where: words.contains).flatMap { unverified[$0] }
    }

    /// System structs SwiftData stores as composites, with their elements (`Color.Resolved` in the
    /// MetaCocktailsSwiftData stores of September 2024: four required Float elements).
    static let knownComposites: [String: [CompositeElement]] = [
        "Color.Resolved": ["linearRed", "linearGreen", "linearBlue", "opacity"].map {
            CompositeElement(name: $0, isOptional: false, storage: .scalar(code: 600, swiftType: "Float"))
        }
    ]

    /// Modules whose name may qualify a known composite (`SwiftUI.Color.Resolved`).
    static let compositeModules: Set<String> = ["SwiftUI"]

    /// The known composite a written system type denotes, if any.
    static func knownComposite(_ path: [String]) -> (name: String, elements: [CompositeElement])? {
        var path = path
        if path.count > 1, compositeModules.contains(path[0]) { path.removeFirst() }
        let name = path.joined(separator: ".")
        return knownComposites[name].map { (name, $0) }
    }

    /// Names that are never the app's own types, for pass 2.
    public static let standardNames: Set<String> = Set(scalarCodes.keys).union(aliases.keys).union(unverified.keys)
        .union(["Array", "Dictionary", "Set", "Optional"])

    /// The standard type a name denotes once aliases and module qualifiers are removed (`Foundation.TimeInterval`
    /// is `Double`), or nil when the name is not a standard type.
    static func canonicalName(_ path: [String]) -> String? {
        var path = path
        if path.count == 2, modules.contains(path[0]) { path.removeFirst() }
        guard path.count == 1 else { return nil }
        return aliases[path[0]] ?? path[0]
    }

    /// The scalar a written standard type name is stored as (`Foundation.TimeInterval` is `Double`), if any.
    public static func scalarName(_ written: String) -> String? {
        guard let name = canonicalName(written.split(separator: ".").map(String.init)),
            scalarCodes[name] != nil
        else { return nil }
        return name
    }

    /// Raw types an enum can have that SwiftData stores as the enum's composite element.
    static func isRawValueType(_ name: String) -> Bool {
        canonicalName([name]).map { scalarCodes[$0] != nil } ?? false
    }
}
