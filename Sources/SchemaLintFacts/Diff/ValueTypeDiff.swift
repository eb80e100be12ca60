import SchemaLintModel

/// One difference between a value type as a locked version recorded it and as it is declared now, judged by what
/// synthesised `Codable` does with a row written before: it decodes, it decodes into something else, or it fails.
package struct ValueTypeChange: Hashable, Sendable {
    package enum Effect: Int, Comparable, Sendable {
        /// The type is coded by hand now, or cannot be read: whether rows decode is not judged.
        case unchecked = 0
        /// Rows decode; a value they hold is ignored, and lost when the row is saved again.
        case dropsValues = 1
        /// Rows decode into another value than the one written.
        case changesMeaning = 2
        /// Rows holding the old form fail to decode when fetched.
        case failsToDecode = 3

        package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    package var effect: Effect
    /// What changed, for a list: `case notSet removed`.
    package var text: String
    /// What it does to a row written before: `rows holding "notSet" fail to decode`.
    package var consequence: String
    /// Why, when it is not plain (a default value synthesised `Decodable` does not use).
    package var reason: String? = nil

    package init(effect: Effect, text: String, consequence: String, reason: String? = nil) {
        (self.effect, self.text, self.consequence, self.reason) = (effect, text, consequence, reason)
    }
}

/// Compares value type records (`ValueTypeRecord`). Only what the store checksum does not already cover is reported:
/// a struct or an enum without raw or associated values that is a composite attribute at every place it is stored
/// has its fields or cases as columns, and an edit of those moves the checksum (`shipped_schema_edited` and the
/// migration rules report it).
package enum ValueTypeDiff {
    package static func changes(
        from old: ValueTypeRecord, to new: ValueTypeRecord, composite: Bool,
        recorded: [String: ValueTypeRecord], current: [String: ValueTypeRecord]
    ) -> [ValueTypeChange] {
        if old.decodesLike(new) { return [] }
        // What was not read when it shipped cannot be compared with anything.
        if old.unchecked != nil { return [] }
        if let why = new.unchecked {
            // A composite struct's fields are columns whatever codes them.
            if composite && new.kind == .struct { return [] }
            return [
                ValueTypeChange(
                    effect: .unchecked,
                    text: new.kind == nil ? "is no longer declared in the analysed sources" : "is coded by hand now",
                    consequence: new.kind == nil
                        ? "whether rows written before still decode is not checked"
                        : "\(why): whether rows written before still decode is not checked")
            ]
        }
        guard old.kind?.coding == new.kind?.coding else {
            if composite { return [] }
            return [
                ValueTypeChange(
                    effect: .failsToDecode,
                    text: "it was \(article(old.kind)) and is \(article(new.kind)) now",
                    consequence: "rows written before fail to decode")
            ]
        }
        let types = (recorded: recorded, current: current)
        switch (old.rawType, new.rawType) {
        case let (before?, after?) where before != after:
            if composite || numbersDecodeAs(before, after) { return [] }
            return [
                ValueTypeChange(
                    effect: .failsToDecode, text: "its raw type changed from \(before) to \(after)",
                    consequence: "rows hold \(before) raw values, which fail to decode as \(after)")
            ]
        case let (before?, nil):
            if composite { return [] }
            return [
                ValueTypeChange(
                    effect: .failsToDecode, text: "it no longer has \(before) raw values",
                    consequence: "rows hold raw values, which fail to decode now")
            ]
        case let (nil, after?):
            if composite { return [] }
            return [
                ValueTypeChange(
                    effect: .failsToDecode, text: "it has \(after) raw values now",
                    consequence: "rows hold its cases by name, which fail to decode as raw values")
            ]
        case let (rawType?, _?):
            return rawValueChanges(old.rawValues ?? [:], new.rawValues ?? [:], rawType: rawType)
        case (nil, nil):
            break
        }
        if old.kind?.coding == .struct {
            if composite { return [] }
            return memberChanges(old.fields ?? [:], new.fields ?? [:], member: { "field \($0)" }, types: types)
        }
        let oldCases = old.cases ?? [:], newCases = new.cases ?? [:]
        // Cases without associated values of a composite enum are its columns.
        if composite && !(oldCases.values.contains { !$0.isEmpty } || newCases.values.contains { !$0.isEmpty }) {
            return []
        }
        var changes: [ValueTypeChange] = []
        for (key, values) in oldCases.sorted(by: { $0.key < $1.key }) {
            guard let now = newCases[key] else {
                changes.append(
                    ValueTypeChange(
                        effect: .failsToDecode, text: "case \(key) removed or renamed",
                        consequence: "rows holding \(key) fail to decode"))
                continue
            }
            changes += memberChanges(
                dictionary(values), dictionary(now), member: { "associated value \($0) of case \(key)" },
                types: types)
        }
        return changes
    }

    /// Raw values are what rows hold: a case renamed with its raw value kept decodes as before.
    static func rawValueChanges(
        _ old: [String: String], _ new: [String: String], rawType: String
    ) -> [ValueTypeChange] {
        let quoted = { (value: String) in rawType == "String" || rawType == "Character" ? "\"\(value)\"" : value }
        var changes: [ValueTypeChange] = []
        let owners = Dictionary(new.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        for (name, value) in old.sorted(by: { $0.key < $1.key }) where new[name] != value {
            let shown = quoted(value)
            if let now = new[name] {
                if let other = owners[value] {
                    changes.append(
                        ValueTypeChange(
                            effect: .changesMeaning,
                            text: "raw value of \(name) changed from \(shown) to \(quoted(now))",
                            consequence: "rows holding \(shown) read as \(other)"))
                } else {
                    changes.append(
                        ValueTypeChange(
                            effect: .failsToDecode,
                            text: "raw value of \(name) changed from \(shown) to \(quoted(now))",
                            consequence: "rows holding \(shown) fail to decode"))
                }
            } else if owners[value] == nil {
                changes.append(
                    ValueTypeChange(
                        effect: .failsToDecode, text: "case \(name)\(value == name ? "" : " (\(shown))") removed",
                        consequence: "rows holding \(value == name ? "it" : shown) fail to decode"))
            }
        }
        return changes
    }

    /// Fields or associated values by coding key, as synthesised `Decodable` reads them: a missing key of a
    /// non-optional type throws, whatever default the declaration gives; a key it no longer reads is ignored.
    static func memberChanges(
        _ old: [String: String], _ new: [String: String], member: (String) -> String,
        types: (recorded: [String: ValueTypeRecord], current: [String: ValueTypeRecord])
    ) -> [ValueTypeChange] {
        var changes: [ValueTypeChange] = []
        let unknown = ValueTypeRecord.untyped
        for (key, type) in old.sorted(by: { $0.key < $1.key }) {
            guard let now = new[key] else {
                changes.append(
                    ValueTypeChange(
                        effect: .dropsValues, text: "\(member(key)) removed",
                        consequence: "values users' rows hold for it are lost when saved again"))
                continue
            }
            guard now != type, type != unknown, now != unknown, now != type + "?",
                !sameEncoding(type, now, types: types)
            else { continue }
            if type == now + "?" {
                changes.append(
                    ValueTypeChange(
                        effect: .failsToDecode, text: "\(member(key)) is required now (was \(type))",
                        consequence: "rows where it is nil fail to decode"))
            } else {
                changes.append(
                    ValueTypeChange(
                        effect: .failsToDecode, text: "\(member(key)) changed from \(type) to \(now)",
                        consequence: "rows holding a \(type) there fail to decode"))
            }
        }
        for (key, type) in new.sorted(by: { $0.key < $1.key }) where old[key] == nil {
            guard !type.hasSuffix("?"), type != unknown else { continue }
            changes.append(
                ValueTypeChange(
                    effect: .failsToDecode, text: "non-optional \(member(key)) added",
                    consequence: "rows written before fail to decode",
                    reason: "synthesised Decodable reads a non-optional member with decode(_:forKey:), which throws "
                        + "for a missing key whatever default value the declaration gives"))
        }
        return changes
    }

    /// Two type names that read the same rows: the same wrappers around numbers a row holds either way, or around
    /// two value types (each compared on its own, where it is stored: a type renamed holds no type name in a row).
    static func sameEncoding(
        _ old: String, _ new: String, types: (recorded: [String: ValueTypeRecord], current: [String: ValueTypeRecord])
    ) -> Bool {
        var (old, new) = (Substring(old), Substring(new))
        while true {
            if old.hasSuffix("?") && new.hasSuffix("?") {
                (old, new) = (old.dropLast(), new.dropLast())
            } else if new.hasSuffix("?") {
                // A value always present reads as an optional one.
                new = new.dropLast()
            } else if old.hasPrefix("[") && old.hasSuffix("]") && new.hasPrefix("[") && new.hasSuffix("]")
                && !old.contains(":") && !new.contains(":")
            {
                (old, new) = (old.dropFirst().dropLast(), new.dropFirst().dropLast())
            } else {
                break
            }
        }
        if numbersDecodeAs(String(old), String(new)) { return true }
        guard let before = types.recorded[String(old)], let after = types.current[String(new)] else { return false }
        return before.kind != nil && after.kind != nil
    }

    static let integers: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    ]
    static let floatingPoint: Set<String> = ["Double", "Float", "Float32", "Float64", "CGFloat"]

    /// Encoded data keeps a number, not its Swift type: an integer reads as any integer type it fits in, or as a
    /// floating-point number; a fraction does not read as an integer.
    static func numbersDecodeAs(_ old: String, _ new: String) -> Bool {
        (integers.contains(old) && (integers.contains(new) || floatingPoint.contains(new)))
            || (floatingPoint.contains(old) && floatingPoint.contains(new))
    }

    private static func dictionary(_ members: [String]) -> [String: String] {
        Dictionary(members.map(ValueTypeRecord.splitMember), uniquingKeysWith: { first, _ in first })
    }

    private static func article(_ kind: ValueTypeRecord.Kind?) -> String {
        switch kind {
        case .enum?: return "an enum"
        case .struct?: return "a struct"
        case .class?: return "a class"
        case nil: return "a type declared elsewhere"
        }
    }
}
