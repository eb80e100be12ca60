import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// Field test 9 (2fas, 2fas-pass): a stack type whose store name is an initialiser's parameter, kept in a stored
/// property, and whose "in-memory" mode is an SQLite store at `/dev/null` chosen by a flag in an `if`. Each call of
/// the initialiser is a stack of its own, with its own file and model; a call passing `false` opens no file.
final class CoreDataStackPerCallTests: JournalAppTestCase {
    static let group = "group.com.example.journal"

    /// The stack type: `name` a `let` (or, `optionalName`, a `private var name: String?` read through `guard let`),
    /// the file in the App Group by a static function of the type, `/dev/null` where `isPersistent` is false.
    static func stack(optionalName: Bool = false, defaultName: String? = nil, renamed: Bool = false) -> String {
        let property = optionalName ? "private var name: String?" : "private let name: String"
        let unwrap = optionalName ? "guard let name else { fatalError() }\n            " : ""
        let nameParameter = defaultName.map { "name: String = \"\($0)\"" } ?? "name: String"
        let rename = renamed ? "\n\n    func rename(to other: String) { name = other }" : ""
        return """
            import CoreData

            final class Stack {
                \(property)
                private let isPersistent: Bool
                private let container: NSPersistentContainer

                private lazy var storeDescription: NSPersistentStoreDescription = {
                    \(unwrap)let description = NSPersistentStoreDescription()
                    if isPersistent {
                        description.url = storeURL
                        description.type = NSSQLiteStoreType
                    } else {
                        description.url = URL(fileURLWithPath: "/dev/null")
                        description.type = NSSQLiteStoreType
                    }
                    return description
                }()

                private lazy var storeURL: URL = {
                    Stack.storeURL(forName: name!)
                }()

                init(\(nameParameter), isPersistent: Bool = true) {
                    self.name = name
                    self.isPersistent = isPersistent
                    container = NSPersistentContainer(name: name)
                }

                func load() {
                    container.persistentStoreDescriptions = [storeDescription]
                    container.loadPersistentStores { _, _ in }
                }\(rename)

                static func storeURL(forName name: String) -> URL {
                    FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "\(group)")!
                        .appendingPathComponent("\\(name).sqlite")
                }
            }
            """.replacingOccurrences(of: "forName: name!", with: optionalName ? "forName: name!" : "forName: name")
    }

    struct Spelling {
        var name: String
        var stack: String = CoreDataStackPerCallTests.stack()
        var others: [String: String]
    }

    /// The app's stores (and the in-memory ones): purpose, key, model.
    func stores(_ spelling: Spelling) throws -> [String] {
        try? FileManager.default.removeItem(at: app.appendingPathComponent("Journal/Persistence.swift"))
        try write("Journal/Stack.swift", spelling.stack)
        for (path, text) in spelling.others { try write(path, text) }
        defer {
            for path in spelling.others.keys {
                try? FileManager.default.removeItem(at: app.appendingPathComponent(path))
            }
        }
        return try analyze().project.coreDataStores.map { store in
            "\(store.purpose) \(store.key ?? "?") \(store.modelUnread ? "?" : store.model ?? "-")"
        }.sorted()
    }

