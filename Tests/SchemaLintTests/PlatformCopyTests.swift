import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// The store moved into an App Group by code that copies the old files first, in a function declared in `#if
/// os(iOS)` (clip-island v1.0.23 → v1.0.25, field test 27): the copy's locals are read as any function's are, so the
/// old store is carried, not left behind.
final class PlatformCopyTests: XCTestCase {
    private static let shipped = """
        import SwiftData
        import Foundation
        @Model final class Clip { var text: String = ""; init() {} }
        let container = try! ModelContainer(for: Clip.self, configurations: ModelConfiguration())
        """

    private static func moved(copy: String) -> String {
        """
        import SwiftData
        import Foundation
        @Model final class Clip { var text: String = ""; init() {} }
        enum Factory {
            static func make() throws -> ModelContainer {
                let config = ModelConfiguration(url: sharedStoreURL())
                return try ModelContainer(for: Clip.self, configurations: config)
            }
            private static func sharedStoreURL() -> URL {
                let manager = FileManager.default
                let group = manager.containerURL(forSecurityApplicationGroupIdentifier: "group.x")!
                let url = group.appendingPathComponent("Library/Application Support/default.store")
                carryLegacyStore(to: url)
                return url
            }
            #if os(iOS)
            private static func carryLegacyStore(to destination: URL) {
                let manager = FileManager.default
                guard let support = manager.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
                else { return }
        \(copy)
            }
            #endif
        }
        let container = try! Factory.make()
        """
    }

    private func abandoned(copy: String) -> [String] {
        let lockfile = TestSupport.lock(TestSupport.analyze(["App/App.swift": Self.shipped]))
        let now = TestSupport.analyze(["App/App.swift": Self.moved(copy: copy)], lockfile: lockfile)
        return TestSupport.summary(now.findings.filter { $0.rule == .storeAbandoned })
    }

    func testACopyInAPlatformsOwnFunctionCarriesTheStore() {
        let spellings = [
            (
                "each file by its suffix",
                """
                        for suffix in ["", "-shm", "-wal"] {
                            let from = support.appendingPathComponent("default.store" + suffix)
                            let folder = destination.deletingLastPathComponent()
                            let into = folder.appendingPathComponent("default.store" + suffix)
                            try? manager.copyItem(at: from, to: into)
                        }
                """
            ),
            (
                "the store file alone, in do/catch",
                """
                        let from = support.appendingPathComponent("default.store")
                        do { try manager.copyItem(at: from, to: destination) } catch { print(error) }
                """
            ),
            (
                "moved, not copied",
                """
                        let legacy = support.appending(path: "default.store")
                        try? manager.moveItem(at: legacy, to: destination)
                """
            ),
        ]
        for (name, copy) in spellings {
            XCTAssertEqual(abandoned(copy: copy), [], name)
        }
    }

    /// Control: the function only logs where the old store was: nothing carries it, and it is left behind.
    func testWithoutACopyTheOldStoreIsLeftBehind() {
        let copy = """
                    print(support.appendingPathComponent("default.store"), destination)
            """
        XCTAssertEqual(abandoned(copy: copy).count, 1)
    }
}
