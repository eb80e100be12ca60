import Foundation
import SchemaLintEngine
import SchemaLintFacts
import XCTest

/// A default or named store left at `.automatic` is in the app's own container while the target's entitlements name
/// no App Group, and in the group's folder once they name one: adding the entitlement moves the file, and SwiftData
/// opens a new, empty store there. The lockfile records which stores were the app's own (`heldInOwnContainer`), so
/// the release that adds the group is `store_abandoned` unless code carries the store. Four spellings of the
/// container, and the controls: still no group, `groupContainer: .none`, a copy into the group, and a lockfile
/// written before the record (it cannot tell, so it says nothing).
final class StoreMovedToAppGroupTests: XCTestCase {
    private static let group = "group.com.example.notes"

    private static let model = """
        import SwiftData

        @Model final class Note {
            var text: String = ""
            init() {}
        }
        """

    private static func entitlements(groups: [String]) -> String {
        let array = groups.isEmpty
            ? ""
            : "\t<key>com.apple.security.application-groups</key>\n\t<array>\n"
                + groups.map { "\t\t<string>\($0)</string>\n" }.joined() + "\t</array>\n"
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \(array)\t<key>com.apple.security.app-sandbox</key>
            \t<true/>
            </dict>
            </plist>
            """
    }

    /// The app, entitled to `groups`, its container spelled `code` (files by path).
    private static func app(_ code: [String: String], groups: [String]) -> [String: String] {
        var target = TestXcodeProject.Target(name: "Notes")
        target.set("CODE_SIGN_ENTITLEMENTS", "Notes/Notes.entitlements")
        var files = [
            "Notes/Note.swift": model,
            "Notes/Notes.entitlements": entitlements(groups: groups),
            "Notes.xcodeproj/project.pbxproj": TestXcodeProject.text([target]),
        ]
        files.merge(code) { $1 }
        return files
    }

    private static func scene(_ container: String) -> String {
        """
        import SwiftData
        import SwiftUI

        @main
        struct NotesApp: App {
            \(container)
        }
        """
    }

    private static let spellings: [(String, [String: String])] = [
        (
            "the view modifier",
            ["Notes/NotesApp.swift": scene("var body: some Scene { WindowGroup { Text(\"Notes\") }"
                + ".modelContainer(for: Note.self) }")]
        ),
        (
            "ModelConfiguration()",
            ["Notes/NotesApp.swift": scene(
                "let container = try! ModelContainer(for: Note.self, configurations: ModelConfiguration())\n"
                    + "    var body: some Scene { WindowGroup { Text(\"Notes\") }.modelContainer(container) }")]
        ),
        (
            "a named store from a static member of another type, another file",
            [
                "Notes/NotesApp.swift": scene(
                    "let container = try! ModelContainer(for: Note.self, configurations: Stores.notes)\n"
                        + "    var body: some Scene { WindowGroup { Text(\"Notes\") }.modelContainer(container) }"),
                "Notes/Stores.swift": "import SwiftData\n\nenum Stores {\n"
                    + "    static let notes = ModelConfiguration(\"Notes\")\n}\n",
            ]
        ),
        (
            "a function in another file",
            [
                "Notes/NotesApp.swift": scene(
                    "let container = try! Persistence.open()\n"
                        + "    var body: some Scene { WindowGroup { Text(\"Notes\") }.modelContainer(container) }"),
                "Notes/Persistence.swift": "import SwiftData\n\nenum Persistence {\n"
                    + "    static func open() throws -> ModelContainer {\n"
                    + "        try ModelContainer(\n"
                    + "            for: Note.self, configurations: ModelConfiguration(isStoredInMemoryOnly: false))\n"
                    + "    }\n}\n",
            ]
        ),
    ]

    private func abandoned(before: [String: String], after: [String: String], dropRecord: Bool = false)
        throws -> [Finding]
    {
        var lockfile = TestSupport.lock(try TestSupport.analyzeOnDisk(before))
        if dropRecord {
            for key in lockfile.versions.keys { lockfile.versions[key]?.heldInOwnContainer = nil }
        }
        return try TestSupport.analyzeOnDisk(after, lockfile: lockfile).findings
            .filter { $0.rule == .storeAbandoned }
    }

    func testAnAppGroupAddedLeavesTheAppsOwnStoreBehind() throws {
        for (name, code) in Self.spellings {
            let before = Self.app(code, groups: [])
            let lockfile = TestSupport.lock(try TestSupport.analyzeOnDisk(before))
            XCTAssertFalse(
                lockfile.versions.values.allSatisfy { $0.heldInOwnContainer == nil }, "\(name): nothing recorded")
            let found = try abandoned(before: before, after: Self.app(code, groups: [Self.group]))
            XCTAssertEqual(found.map(\.message.id), ["abandoned-into-group"], "\(name): \(TestSupport.summary(found))")
        }
    }

    func testAStoreThatStaysOrIsCarriedOrWasRecordedBeforeSaysNothing() throws {
        let (_, code) = Self.spellings[1]
        let before = Self.app(code, groups: [])
        // Still no group; the group kept out with `groupContainer: .none`.
        XCTAssertEqual(try abandoned(before: before, after: before), [])
        let kept = [
            "Notes/NotesApp.swift": Self.scene(
                "let container = try! ModelContainer(for: Note.self, configurations: "
                    + "ModelConfiguration(groupContainer: .none))\n"
                    + "    var body: some Scene { WindowGroup { Text(\"Notes\") }.modelContainer(container) }")
        ]
        XCTAssertEqual(
            try abandoned(before: Self.app(kept, groups: []), after: Self.app(kept, groups: [Self.group])), [])
        // The app copies its store into the group before opening it there (beside the container's code), where
        // SwiftData keeps a group's store: its `Library/Application Support`.
        func copied(to place: String) -> [String: String] {
            var carried = Self.app(code, groups: [Self.group])
            carried["Notes/NotesApp.swift", default: ""] += """

                enum StoreMove {
                    static func run() throws {
                        let old = URL.applicationSupportDirectory.appending(path: "default.store")
                        let group = FileManager.default.containerURL(
                            forSecurityApplicationGroupIdentifier: "\(Self.group)")!
                        try FileManager.default.copyItem(at: old, to: group.appending(path: "\(place)"))
                    }
                }
                """
            return carried
        }
        XCTAssertEqual(
            try abandoned(before: before, after: copied(to: "Library/Application Support/default.store")), [])
        // Copied to the group's root instead (W8Trackr): SwiftData never opens it there, the store is left behind.
        XCTAssertEqual(
            try abandoned(before: before, after: copied(to: "default.store")).map(\.message.id),
            ["abandoned-into-group"])
        // A Core Data copy of the store (`replacePersistentStore`) in a file of its own, from a URL held in a property
        // set in `init` from a function's value: the store is carried.
        var replaced = Self.app(code, groups: [Self.group])
        replaced["Notes/StoreMigration.swift"] = """
            import CoreData

            final class StoreMigration {
                private let oldURL: URL
                init() { oldURL = Self.locate() }
                static func locate() -> URL { URL.applicationSupportDirectory.appending(path: "default.store") }
                func run(to newURL: URL) throws {
                    let container = NSPersistentContainer(name: "Notes")
                    try container.persistentStoreCoordinator.replacePersistentStore(
                        at: newURL, withPersistentStoreFrom: oldURL, type: .sqlite)
                }
            }
            """
        XCTAssertEqual(try abandoned(before: before, after: replaced), [])
        // A lockfile written before own containers were recorded cannot tell the two files apart.
        XCTAssertEqual(
            try abandoned(before: before, after: Self.app(code, groups: [Self.group]), dropRecord: true), [])
    }

    /// The old store found through a configuration's own `url` (CodeAgentsMobile's migrator: `ModelConfiguration(
    /// schema: schema, isStoredInMemoryOnly: false).url`): left at `.automatic`, it is SwiftData's folder in the
    /// target's App Group once the target is entitled to one, the new store's own folder, not the file older builds
    /// wrote. Copying from there carries nothing: the store is left behind. Written inline, through a local, and as a
    /// named configuration; the controls keep the group out (`groupContainer: .none`, the old file itself) and copy
    /// it.
    func testACopyFromAnAutomaticConfigurationsURLIsFromTheGroup() throws {
        let (_, code) = Self.spellings[1]
        let before = Self.app(code, groups: [])
        func copying(from source: String) -> [String: String] {
            var app = Self.app(code, groups: [Self.group])
            app["Notes/StoreMove.swift"] = """
                import Foundation
                import SwiftData

                enum StoreMove {
                    static func run(schema: Schema) throws {
                        let group = FileManager.default.containerURL(
                            forSecurityApplicationGroupIdentifier: "\(Self.group)")!
                        let target = group.appending(path: "Library/Application Support/default.store")
                        \(source)
                    }
                }
                """
            return app
        }
        let fromTheGroup = [
            "try FileManager.default.copyItem(\n"
                + "            at: ModelConfiguration(schema: schema, isStoredInMemoryOnly: false).url, to: target)",
            "let legacy = ModelConfiguration(schema: schema)\n"
                + "        try FileManager.default.copyItem(at: legacy.url, to: target)",
            "let legacy = ModelConfiguration(schema: schema, groupContainer: .automatic).url\n"
                + "        try FileManager.default.copyItem(at: legacy, to: target)",
        ]
        for source in fromTheGroup {
            let found = try abandoned(before: before, after: copying(from: source))
            XCTAssertEqual(
                found.map(\.message.id), ["abandoned-into-group"], "\(source): \(TestSupport.summary(found))")
        }
        let control = "let legacy = ModelConfiguration(schema: schema, groupContainer: .none).url\n"
            + "        try FileManager.default.copyItem(at: legacy, to: target)"
        XCTAssertEqual(try abandoned(before: before, after: copying(from: control)), [])
    }

    /// The file a copy carries, held in a stored property that the type's initialiser sets (W8Trackr's
    /// `MigrationManager`): read from the assignment, written four ways. A copy of the store itself carries it; a copy
    /// of another file does not, and the store is left behind. Branches and initialisers giving different files are
    /// the set of files it may be; the control cannot be told (an initialiser that does not assign it): nothing is
    /// said.
    func testACopyFromAPropertySetInTheInitialiserIsRead() throws {
        let (_, code) = Self.spellings[1]
        let before = Self.app(code, groups: [])
        func mover(_ members: String, source: String = "oldURL") -> String {
            """
            import CoreData

            final class StoreMigration {
            \(members)
                func run(to newURL: URL) throws {
                    let container = NSPersistentContainer(name: "Notes")
                    try container.persistentStoreCoordinator.replacePersistentStore(
                        at: newURL, withPersistentStoreFrom: \(source), type: .sqlite)
                }
            }
            """
        }
        let spellings: [(String, (String) -> String)] = [
            (
                "a let set in init",
                { file in
                    mover(
                        """
                            private let oldURL: URL
                            init() {
                                oldURL = URL.applicationSupportDirectory.appending(path: "\(file)")
                            }
                        """)
                }
            ),
            (
                "self.oldURL set from a local, read as self.oldURL in a closure's capture list",
                { file in
                    """
                    import CoreData

                    final class StoreMigration {
                        let oldURL: URL
                        init() {
                            let folder = URL.applicationSupportDirectory
                            self.oldURL = folder.appendingPathComponent("\(file)")
                        }
                        func run(to newURL: URL) async throws {
                            try await Task.detached { [oldURL = self.oldURL] in
                                let container = NSPersistentContainer(name: "Notes")
                                try container.persistentStoreCoordinator.replacePersistentStore(
                                    at: newURL, withPersistentStoreFrom: oldURL, type: .sqlite)
                            }.value
                        }
                    }
                    """
                }
            ),
            (
                "a parameter's default, and an initialiser handing over to it",
                { file in
                    mover(
                        """
                            private let source: URL
                            init(source: URL = URL.applicationSupportDirectory.appending(path: "\(file)")) {
                                self.source = source
                            }
                            convenience init(label: String) {
                                self.init()
                            }
                            required init?(coder: NSCoder) { fatalError("no coder") }
                        """, source: "source")
                }
            ),
            (
                "a struct whose two initialisers give the same value",
                { file in
                    """
                    import CoreData

                    struct StoreMigration {
                        let oldURL: URL
                        init() { oldURL = URL.applicationSupportDirectory.appending(path: "\(file)") }
                        init(verbose: Bool) { oldURL = URL.applicationSupportDirectory.appending(path: "\(file)") }
                        func run(to newURL: URL) throws {
                            let container = NSPersistentContainer(name: "Notes")
                            try container.persistentStoreCoordinator.replacePersistentStore(
                                at: newURL, withPersistentStoreFrom: oldURL, type: .sqlite)
                        }
                    }
                    """
                }
            ),
        ]
        for (name, code) in spellings {
            var app = Self.app(Self.spellings[1].1, groups: [Self.group])
            app["Notes/StoreMigration.swift"] = code("default.store")
            XCTAssertEqual(try abandoned(before: before, after: app), [], "\(name): the store carried")
            app["Notes/StoreMigration.swift"] = code("Legacy.sqlite")
            let found = try abandoned(before: before, after: app)
            XCTAssertEqual(found.map(\.message.id), ["abandoned-into-group"], "\(name): \(TestSupport.summary(found))")
        }
        // Each value the branches of one initialiser, or different initialisers, assign: the set of files it may
        // copy. Another file on every branch leaves the store behind; the store itself on one branch may carry it.
        func branches(_ file: String) -> [(String, String)] {
            [
                (
                    "assigned in both branches of an if",
                    mover(
                        """
                            private let oldURL: URL
                            init(legacy: Bool) {
                                if legacy {
                                    oldURL = URL.applicationSupportDirectory.appending(path: "\(file)")
                                } else {
                                    oldURL = URL.documentsDirectory.appending(path: "Legacy.sqlite")
                                }
                            }
                        """)
                ),
                (
                    "two initialisers giving different files",
                    mover(
                        """
                            private let oldURL: URL
                            init() { oldURL = URL.applicationSupportDirectory.appending(path: "\(file)") }
                            init(other: Bool) { oldURL = URL.documentsDirectory.appending(path: "Old.sqlite") }
                        """)
                ),
            ]
        }
        for ((name, other), (_, store)) in zip(branches("Legacy.sqlite"), branches("default.store")) {
            var app = Self.app(Self.spellings[1].1, groups: [Self.group])
            app["Notes/StoreMigration.swift"] = other
            let found = try abandoned(before: before, after: app)
            XCTAssertEqual(found.map(\.message.id), ["abandoned-into-group"], "\(name): \(TestSupport.summary(found))")
            app["Notes/StoreMigration.swift"] = store
            XCTAssertEqual(try abandoned(before: before, after: app), [], "\(name): the store on one branch")
        }
        // Controls: what cannot be told says nothing.
        let controls: [(String, String)] = [
            (
                "an initialiser that does not assign it",
                mover(
                    """
                        private var oldURL: URL
                        init() { oldURL = URL.applicationSupportDirectory.appending(path: "Legacy.sqlite") }
                        init(other: Bool) { reset() }
                        func reset() { oldURL = URL.documentsDirectory }
                    """)
            ),
        ]
        for (name, code) in controls {
            var app = Self.app(Self.spellings[1].1, groups: [Self.group])
            app["Notes/StoreMigration.swift"] = code
            let found = try abandoned(before: before, after: app)
            XCTAssertEqual(found, [], "\(name): \(TestSupport.summary(found))")
        }
    }
}
