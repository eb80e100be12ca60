import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A container made by an initialiser its class inherits (SideStore, field test 25): `RSTPersistentContainer` declares
/// `init(name:bundle:)`, and `PersistentContainer`, its subclass that only overrides `defaultDirectoryURL()`, is made
/// with it. The call of the subclass is a call of that initialiser, and the container made is the subclass's, in the
/// folder its override returns. On the journal app of `CoreDataStoreLocationTests`.
extension CoreDataStoreLocationTests {
    /// A container class declaring `init(name:bundle:)` (`convenience` when `convenience` is true).
    static func bundleContainer(_ name: String, convenience: Bool = false) -> String {
        let made =
            convenience
            ? "self.init(name: name, managedObjectModel: model)" : "super.init(name: name, managedObjectModel: model)"
        return """
            import CoreData

            class \(name): NSPersistentContainer {
                \(convenience ? "convenience " : "")init(name: String, bundle: Bundle) {
                    let model = NSManagedObjectModel.mergedModel(from: [bundle])!
                    \(made)
                }
            }
            """
    }

    static let groupOverride = """
        override class func defaultDirectoryURL() -> URL { \(groupFolder).appendingPathComponent("Database") }
        """

    static let groupContainer = "import CoreData\nclass GroupContainer: BaseContainer {\n    \(groupOverride)\n}\n"

    static func madeBy(_ call: String) -> String {
        """
        import CoreData

        final class Persistence {
            let container: NSPersistentContainer
            init() {
                container = \(call)
                container.loadPersistentStores { _, _ in }
            }
        }
        """
    }

    static let inheritedInitialisers: [Spelling] = [
        Spelling(
            name: "the subclass in the file that makes it (SideStore)",
            stack: madeBy("GroupContainer(name: \"Journal\", bundle: .main)")
                + "\nfileprivate class GroupContainer: BaseContainer {\n    \(groupOverride)\n}\n",
            others: ["Journal/BaseContainer.swift": bundleContainer("BaseContainer")]),
        Spelling(
            name: "a subclass of the subclass",
            stack: madeBy("JournalContainer(name: \"Journal\", bundle: Bundle(for: Persistence.self))"),
            others: [
                "Journal/BaseContainer.swift": bundleContainer("BaseContainer"),
                "Journal/Containers.swift": """
                import CoreData

                class GroupContainer: BaseContainer {
                    \(groupOverride)
                }
                final class JournalContainer: GroupContainer {}
                """,
            ]),
        Spelling(
            name: "a name from another type's constant",
            stack: madeBy("GroupContainer(name: StoreNames.journal, bundle: .main)"),
            others: [
                "Journal/BaseContainer.swift": bundleContainer("BaseContainer"),
                "Journal/GroupContainer.swift": groupContainer,
                "Journal/StoreNames.swift": "enum StoreNames { static let journal = \"Journal\" }\n",
            ]),
        Spelling(
            name: "a convenience initialiser",
            stack: madeBy("GroupContainer(name: \"Journal\", bundle: .main)"),
            others: [
                "Journal/BaseContainer.swift": bundleContainer("BaseContainer", convenience: true),
                "Journal/GroupContainer.swift": groupContainer,
            ]),
    ]

    func testACallOfASubclassIsACallOfTheInitialiserItInherits() throws {
        for spelling in Self.inheritedInitialisers {
            XCTAssertEqual(try keys(spelling), ["file:⟨group:\(Self.group)⟩/Database/Journal.sqlite"], spelling.name)
        }
    }

    /// Control: a subclass that declares an initialiser of its own inherits none, so its calls are not the base's:
    /// nothing calls the base's initialiser, and which file it would open cannot be told.
    func testASubclassWithItsOwnInitialiserInheritsNone() throws {
        let spelling = Spelling(
            name: "own initialiser",
            stack: Self.madeBy("GroupContainer(kind: 1)"),
            others: [
                "Journal/BaseContainer.swift": Self.bundleContainer("BaseContainer"),
                "Journal/GroupContainer.swift": """
                import CoreData

                class GroupContainer: BaseContainer {
                    init(kind: Int) { super.init(name: "Kind\\(kind)", bundle: .main) }
                    \(Self.groupOverride)
                }
                """,
            ])
        XCTAssertEqual(try keys(spelling), [nil])
    }
}
