/// Builds an `NSKeyedArchiver` object graph (`$archiver`, `$version`, `$top`, `$objects`) without Foundation, whose
/// archiver cannot write Core Data's classes off Apple platforms. The reader is `KeyedArchive`.
///
/// Objects are declared first (in any order, cycles allowed: an entity points to its properties and each property
/// back to its entity) and numbered only when the archive is made, walking from the root the way `NSKeyedArchiver`
/// does: `$null` is object 0, an object is numbered when first met and its fields follow it in the order they were
/// declared, its `$class` entry comes after them, one per class name. A `conditional` reference (Apple's
/// `encodeConditionalObject:`, which Core Data uses for back-references) numbers the object without writing it
/// there; it is written where it is referenced unconditionally. Strings are objects shared by value, as the archiver
/// shares equal `NSString`s. The same declarations always give the same archive.
public struct KeyedArchiveWriter {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// A declared object, by its declaration number (not its number in the archive).
    public struct Object: Hashable, Sendable {
        fileprivate let id: Int
    }

    /// One encoded field: a value written in place, or a reference (a UID) to an object of `$objects`.
    public indirect enum Field: Sendable {
        case integer(Int64)
        case bool(Bool)
        case real(Double)
        case data([UInt8])
        /// A reference to `$null` (a nil object).
        case null
        case object(Object)
        /// A back-reference: numbered here, written where it is referenced with `object`.
        case conditional(Object)
        /// A reference to an `NSString`, shared with every equal string of the archive.
        case string(String)
        /// An array of references, as `NS.objects` and `NS.keys` hold them.
        case references([Field])
    }

    private struct Declaration {
        var classes: [String]
        var fields: [(String, Field)]
    }

    private var declarations: [Declaration?] = []

    public init() {}

    /// An object to be described later with `define` (for graphs with cycles).
    public mutating func reserve() -> Object {
        declarations.append(nil)
        return Object(id: declarations.count - 1)
    }

    /// `classes`: the class and its superclasses, most specific first (`$classes`); the first is `$classname`.
    public mutating func define(_ object: Object, classes: [String], fields: [(String, Field)]) {
        declarations[object.id] = Declaration(classes: classes, fields: fields)
    }

    public mutating func make(classes: [String], fields: [(String, Field)]) -> Object {
        let object = reserve()
        define(object, classes: classes, fields: fields)
        return object
    }

    /// An `NSArray` (or a subclass named by `classes`, such as `NSMutableArray`, `NSSet`) of `items`.
    public mutating func array(_ items: [Field], classes: [String] = ["NSArray", "NSObject"]) -> Object {
        make(classes: classes, fields: [("NS.objects", .references(items))])
    }

    /// An `NSDictionary` (or subclass) with string keys, written in the order given.
    public mutating func dictionary(
        _ entries: [(String, Field)], classes: [String] = ["NSDictionary", "NSObject"]
    ) -> Object {
        make(
            classes: classes,
            fields: [
                ("NS.keys", .references(entries.map { .string($0.0) })), ("NS.objects", .references(entries.map(\.1))),
            ])
    }

    /// The archive as a property list, `root` under `$top`'s `root`.
    public func archive(root: Object) throws -> PropertyListValue {
        var numbering = Numbering(declarations: declarations)
        let top = try numbering.reference(.object(root), depth: 0)
        try numbering.finish()
        return .dictionary([
            "$archiver": .string("NSKeyedArchiver"), "$version": .integer(100_000),
            "$top": .dictionary(["root": top]), "$objects": .array(numbering.objects.map { $0 ?? .null }),
        ])
    }

    /// The archive as binary property list bytes.
    public func encode(root: Object) throws -> [UInt8] {
        BinaryPropertyListWriter.encode(try archive(root: root))
    }

    private struct Numbering {
        let declarations: [Declaration?]
        var objects: [PropertyListValue?] = [.string("$null")]
        var numbers: [Int: Int] = [:]
        var written: Set<Int> = []
        var strings: [String: Int] = [:]
        var classNumbers: [String: Int] = [:]

        init(declarations: [Declaration?]) { self.declarations = declarations }

        mutating func slot(_ value: PropertyListValue?) -> Int {
            objects.append(value)
            return objects.count - 1
        }

        mutating func number(_ object: Object) throws -> Int {
            guard object.id >= 0, object.id < declarations.count else {
                throw Failure(description: "a keyed archive refers to an object that was never declared")
            }
            if let number = numbers[object.id] { return number }
            let number = slot(nil)
            numbers[object.id] = number
            return number
        }

        mutating func reference(_ field: Field, depth: Int) throws -> PropertyListValue {
            switch field {
            case .null: return .uid(0)
            case let .string(text):
                if let number = strings[text] { return .uid(number) }
                let number = slot(.string(text))
                strings[text] = number
                return .uid(number)
            case let .conditional(object): return .uid(try number(object))
            case let .object(object):
                let number = try number(object)
                if written.insert(object.id).inserted { try write(object, at: number, depth: depth) }
                return .uid(number)
            default:
                throw Failure(description: "a keyed archive reference must be an object, a string or null")
            }
        }

        mutating func write(_ object: Object, at number: Int, depth: Int) throws {
            guard depth < 256 else { throw Failure(description: "a keyed archive nested too deeply") }
            guard let declaration = declarations[object.id], let className = declaration.classes.first else {
                throw Failure(description: "a keyed archive refers to an object that was never defined")
            }
            var fields: [String: PropertyListValue] = [:]
            for (key, field) in declaration.fields {
                fields[key] = try value(field, depth: depth)
            }
            if let known = classNumbers[className] {
                fields["$class"] = .uid(known)
            } else {
                let chain = PropertyListValue.array(declaration.classes.map(PropertyListValue.string))
                let entry = slot(.dictionary(["$classname": .string(className), "$classes": chain]))
                classNumbers[className] = entry
                fields["$class"] = .uid(entry)
            }
            objects[number] = .dictionary(fields)
        }

        mutating func value(_ field: Field, depth: Int) throws -> PropertyListValue {
            switch field {
            case let .integer(number): return .integer(number)
            case let .bool(flag): return .bool(flag)
            case let .real(number): return .real(number)
            case let .data(bytes): return .data(bytes)
            case let .references(items): return .array(try items.map { try reference($0, depth: depth + 1) })
            default: return try reference(field, depth: depth + 1)
            }
        }

        /// Every object referenced only conditionally must still have been written somewhere.
        func finish() throws {
            for (id, _) in numbers where !written.contains(id) {
                throw Failure(description: "a keyed archive refers conditionally to an object it never writes")
            }
        }
    }
}
