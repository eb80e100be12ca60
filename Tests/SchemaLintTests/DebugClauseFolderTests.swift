import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A store folder returned from an `#if DEBUG` / `#else` after other statements (a `guard let` of the App Group, a
/// `let` of the base): the release build takes the `#else`, so the folder is that clause's, read as if the `#if` were
/// not there (Snaplists' `defaultDirectoryURL()`, field test 32 B-D4). An `#if` on a flag nothing says is set keeps the
/// folder untold. On the journal app of `CoreDataStoreLocationTests`.
extension CoreDataStoreLocationTests {
    static let debugClauseSpellings: [Spelling] = [
        Spelling(
            name: "guard let of the group, then #if DEBUG return a subfolder #else return the group",
            stack: stack("GroupContainer"),
            others: [
                "Journal/GroupContainer.swift": """
                import CoreData

                final class GroupContainer: NSPersistentCloudKitContainer {
                    override class func defaultDirectoryURL() -> URL {
                        guard let shared = FileManager.default.containerURL(
                            forSecurityApplicationGroupIdentifier: "\(group)")
                        else { fatalError("the App Group is missing") }
                        #if DEBUG
                        return shared.appendingPathComponent("debug")
                        #else
                        return shared
                        #endif
                    }
                }
                """
            ]),
        Spelling(
            name: "a let of the group, then #if targetEnvironment(simulator) / #else",
            stack: stack("GroupContainer"),
            others: [
                "Journal/GroupContainer.swift": """
                import CoreData

                final class GroupContainer: NSPersistentContainer {
                    override class func defaultDirectoryURL() -> URL {
                        let shared = \(groupFolder)
                        #if targetEnvironment(simulator)
                        return URL(fileURLWithPath: "/tmp/journal")
                        #else
                        return shared
                        #endif
                    }
                }
                """
            ]),
        Spelling(
            name: "a static helper of another type with the #if",
            stack: stack("GroupContainer"),
            others: [
                "Journal/GroupContainer.swift": """
                import CoreData

                final class GroupContainer: NSPersistentContainer {
                    override class func defaultDirectoryURL() -> URL { Folders.shared() }
                }
                """,
                "Journal/Folders.swift": """
                import Foundation

                enum Folders {
                    static func shared() -> URL {
                        let manager = FileManager.default
                        guard let folder = manager.containerURL(forSecurityApplicationGroupIdentifier: "\(group)")
                        else { preconditionFailure("no group") }
                        #if DEBUG
                        print("using", folder)
                        return folder.appendingPathComponent("Debug", isDirectory: true)
                        #else
                        return folder
                        #endif
                    }
                }
                """,
            ]),
    ]

    func testAFolderReturnedAfterAnIfDebugIsTheReleaseClauses() throws {
        for spelling in Self.debugClauseSpellings {
            XCTAssertEqual(try keys(spelling), ["file:⟨group:\(Self.group)⟩/Journal.sqlite"], spelling.name)
        }
    }

    /// Control: a flag nothing says is set (no project) may be set, so either clause may be the shipped one.
    func testAFolderAfterAnIfOnAnUnknownFlagIsNotPicked() throws {
        let spelling = Spelling(
            name: "#if BETA",
            stack: Self.stack("GroupContainer"),
            others: [
                "Journal/GroupContainer.swift": """
                import CoreData

                final class GroupContainer: NSPersistentContainer {
                    override class func defaultDirectoryURL() -> URL {
                        guard let shared = FileManager.default.containerURL(
                            forSecurityApplicationGroupIdentifier: "\(Self.group)")
                        else { fatalError("the App Group is missing") }
                        #if BETA
                        return shared.appendingPathComponent("beta")
                        #else
                        return shared
                        #endif
                    }
                }
                """
            ])
        XCTAssertNotEqual(try keys(spelling), ["file:⟨group:\(Self.group)⟩/Journal.sqlite"])
    }
}
