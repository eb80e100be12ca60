import Foundation
import SchemaLintEngine
import SchemaLintModel
import SchemaLintRewrite
import SchemaLintStore
import XCTest

/// `schemalint bump` on an app that has no plan yet: its first version must be exactly what users' stores hold.
final class AdoptionTests: XCTestCase {
    /// Xcode's SwiftData template, grown by one release: a model file per class, the container in the app file.
    static let templateApp: [String: String] = [
        "Pantry/Item.swift": """
            import Foundation
            import SwiftData

            /// Something on a shelf.
            @Model
            final class Item: Identifiable {
                var timestamp: Date
                var name: String = ""
                @Relationship(deleteRule: .nullify, inverse: \\Shelf.items) var shelf: Shelf?

                init(timestamp: Date) {
                    self.timestamp = timestamp
                }
            }

            extension Item {
                var isFresh: Bool { timestamp > .now.addingTimeInterval(-86_400) }
            }
            """,
        "Pantry/Shelf.swift": """
            import SwiftData

            @Model final class Shelf {
                var label: String = ""
                var items: [Item] = []
                let note = \"\"\"
                    Shelves hold items.
                    \"\"\"
                init() {}
            }
            """,
        "Pantry/PantryApp.swift": """
            import SwiftData
            import SwiftUI

            @main
            struct PantryApp: App {
                var sharedModelContainer: ModelContainer = {
                    let schema = Schema([
                        Item.self,
                    ])
                    let modelConfiguration = ModelConfiguration(schema: schema, isStoredInMemoryOnly: false)
                    do {
                        return try ModelContainer(for: schema, configurations: [modelConfiguration])
                    } catch {
                        fatalError("Could not create ModelContainer: \\(error)")
                    }
                }()

                var body: some Scene {
                    WindowGroup { Text("Pantry") }
                        .modelContainer(sharedModelContainer)
                }
            }
            """,
        "PantryTests/PantryTests.swift": """
            import SwiftData
            import XCTest
            @testable import Pantry

            final class PantryTests: XCTestCase {
                func testShelf() throws {
                    let memory = ModelConfiguration(isStoredInMemoryOnly: true)
                    _ = try ModelContainer(for: Item.self, configurations: memory)
                }
            }
            """,
    ]

    func testTheTemplateAppAdoptsAPlanWithTheChecksumItsStoresCarry() throws {
        let before = TestSupport.analyze(Self.templateApp)
        let implicit = try XCTUnwrap(before.versions.first { ImplicitVersionKeys.isImplicit($0.key) })
        let lockfile = TestSupport.lock(before)
        let outcome = try Self.bump(Self.templateApp, lockfile: lockfile)
        XCTAssertEqual(outcome.createdFile, "Pantry/SchemaV1.swift")
        XCTAssertEqual(outcome.newName, "SchemaV1")
        XCTAssertEqual(outcome.planName, "MigrationPlan")
        XCTAssertEqual(outcome.files.keys.sorted(), [
            "Pantry/Item.swift", "Pantry/PantryApp.swift", "Pantry/SchemaV1.swift", "Pantry/Shelf.swift",
        ])
        let item = try XCTUnwrap(outcome.files["Pantry/Item.swift"])
        XCTAssertTrue(item.contains("""
            typealias Item = SchemaV1.Item

            extension SchemaV1 {
                /// Something on a shelf.
                @Model
                final class Item: Identifiable {
                    var timestamp: Date
            """), item)
        XCTAssertTrue(item.hasSuffix("""
                }
            }

            extension Item {
                var isFresh: Bool { timestamp > .now.addingTimeInterval(-86_400) }
            }
            """), item)
        XCTAssertTrue(
            try XCTUnwrap(outcome.files["Pantry/PantryApp.swift"]).contains(
                "try ModelContainer(for: schema, migrationPlan: MigrationPlan.self, "
                    + "configurations: [modelConfiguration])"))
        let version = try XCTUnwrap(outcome.files["Pantry/SchemaV1.swift"])
        XCTAssertTrue(version.contains("[Item.self, Shelf.self]"), version)
        for text in outcome.files.values { XCTAssertEqual(SyntaxErrorCounter.count(text), 0, text) }

        var files = Self.templateApp
        for (path, text) in outcome.files { files[path] = text }
        let after = TestSupport.analyze(files, lockfile: lockfile)
        XCTAssertEqual(after.analysis(forKey: "SchemaV1")?.hashes, implicit.hashes)
        XCTAssertFalse(after.project.versions.contains(where: \.isImplicit))
        XCTAssertEqual(TestSupport.summary(after.findings.filter { $0.severity != .note }), [])
        // The next model change goes through the ordinary bump, which now freezes nothing: SchemaV1 nests them.
        let next = try Self.bump(files, lockfile: TestSupport.lock(after))
        XCTAssertEqual(next.newName, "SchemaV2")
    }

