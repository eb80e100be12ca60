import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A store's place built by the app's own functions and enums, the ways real apps spell it (a macOS menu-bar app
/// keeping its store under a folder named by a build scope): an enum case's raw value or a property that switches on
/// `self`, read through the case, a constant holding it, or a parameter; a function of one name calling another of
/// that name with other labels; a file of such functions that mentions `@Model` only in a comment; files copied into
/// the new store from a place picked at run time.
final class StorePathFunctionTests: XCTestCase {
    static let models = """
        import SwiftData

        @Model final class Entry {
            var text: String = ""
            init() {}
        }
        """

    /// The app opening `Place.storeURL()`, with `place` the file declaring it.
    func keys(_ place: String) -> [String] {
        let analysis = TestSupport.analyze([
            "Journal/Models.swift": Self.models,
            "Journal/Place.swift": place,
            "Journal/JournalApp.swift": """
            import Foundation
            import SwiftData
            import SwiftUI

            @main struct JournalApp: App {
                let container: ModelContainer = {
                    let url = try! Place.storeURL()
                    return try! ModelContainer(for: Entry.self, configurations: ModelConfiguration(url: url))
                }()
                var body: some Scene { WindowGroup { Text("Journal") }.modelContainer(container) }
            }
            """,
        ])
        return analysis.topology.stores.map(\.location.key)
    }

    static let journal = ["file:⟨Application Support⟩/Journal/J.store"]

    /// A folder named by an enum case, four ways: a written raw value, an implicit one (the case's name), a property
    /// switching on `self` read through a constant holding the case, and the same property of a parameter.
    func testAFolderNamedByAnEnumCaseIsThatCasesName() {
        let ways: [(String, String)] = [
            (
                "written raw value",
                """
                import Foundation
                enum Folder: String {
                    case release = "Journal"
                    case debug = "Journal-Debug"
                }
                enum Place {
                    static func storeURL() throws -> URL {
                        URL.applicationSupportDirectory.appending(path: Folder.release.rawValue)
                            .appending(path: "J.store")
                    }
                }
                """
            ),
            (
                "implicit raw value",
                """
                import Foundation
                enum Folder: String {
                    case Journal, Scratch
                }
                enum Place {
                    static func storeURL() throws -> URL {
                        URL.applicationSupportDirectory.appending(path: "\\(Folder.Journal.rawValue)/J.store")
                    }
                }
                """
            ),
            (
                "switch self, through a constant",
                """
                import Foundation
                enum Place {
                    enum Scope {
                        case production, development
                        var folder: String {
                            switch self {
                            case .production: "Journal"
                            case .development: "Journal-Debug"
                            }
                        }
                    }
                    static let current: Scope = .production
                    static func storeURL() throws -> URL {
                        URL.applicationSupportDirectory.appendingPathComponent(current.folder)
                            .appendingPathComponent("J.store")
                    }
                }
                """
            ),
            (
                "switch self, through a parameter",
                """
                import Foundation
                enum Scope {
                    case production, development
                    var folder: String {
                        switch self {
                        case .production: return "Journal"
                        case .development: return "Journal-Debug"
                        }
                    }
                }
                enum Place {
                    static func storeURL() throws -> URL { try url(in: .production) }
                    static func url(in scope: Scope) throws -> URL {
                        let folder = URL.applicationSupportDirectory.appendingPathComponent(scope.folder)
                        return folder.appendingPathComponent("J.store")
                    }
                }
                """
            ),
        ]
        for (name, place) in ways {
            XCTAssertEqual(keys(place), Self.journal, name)
        }
        // Control: a case picked at run time is either folder, each a store users' data may be in.
        let picked = keys(
            """
            import Foundation
            import SwiftUI
            enum Folder: String {
                case release = "Journal"
                case debug = "Journal-Debug"
            }
            enum Place {
                @AppStorage("debug") static var debug = false
                static func storeURL() throws -> URL {
                    let folder: Folder = debug ? .debug : .release
                    return URL.applicationSupportDirectory.appending(path: folder.rawValue).appending(path: "J.store")
                }
            }
            """)
        XCTAssertFalse(picked == Self.journal, "\(picked)")
    }

    /// The temporary and home folders asked of `FileManager.default` (LifeFlow's widget falls back to
    /// `FileManager.default.temporaryDirectory`), beside the functions that give them; an instance property of
    /// another object is the control, not read.
    func testTheTemporaryFolderAskedOfFileManagerIsRead() {
        func place(_ folder: String) -> String {
            """
            import Foundation
            enum Place {
                static func storeURL() throws -> URL {
                    \(folder).appendingPathComponent("J.store")
                }
            }
            """
        }
        for folder in ["FileManager.default.temporaryDirectory", "URL(fileURLWithPath: NSTemporaryDirectory())"] {
            XCTAssertEqual(keys(place(folder)), ["file:⟨tmp⟩/J.store"], folder)
        }
        XCTAssertEqual(
            keys(place("FileManager.default.homeDirectoryForCurrentUser")), ["file:⟨home⟩/J.store"])
        XCTAssertNotEqual(keys(place("Settings.shared.temporaryDirectory")), ["file:⟨tmp⟩/J.store"])
    }

    /// A function calling another of its name with other labels (`storeURL()` → `storeURL(folder:scope:)`), three
    /// ways: a guard-let local passed on, a parameter left at its default, an overload that passes a fixed scope.
    /// Control: two overloads naming two files are told apart by the call's labels.
    func testAFunctionOfOneNameCallingAnotherIsReadForItsLabels() {
        let ways: [(String, String)] = [
            (
                "guard-let local passed on",
                """
                import Foundation
                enum Place {
                    static func storeURL(fileManager: FileManager = .default) throws -> URL {
                        guard let support = fileManager.urls(for: .applicationSupportDirectory, in: .userDomainMask)
                            .first
                        else { throw CocoaError(.fileNoSuchFile) }
                        return try storeURL(folder: support, name: "Journal")
                    }
                    static func storeURL(folder: URL, name: String, fileManager: FileManager = .default) throws -> URL {
                        let directory = folder.appendingPathComponent(name, isDirectory: true)
                        try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
                        return directory.appendingPathComponent("J.store")
                    }
                }
                """
            ),
            (
                "an overload between",
                """
                import Foundation
                enum Place {
                    static func storeURL() throws -> URL {
                        let support = URL.applicationSupportDirectory
                        return try storeURL(folder: support)
                    }
                    static func storeURL(folder: URL) throws -> URL {
                        try storeURL(folder: folder, name: "Journal")
                    }
                    static func storeURL(folder: URL, name: String) throws -> URL {
                        folder.appending(path: name).appending(path: "J.store")
                    }
                }
                """
            ),
            (
                "a file saying @Model only in a comment",
                """
                // Raise the folder's number when an @Model class changes.
                import Foundation
                enum Place {
                    static func storeURL() throws -> URL {
                        let support = URL.applicationSupportDirectory
                        return try makeURL(folder: support, name: "Journal")
                    }
                    static func makeURL(folder: URL, name: String) throws -> URL {
                        let directory = folder.appendingPathComponent(name, isDirectory: true)
                        return directory.appendingPathComponent("J.store")
                    }
                }
                """
            ),
        ]
        for (name, place) in ways {
            XCTAssertEqual(keys(place), Self.journal, name)
        }
        let apart = keys(
            """
            import Foundation
            enum Place {
                static func storeURL() throws -> URL { try storeURL(name: "Journal") }
                static func storeURL(name: String) throws -> URL {
                    URL.applicationSupportDirectory.appending(path: name).appending(path: "J.store")
                }
                static func storeURL(archive: String) throws -> URL {
                    URL.documentsDirectory.appending(path: archive).appending(path: "A.store")
                }
            }
            """)
        XCTAssertEqual(apart, Self.journal)
    }

    /// The app's store moved into a new folder; the code copies the first existing file of a list of old places
    /// into the new one. Which old place that is cannot be told, so the old store is never said to be left behind.
    /// Control: with no copy into the new store, it is.
    func testACopyFromAPlacePickedAtRunTimeIntoTheNewStoreIsNoAbandonment() {
        func files(_ place: String) -> [String: String] {
            [
                "Journal/Models.swift": Self.models,
                "Journal/Place.swift": place,
                "Journal/JournalApp.swift": """
                import Foundation
                import SwiftData
                import SwiftUI

                @main struct JournalApp: App {
                    let container = try! ModelContainer(
                        for: Entry.self, configurations: ModelConfiguration(url: try! Place.storeURL()))
                    var body: some Scene { WindowGroup { Text("Journal") }.modelContainer(container) }
                }
                """,
            ]
        }
        let old = """
            import Foundation
            enum Place {
                static func storeURL() throws -> URL {
                    URL.applicationSupportDirectory.appending(path: "Journal/J.store")
                }
            }
            """
        let shipped = TestSupport.lock(TestSupport.analyze(files(old)))
        XCTAssertEqual(shipped.versions.values.first?.heldIn, Self.journal)
        func moved(copy: String) -> [String] {
            let place = """
                import Foundation
                enum Place {
                    static let suffixes = ["", "-shm", "-wal"]
                    static func storeURL() throws -> URL {
                        let support = URL.applicationSupportDirectory
                        let target = support.appending(path: "Journal/Stores/J.store")
                        if !FileManager.default.fileExists(atPath: target.path) {
                            let candidates = [
                                support.appending(path: "Journal/J.store"), support.appending(path: "J.store"),
                            ]
                            let exists = { (url: URL) in FileManager.default.fileExists(atPath: url.path) }
                            if let source = candidates.first(where: exists) {
                                \(copy)
                            }
                        }
                        return target
                    }
                    static func copyFiles(from source: URL, to target: URL) throws {
                        for suffix in suffixes {
                            let from = URL(fileURLWithPath: source.path + suffix, isDirectory: false)
                            let to = URL(fileURLWithPath: target.path + suffix, isDirectory: false)
                            try FileManager.default.copyItem(at: from, to: to)
                        }
                    }
                }
                """
            return TestSupport.summary(TestSupport.analyze(files(place), lockfile: shipped).findings)
        }
        XCTAssertFalse(moved(copy: "try copyFiles(from: source, to: target)").contains {
            $0.hasPrefix("store_abandoned")
        })
        XCTAssertTrue(moved(copy: "print(source)").contains { $0.hasPrefix("store_abandoned") })
    }
}