    /// Journal persistent, Cache with `isPersistent: false`: the calls in another file, in a function, with a
    /// static member of another type, and the name a parameter's default.
    static func callers(cachePersists: Bool) -> [Spelling] {
        let flag = cachePersists ? "true" : "false"
        return [
            Spelling(
                name: "literals in another file",
                others: [
                    "Journal/Sources.swift": """
                        final class Sources {
                            let journal = Stack(name: "Journal")
                            let cache = Stack(name: "Cache", isPersistent: \(flag))
                        }
                        """
                ]),
            Spelling(
                name: "calls in a function",
                others: [
                    "Journal/Sources.swift": """
                        func makeStacks() -> [Stack] {
                            [Stack(name: "Journal", isPersistent: true), Stack(name: "Cache", isPersistent: \(flag))]
                        }
                        """
                ]),
            Spelling(
                name: "static members of another type",
                others: [
                    "Journal/Names.swift": """
                        enum Names {
                            static let journal = "Journal"
                            static let cache = "Cache"
                            static let cacheOnDisk = \(flag)
                        }
                        """,
                    "Journal/Sources.swift": """
                        final class Sources {
                            let journal = Stack(name: Names.journal)
                            let cache = Stack(name: Names.cache, isPersistent: Names.cacheOnDisk)
                        }
                        """,
                ]),
            Spelling(
                name: "a parameter's default",
                stack: stack(defaultName: "Journal"),
                others: [
                    "Journal/Sources.swift": """
                        final class Sources {
                            let journal = Stack()
                            let cache = Stack(name: "Cache", isPersistent: \(flag))
                        }
                        """
                ]),
        ]
    }

    func testEachCallOfAStackTypeIsAStackWithItsOwnFile() throws {
        let journal = "app file:⟨group:\(Self.group)⟩/Journal.sqlite Journal"
        for spelling in Self.callers(cachePersists: false) {
            // Cache's call takes the `/dev/null` branch only: kept in memory, no file of the user's.
            XCTAssertEqual(try stores(spelling), [journal, "inMemory null Cache"], spelling.name)
        }
        // Control: the same calls with Cache persistent open two files.
        for spelling in Self.callers(cachePersists: true) {
            XCTAssertEqual(
                try stores(spelling), ["app file:⟨group:\(Self.group)⟩/Cache.sqlite Cache", journal], spelling.name)
        }
    }

    /// `private var name: String?` set by the initialiser only is what each call passes; a method assigning it
    /// later makes it a value read at run time (control).
    func testAnOptionalNameTheInitialiserSetsIsTheCallersName() throws {
        var spelling = Self.callers(cachePersists: true)[0]
        spelling.stack = Self.stack(optionalName: true)
        XCTAssertEqual(
            try stores(spelling),
            [
                "app file:⟨group:\(Self.group)⟩/Cache.sqlite Cache",
                "app file:⟨group:\(Self.group)⟩/Journal.sqlite Journal",
            ])
        spelling.stack = Self.stack(optionalName: true, renamed: true)
        XCTAssertTrue(try stores(spelling).allSatisfy { $0.contains(" ? ") || $0.hasSuffix(" ?") }, spelling.name)
    }

    /// A shipped version edited in place: reported for a stack that keeps it on disk, not for one whose only
    /// calls keep it at `/dev/null`.
    func testAModelOpenedOnlyInMemoryHasNoShippedStoreToBreak() throws {
        let cases: [(flag: String, expected: [String])] = [("false", []), ("true", ["shipped_schema_edited"])]
        for (flag, expected) in cases {
            try? FileManager.default.removeItem(at: app.appendingPathComponent("Journal/Persistence.swift"))
            try write("Journal/Stack.swift", Self.stack())
            try write(
                "Journal/Sources.swift",
                "final class Sources {\n    let journal = Stack(name: \"Journal\", isPersistent: \(flag))\n}\n")
            let lockfile = TestSupport.lock(try analyze())
            let current = app.appendingPathComponent("Journal/Journal.xcdatamodeld/Journal 2.xcdatamodel/contents")
            let text = try String(contentsOf: current, encoding: .utf8)
            try Data(
                text.replacingOccurrences(
                    of: "</entity>",
                    with: "<attribute name=\"addedLater\" optional=\"YES\" attributeType=\"String\"/></entity>"
                ).utf8
            ).write(to: current)
            let rules = try analyze(lockfile).findings.filter { $0.severity == .error }.map(\.rule.rawValue)
            XCTAssertEqual(rules.filter { $0 == "shipped_schema_edited" }, expected, "isPersistent: \(flag)")
            try setUpWithError()
        }
    }
}
