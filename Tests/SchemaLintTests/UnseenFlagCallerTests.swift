import SchemaLintEngine
import SchemaLintModel
import XCTest

/// An in-memory flag a helper's callers give, whose calls are in files pass 1 does not parse (no SwiftData word):
/// pass 2 reads the files that mention the helper, and the calls decide (Backyard Birds: every call leaves
/// `inMemory` out, and its default is a constant `true`; the container keeps nothing on disk).
final class UnseenFlagCallerTests: XCTestCase {
    private static let container = """
        import SwiftData
        import SwiftUI

        @Model final class Bird { var name: String = ""; init() {} }

        public enum Options { public static let inMemoryPersistence = true }

        struct DataContainer: ViewModifier {
            let container: ModelContainer
            init(inMemory: Bool) {
                container = try! ModelContainer(
                    for: Bird.self, configurations: [ModelConfiguration(isStoredInMemoryOnly: inMemory)])
            }
            func body(content: Content) -> some View { content.modelContainer(container) }
        }

        public extension View {
            func dataContainer(inMemory: Bool = Options.inMemoryPersistence) -> some View {
                modifier(DataContainer(inMemory: inMemory))
            }
        }
        """

    private func purposes(_ app: String, at path: String = "Birds/BirdsApp.swift") -> [ContainerPurpose] {
        TestSupport.analyze(["Data/Container.swift": Self.container, path: app]).project.containers.map(\.purpose)
    }

    /// The calls leave the flag out, written in the app's file, a widget's, and a watch app's helper.
    func testCallsThatLeaveTheFlagOutKeepTheStoreInMemory() {
        let apps: [(String, String)] = [
            ("Birds/BirdsApp.swift", "import SwiftUI\n\n@main struct BirdsApp: App {\n"
                + "    var body: some Scene { WindowGroup { Text(\"x\").dataContainer() } }\n}\n"),
            ("Widget/BirdsWidget.swift", "import SwiftUI\n\nstruct BirdsWidgetView: View {\n"
                + "    var body: some View { Text(\"x\").dataContainer() }\n}\n"),
            ("Watch/Root.swift", "import SwiftUI\n\nenum Root {\n    static func view() -> some View {\n"
                + "        Text(\"x\").dataContainer(inMemory: Options.inMemoryPersistence)\n    }\n}\n"),
        ]
        for (path, app) in apps {
            XCTAssertEqual(purposes(app, at: path), [.inMemory], path)
        }
    }

    /// Control: a call passing `false` keeps a store on disk, the app's.
    func testACallPassingFalseKeepsTheStoreOnDisk() {
        let app = "import SwiftUI\n\n@main struct BirdsApp: App {\n"
            + "    var body: some Scene { WindowGroup { Text(\"x\").dataContainer(inMemory: false) } }\n}\n"
        XCTAssertEqual(purposes(app), [.app])
    }
}
