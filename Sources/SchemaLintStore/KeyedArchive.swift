/// An `NSKeyedArchiver` object graph (`$archiver`, `$objects`, `$top`) read without Foundation's unarchiver, which
/// is not available for Core Data classes off Apple platforms. Objects refer to each other through UIDs; every
/// lookup is bounds-checked so a damaged archive gives `nil`, never a crash.
public struct KeyedArchive: Sendable {
    public let objects: [PropertyListValue]
    public let top: [String: PropertyListValue]

    public init(_ plist: PropertyListValue) throws {
        guard plist["$archiver"]?.string == "NSKeyedArchiver", let objects = plist["$objects"]?.array,
            let top = plist["$top"]?.dictionary
        else {
            throw BinaryPropertyList.Failure(description: "not a keyed archive")
        }
        self.objects = objects
        self.top = top
    }

    /// The object a value stands for: a UID is followed to `$objects`; the archive's `$null` becomes `.null`.
    public func resolve(_ value: PropertyListValue?) -> PropertyListValue? {
        guard var value else { return nil }
        if case let .uid(index) = value {
            guard index >= 0, index < objects.count else { return nil }
            value = objects[index]
        }
        if value.string == "$null" { return .null }
        return value
    }

    public func object(_ value: PropertyListValue?) -> ArchivedObject? {
        guard let fields = resolve(value)?.dictionary else { return nil }
        return ArchivedObject(archive: self, fields: fields)
    }

    public var root: ArchivedObject? { object(top["root"]) }
}

/// One archived object: its class and its encoded fields.
public struct ArchivedObject: Sendable {
    public let archive: KeyedArchive
    public let fields: [String: PropertyListValue]

    public var className: String? { archive.resolve(fields["$class"])?["$classname"]?.string }

    public func value(_ key: String) -> PropertyListValue? {
        guard let value = archive.resolve(fields[key]), value != .null else { return nil }
        return value
    }

    public func object(_ key: String) -> ArchivedObject? { archive.object(fields[key]) }
    public func string(_ key: String) -> String? { value(key)?.string }
    public func integer(_ key: String) -> Int64? { value(key)?.integer }
    public func bool(_ key: String) -> Bool {
        switch value(key) {
        case let .bool(flag)?: return flag
        case let .integer(number)?: return number != 0
        default: return false
        }
    }

    /// The members of an archived NSArray, NSSet or NSOrderedSet, or the values of a dictionary (including Core
    /// Data's NSKnownKeysDictionary, which stores them under `values`).
    public func members(_ key: String) -> [PropertyListValue] {
        guard let collection = object(key) else { return [] }
        if let items = collection.fields["NS.objects"]?.array { return items }
        if let values = collection.value("values") {
            if let items = values.array { return items }
            if let items = archive.object(values)?.fields["NS.objects"]?.array { return items }
        }
        return []
    }

    public func objects(_ key: String) -> [ArchivedObject] { members(key).compactMap(archive.object) }
}
