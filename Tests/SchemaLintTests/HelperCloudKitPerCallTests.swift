import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// One helper opening two stores, each call passing its own CloudKit database (a local store beside a synced one,
/// Chronos's `setupModelContainer(storeName:cloudKitDatabase:)`): each store syncs as its own call says, never as
/// the other's. Three spellings (a method of an instance, a static function in another file, a parameter with a
/// default one call leaves out); control: both calls syncing make both stores sync.
final class HelperCloudKitPerCallTests: XCTestCase {
    static let models = """
        import SwiftData

        @Model final class Code {
            var secret: String = ""
            init() {}
        }
        """

    func syncing(_ files: [String: String]) -> [String] {
        var all = files
        all["Vault/Models.swift"] = Self.models
        let analysis = TestSupport.analyze(all)
        return analysis.topology.stores.map { "\($0.location.key) \($0.syncs)" }.sorted()
    }

    static let expected = [
        "file:⟨Application Support⟩/Vault/local.sqlite false", "file:⟨Application Support⟩/Vault/synced.sqlite true",
    ]

    func testEachCallsCloudKitDatabaseIsItsStoresOwn() {
        let ways: [(String, [String: String])] = [
            (
                "a method of an instance",
                [
                    "Vault/Stores.swift": """
                    import Foundation
                    import SwiftData

                    final class Stores {
                        private let folder = URL.applicationSupportDirectory.appendingPathComponent("Vault")
                        lazy var local = open("local.sqlite", cloud: .none)
                        lazy var synced = open("synced.sqlite", cloud: .automatic)
                        private func open(_ name: String, cloud: ModelConfiguration.CloudKitDatabase)
                            -> ModelContainer
                        {
                            let configuration = ModelConfiguration(
                                url: folder.appendingPathComponent(name), cloudKitDatabase: cloud)
                            return try! ModelContainer(for: Code.self, configurations: configuration)
                        }
                    }
                    """
                ]
            ),
            (
                "a static function, called with Self.",
                [
                    "Vault/Open.swift": """
                    import Foundation
                    import SwiftData

                    enum Open {
                        static let local = Self.container(file: "local.sqlite", database: .none)
                        static let synced = Self.container(file: "synced.sqlite", database: .automatic)
                        static func container(file: String, database: ModelConfiguration.CloudKitDatabase)
                            -> ModelContainer
                        {
                            let url = URL.applicationSupportDirectory.appending(path: "Vault").appending(path: file)
                            let configuration = ModelConfiguration(url: url, cloudKitDatabase: database)
                            return try! ModelContainer(for: Code.self, configurations: [configuration])
                        }
                    }
                    """
                ]
            ),
            (
                "a default one call leaves out",
                [
                    "Vault/Open.swift": """
                    import Foundation
                    import SwiftData

                    func openVault(_ file: String, cloud: ModelConfiguration.CloudKitDatabase = .none)
                        -> ModelContainer
                    {
                        let url = URL.applicationSupportDirectory.appending(path: "Vault/\\(file)")
                        return try! ModelContainer(
                            for: Code.self, configurations: ModelConfiguration(url: url, cloudKitDatabase: cloud))
                    }
                    let localVault = openVault("local.sqlite")
                    let syncedVault = openVault("synced.sqlite", cloud: .automatic)
                    """
                ]
            ),
        ]
        for (name, files) in ways {
            XCTAssertEqual(syncing(files), Self.expected, name)
        }
        let both = syncing([
            "Vault/Open.swift": """
            import Foundation
            import SwiftData

            func openVault(_ file: String, cloud: ModelConfiguration.CloudKitDatabase) -> ModelContainer {
                let url = URL.applicationSupportDirectory.appending(path: "Vault/\\(file)")
                return try! ModelContainer(
                    for: Code.self, configurations: ModelConfiguration(url: url, cloudKitDatabase: cloud))
            }
            let localVault = openVault("local.sqlite", cloud: .automatic)
            let syncedVault = openVault("synced.sqlite", cloud: .automatic)
            """
        ])
        XCTAssertEqual(both, Self.expected.map { $0.replacingOccurrences(of: " false", with: " true") })
    }

    /// The database written with its type in full (`ModelConfiguration.CloudKitDatabase.none`), picked by a flag each
    /// call passes (Three Daily Goals' `withCloud ? ... : ...`), or held by a constant: the same values as `.none`.
    func testADatabaseWrittenWithItsTypeInFullIsRead() {
        let ways: [(String, String)] = [
            (
                "a flag picking one of two written in full",
                """
                let database = withCloud
                    ? ModelConfiguration.CloudKitDatabase.automatic : ModelConfiguration.CloudKitDatabase.none
                """
            ),
            (
                "private with its container, in full",
                """
                let database: ModelConfiguration.CloudKitDatabase =
                    withCloud ? ModelConfiguration.CloudKitDatabase.private("iCloud.vault") : .none
                """
            ),
            (
                "the short type name",
                "let database = withCloud ? CloudKitDatabase.automatic : CloudKitDatabase.none"
            ),
        ]
        for (name, database) in ways {
            let found = syncing([
                "Vault/Open.swift": """
                import Foundation
                import SwiftData

                enum Open {
                    static let local = container(file: "local.sqlite", withCloud: false)
                    static let synced = container(file: "synced.sqlite", withCloud: true)
                    static func container(file: String, withCloud: Bool) -> ModelContainer {
                        \(database)
                        let url = URL.applicationSupportDirectory.appending(path: "Vault").appending(path: file)
                        let configuration = ModelConfiguration(url: url, cloudKitDatabase: database)
                        return try! ModelContainer(for: Code.self, configurations: [configuration])
                    }
                }
                """
            ])
            XCTAssertEqual(found, Self.expected, name)
        }
    }
}
