import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// Where a Core Data store is (issue 48): the file a stack opens is an evaluated place, a folder the system gives the
/// app (Application Support, Documents, Caches, an App Group's) and the file's name, read through the one evaluator
/// whichever way the code builds the URL. Two places are one file, two files, or which cannot be told; a store moved
/// to another folder under the same name is another file. On a scratch copy of Fixtures/CoreData/Apps/Journal.
final class CoreDataStoreLocationTests: XCTestCase {
    var app: URL!

    override func setUpWithError() throws {
        app = try TestSupport.copy(ofFixture: "CoreData/Apps/Journal")
    }

    func write(_ path: String, _ text: String) throws {
        let url = app.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func analyze(_ lockfile: Lockfile? = nil) throws -> Analysis {
        let analysis = try Analyzer(workingDirectory: app, threads: 2).analyze(paths: [], lockfile: lockfile)
        TestSupport.assertMessagesAreShaped(analysis.findings)
        return analysis
    }

    /// The journal's stack with `body` run in `init()` before its stores load.
    static func persistence(_ body: String) -> String {
        let indented = body.split(separator: "\n", omittingEmptySubsequences: false).map { "        " + $0 }
        return """
            import CoreData

            final class Persistence {
                let container = NSPersistentContainer(name: "Journal")

                init() {
            \(indented.joined(separator: "\n"))
                    container.loadPersistentStores { _, _ in }
                }
            }
            """
    }

    /// A stack and the other files it needs, spelling one place.
    struct Spelling {
        var name: String
        var stack: String
        var others: [String: String] = [:]
    }

    /// The places a stack opens, as the lockfile records them.
    func keys(_ spelling: Spelling) throws -> [String?] {
        try write("Journal/Persistence.swift", spelling.stack)
        for (path, text) in spelling.others { try write(path, text) }
        let keys = try analyze().topology.coreData.stores.map(\.key)
        for path in spelling.others.keys { try FileManager.default.removeItem(at: app.appendingPathComponent(path)) }
        return keys
    }

    static let group = "group.com.example.journal"

    /// `Journal.sqlite` in the app's Documents folder: a static computed property of another type in another file, a
    /// function returning the URL, `url(for:in:...)` and `urls(for:in:)[0]` inline.
    static let documents: [Spelling] = [
        Spelling(
            name: "a static computed property of another type",
            stack: persistence("container.persistentStoreDescriptions.first?.url = StorePaths.journal"),
            others: [
                "Journal/StorePaths.swift": """
                    import Foundation

                    enum StorePaths {
                        static var journal: URL {
                            FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first!
                                .appendingPathComponent("Journal.sqlite")
                        }
                    }
                    """
            ]),
        Spelling(
            name: "a function returning the URL",
            stack: persistence(
                """
                let description = NSPersistentStoreDescription(url: journalStoreURL())
                container.persistentStoreDescriptions = [description]
                """)
                + """


                func journalStoreURL() -> URL {
                    let folder = try! FileManager.default.url(
                        for: .documentDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
                    return folder.appending(path: "Journal.sqlite")
                }
                """),
        Spelling(
            name: "urls(for:in:)[0] inline",
            stack: persistence(
                """
                let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
                container.persistentStoreDescriptions.first?.url = documents.appendingPathComponent("Journal.sqlite")
                """)),
    ]

    /// `Journal.sqlite` in the App Group's folder: `guard let` in a static function of another type, `!` on a
    /// constant of another type, `?` with `??` on a literal.
    static let appGroup: [Spelling] = [
        Spelling(
            name: "guard let in a static function of another type",
            stack: persistence("container.persistentStoreDescriptions.first?.url = SharedStore.url()"),
            others: [
                "Journal/SharedStore.swift": """
                    import Foundation

                    enum SharedStore {
                        static let group = "\(group)"

                        static func url() -> URL {
                            guard let folder = FileManager.default.containerURL(
                                forSecurityApplicationGroupIdentifier: group)
                            else { fatalError("no App Group") }
                            return folder.appendingPathComponent("Journal.sqlite")
                        }
                    }
                    """
            ]),
        Spelling(
            name: "! on a constant of another type",
            stack: persistence(
                """
                let folder = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: Groups.journal)!
                container.persistentStoreDescriptions.first?.url = folder.appendingPathComponent("Journal.sqlite")
                """),
            others: ["Journal/Groups.swift": "enum Groups {\n    static let journal = \"\(group)\"\n}\n"]),
        Spelling(
            name: "? with ??",
            stack: persistence(
                """
                let shared = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "\(group)")
                let folder = shared ?? URL.documentsDirectory
                container.persistentStoreDescriptions.first?.url = folder.appending(path: "Journal.sqlite")
                """)),
        Spelling(
            name: "?. with ?? on the file",
            stack: persistence(
                """
                let url = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: SharedStore.group)?
                    .appendingPathComponent("Journal.sqlite") ?? URL.documentsDirectory.appending(path: "Journal.sqlite")
                container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: url)]
                """),
            others: ["Journal/SharedStore.swift": "enum SharedStore {\n    static let group = \"\(group)\"\n}\n"]),
    ]

    /// `Journal.sqlite` in Application Support, where the container puts it unless told otherwise.
    static let applicationSupport: [Spelling] = [
        Spelling(name: "the container's own file", stack: persistence("")),
        Spelling(
            name: "Core Data's default folder",
            stack: persistence(
                """
                let folder = NSPersistentContainer.defaultDirectoryURL()
                container.persistentStoreDescriptions.first?.url = folder.appendingPathComponent("Journal.sqlite")
                """)),
        Spelling(
            name: "URL.applicationSupportDirectory",
            stack: persistence(
                """
                let url = URL.applicationSupportDirectory.appending(path: "Journal.sqlite")
                container.persistentStoreDescriptions = [NSPersistentStoreDescription(url: url)]
                """)),
    ]

    func testEachSpellingOfAPlaceIsEvaluated() throws {
        let expected: [(String, [Spelling])] = [
            ("file:⟨Documents⟩/Journal.sqlite", Self.documents),
            ("file:⟨group:\(Self.group)⟩/Journal.sqlite", Self.appGroup),
            ("file:⟨Application Support⟩/Journal.sqlite", Self.applicationSupport),
        ]
        for (key, spellings) in expected {
            for spelling in spellings {
                XCTAssertEqual(try keys(spelling), [key], spelling.name)
            }
        }
    }

    /// A folder that cannot be read leaves the file's name known and its place untold; a subclass's own
    /// `defaultDirectoryURL()` is read as its function says, not as Core Data's default.
    func testAFolderThatCannotBeReadKeepsTheFileName() throws {
        let runTime = Spelling(
            name: "a folder read at run time",
            stack: Self.persistence(
                """
                let folder = URL(fileURLWithPath: UserDefaults.standard.string(forKey: "folder") ?? "")
                container.persistentStoreDescriptions.first?.url = folder.appendingPathComponent("Journal.sqlite")
                """))
        XCTAssertEqual(try keys(runTime), ["Journal.sqlite"])
        let subclass = Spelling(
            name: "a subclass overriding the default folder",
            stack: Self.persistence(
                """
                let folder = SharedContainer.defaultDirectoryURL()
                container.persistentStoreDescriptions.first?.url = folder.appendingPathComponent("Journal.sqlite")
                """),
            others: [
                "Journal/SharedContainer.swift": """
                    import CoreData

                    final class SharedContainer: NSPersistentContainer {
                        override class func defaultDirectoryURL() -> URL {
                            FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "\(Self.group)")!
                        }
                    }
                    """
            ])
        let key = try keys(subclass).first ?? nil
        XCTAssertNotEqual(key, "file:⟨Application Support⟩/Journal.sqlite")
        XCTAssertTrue(key == "Journal.sqlite" || key == "file:⟨group:\(Self.group)⟩/Journal.sqlite", "\(key ?? "nil")")
    }

    func testTwoPlacesAreOneFileTwoFilesOrCannotBeTold() {
        let support = StorePath(base: .applicationSupport, components: ["Journal.sqlite"])
        let documents = StorePath(base: .documents, components: ["Journal.sqlite"])
        let group = StorePath(base: .appGroup(Self.group), components: ["Journal.sqlite"])
        let unknown = StorePath(base: .unknown, components: ["Journal.sqlite"])
        let renamed = StorePath(base: .unknown, components: ["Journal_v2.sqlite"])
        let nested = StorePath(base: .applicationSupport, components: ["Stores", "Journal.sqlite"])
        XCTAssertEqual(support.compared(with: support), .same)
        XCTAssertEqual(support.compared(with: documents), .different)
        XCTAssertEqual(group.compared(with: support), .different)
        XCTAssertEqual(support.compared(with: nested), .different)
        XCTAssertEqual(support.compared(with: unknown), .cannotTell)
        XCTAssertEqual(unknown.compared(with: unknown), .cannotTell)
        XCTAssertEqual(unknown.compared(with: renamed), .different)
        XCTAssertEqual(support.compared(with: renamed), .different)
    }
}
