import Foundation
import XCTest

/// A container given a plan that migrates nothing (one version, no stages) beside its own models
/// (`Schema([Vault.self, Rate.self])`, more than the version lists) stores those models: what shipped is an
/// unversioned state. `lockfile_missing` asks for that state, `lock` records it, and then the check is clean: the
/// warning never asks for a version `lock` will not record (vultisig). Four spellings of the container's schema.
final class PlanBesideOwnModelsTests: XCTestCase {
    static let models = """
        import SwiftData
        import SwiftUI

        @Model final class Vault {
            var name: String = ""
            init() {}
        }

        @Model final class Rate {
            var value: Double = 0
            init() {}
        }

        enum VaultSchemaV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Vault.self] }
        }

        enum VaultPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [VaultSchemaV1.self] }
            static var stages: [MigrationStage] { [] }
        }

        """

    static let containers: [(name: String, source: String)] = [
        (
            "a local let in a closure",
            """
            @main struct VaultApp: App {
                let container: ModelContainer = {
                    let schema = Schema([Vault.self, Rate.self])
                    return try! ModelContainer(
                        for: schema, migrationPlan: VaultPlan.self,
                        configurations: [ModelConfiguration(schema: schema)])
                }()
                var body: some Scene { WindowGroup { Text("vault") }.modelContainer(container) }
            }
            """
        ),
        (
            "a static member of another type",
            """
            enum Storage {
                static let schema = Schema([Vault.self, Rate.self])
            }

            @main struct VaultApp: App {
                let container = try! ModelContainer(for: Storage.schema, migrationPlan: VaultPlan.self)
                var body: some Scene { WindowGroup { Text("vault") }.modelContainer(container) }
            }
            """
        ),
        (
            "written in the call",
            """
            @main struct VaultApp: App {
                let container = try! ModelContainer(
                    for: Schema([Vault.self, Rate.self]), migrationPlan: VaultPlan.self)
                var body: some Scene { WindowGroup { Text("vault") }.modelContainer(container) }
            }
            """
        ),
        (
            "the models as variadic arguments",
            """
            @main struct VaultApp: App {
                let container = try! ModelContainer(
                    for: Vault.self, Rate.self, migrationPlan: VaultPlan.self)
                var body: some Scene { WindowGroup { Text("vault") }.modelContainer(container) }
            }
            """
        ),
    ]

    func testTheLockfileWarningAsksForWhatLockRecords() throws {
        for (name, container) in Self.containers {
            let root = try TestSupport.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: root) }
            try Data((Self.models + container).utf8).write(to: root.appendingPathComponent("VaultApp.swift"))
            let first = try TestSupport.run(["check", "--verbose"], in: root)
            XCTAssertEqual(first.status, 0, name)
            let lines = first.stdout.split(separator: "\n")
            // The finding, why it holds and what to do.
            XCTAssertEqual(lines.count, 3, "\(name): \(first.stdout)")
            XCTAssertTrue(lines.first?.hasSuffix("[lockfile_missing]") == true, "\(name): \(first.stdout)")
            XCTAssertTrue(
                first.stdout.contains("plan migrates nothing and it opens its store with its own models"),
                "\(name): \(first.stdout)")

            let lock = try TestSupport.run(["lock"], in: root)
            XCTAssertEqual(lock.status, 0, "\(name): \(lock.stderr)")
            XCTAssertTrue(lock.stdout.contains("locked Unversioned@"), "\(name): \(lock.stdout)")
            XCTAssertTrue(
                lock.stdout.contains(
                    "not locked VaultSchemaV1: the containers given a plan listing VaultSchemaV1 pass their own "
                        + "models"),
                "\(name): \(lock.stdout)")
            let second = try TestSupport.run(["check"], in: root)
            XCTAssertEqual(second.status, 0, name)
            XCTAssertEqual(second.stdout, "", name)
        }
    }
}