    func testTheSwiftUIModifierIsLeftWithWhatToWrite() throws {
        let outcome = try Self.bump(["App.swift": UnversionedAppTests.shipped], lockfile: nil)
        XCTAssertEqual(outcome.files.keys.sorted(), ["App.swift", "SchemaV1.swift"])
        XCTAssertTrue(outcome.files["App.swift"]!.contains(".modelContainer(for: Friend.self)"))
        XCTAssertTrue(outcome.notes.contains { $0.contains("takes no migration plan") }, "\(outcome.notes)")
    }

    func testRefusesWhatItCannotAdoptSafely() throws {
        let twoStores = UnversionedAppTests.shipped.replacingOccurrences(
            of: "}\n\n@main", with: "}\n\n@Model final class Pet { var name = \"\"; init() {} }\n\n@main")
            + "\nlet petStore = try! ModelContainer(for: Pet.self)\n"
        XCTAssertThrowsError(try Self.bump(["App.swift": twoStores], lockfile: nil)) {
            XCTAssertTrue("\($0)".contains("2 app containers store different sets of models"), "\($0)")
        }
        XCTAssertThrowsError(try Self.bump(["App.swift": UnversionedAppTests.shipped, "SchemaV1.swift": "enum X {}"],
            lockfile: nil)) {
            XCTAssertTrue("\($0)".contains("SchemaV1.swift already exists"), "\($0)")
        }
    }

    /// Real stores written by unversioned apps still match once the app has adopted a plan.
    func testRealStoresMatchTheAdoptedVersion() throws {
        let cases = [
            ("swiftdata/cheftime.store", "ChefTime", "ChefTimeSchema.swift", "[SDFolder.self, SDRecipe.self]"),
            (
                "swiftdata/vivobody-db99d12.store", "Vivobody", "VivobodySchema.swift",
                "[WorkoutSession.self, Exercise.self, WorkoutSet.self, WorkoutTemplate.self, TemplateExercise.self, "
                    + "TemplateSet.self, ExerciseCatalogItem.self, BodyWeightEntry.self]"
            ),
        ]
        for (store, fixture, probe, container) in cases {
            var files = try UnversionedAppTests.unversioned(fixture, probe: probe, container: container)
            let path = StoreVerificationTests.storesFolder.appendingPathComponent(store).path
            try TestSupport.requireSharedStore(path)
            let metadata = try StoreReader.metadata(of: path)
            let before = TestSupport.analyze(files)
            XCTAssertEqual(StoreVerifier.verify(metadata, against: before).matches.count, 1, store)
            let outcome = try Self.bump(files, lockfile: nil)
            for (path, text) in outcome.files { files[path] = text }
            XCTAssertEqual(StoreVerifier.verify(metadata, against: TestSupport.analyze(files)).matches, ["SchemaV1"],
                store)
        }
    }

    /// As a user runs it: lock the unversioned app, adopt, check; the locked state is the new version.
    func testAdoptionEndToEnd() throws {
        let root = try TestSupport.temporaryDirectory()
        for (path, text) in Self.templateApp {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        XCTAssertEqual(try TestSupport.run(["lock"], in: root).status, 0)
        let dry = try TestSupport.run(["bump", "--dry-run"], in: root)
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertTrue(dry.stdout.hasPrefix("import SwiftData\n"), dry.stdout)
        XCTAssertTrue(dry.stderr.contains("would adopt MigrationPlan: its first version SchemaV1 (1.0.0) is the "
            + "unversioned state Unversioned@"), dry.stderr)
        let written = root.appendingPathComponent("Pantry/SchemaV1.swift").path
        XCTAssertFalse(FileManager.default.fileExists(atPath: written))
        let adopted = try TestSupport.run(["bump"], in: root)
        XCTAssertEqual(adopted.status, 0, adopted.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: written))
        let check = try TestSupport.run(["check"], in: root)
        XCTAssertEqual(check.status, 0, check.stdout)
        XCTAssertFalse(check.stdout.contains("shipped_version_not_in_plan"), check.stdout)
        let hash = try TestSupport.run(["hash"], in: root)
        XCTAssertTrue(hash.stdout.hasPrefix("SchemaV1"), hash.stdout)
        // A second run finds a plan and starts SchemaV2 instead.
        let again = try TestSupport.run(["bump", "--dry-run"], in: root)
        XCTAssertTrue(
            again.stderr.contains("would start SchemaV2 (2.0.0) after SchemaV1 in MigrationPlan"), again.stderr)
    }

    static func bump(_ files: [String: String], lockfile: Lockfile?) throws -> Bumper.Outcome {
        try Bumper(analyzer: Analyzer(threads: 1), lockfile: lockfile, workingDirectory: "/nonexistent")
            .run(files: BumpTests.sourceFiles(files), request: Bumper.Request())
    }
}
