import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A version's `models` written the ways Swift allows: a literal, `+`, `Array(...)`, another version's or another
/// type's `models`, a constant or a function in another file, a getter with `return`, a ternary whose branches agree.
/// Each must hash exactly as the literal list does. What cannot be read is unknown: no checksum, not locked (the other
/// versions are), and no finding rests on it.
final class ModelListSpellingTests: XCTestCase {
    /// A lending library: three versions, a plan, and the app's container.
    func library(v2 models2: String, v3 models3: String, extra: [String: String] = [:]) -> [String: String] {
        Self.library(v2: models2, v3: models3, extra: extra)
    }

    static func library(v2 models2: String, v3 models3: String, extra: [String: String] = [:]) -> [String: String] {
        var files = [
            "Library/LibraryV1.swift": """
            import SwiftData

            enum LibraryV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Book.self] }
                @Model final class Book {
                    var title: String = ""
                    init() {}
                }
            }
            """,
            "Library/LibraryV2.swift": """
            import SwiftData

            enum LibraryV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                \(models2)
                @Model final class Shelf {
                    var label: String = ""
                    init() {}
                }
            }
            """,
            "Library/LibraryV3.swift": """
            import SwiftData

            enum LibraryV3: VersionedSchema {
                static var versionIdentifier = Schema.Version(3, 0, 0)
                \(models3)
                @Model final class Loan {
                    var due: Date = Date()
                    init() {}
                }
            }
            """,
            "Library/LibraryPlan.swift": """
            import SwiftData

            enum LibraryPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [LibraryV1.self, LibraryV2.self, LibraryV3.self] }
                static var stages: [MigrationStage] {
                    [
                        .lightweight(fromVersion: LibraryV1.self, toVersion: LibraryV2.self),
                        .lightweight(fromVersion: LibraryV2.self, toVersion: LibraryV3.self),
                    ]
                }
            }
            """,
            "App/LibraryApp.swift": """
            import SwiftData
            import SwiftUI

            @main struct LibraryApp: App {
                let container = try! ModelContainer(
                    for: Schema(versionedSchema: LibraryV3.self), migrationPlan: LibraryPlan.self)
                var body: some Scene { WindowGroup { Text("Loans") }.modelContainer(container) }
            }
            """,
        ]
        files.merge(extra) { _, new in new }
        return files
    }

    let literalV2 = "static var models: [any PersistentModel.Type] { [LibraryV1.Book.self, Shelf.self] }"
    let literalV3 =
        "static var models: [any PersistentModel.Type] { [LibraryV1.Book.self, LibraryV2.Shelf.self, Loan.self] }"

    func checksums(_ analysis: Analysis) -> [String: String] {
        Dictionary(uniqueKeysWithValues: analysis.versions.map { ($0.key, $0.hashes.checksum) })
    }

    // MARK: Spellings that mean the literal list

    func testEverySpellingOfAListHashesAsTheLiteralDoes() {
        let reference = checksums(TestSupport.analyze(library(v2: literalV2, v3: literalV3)))
        XCTAssertEqual(Set(reference.keys), ["LibraryV1", "LibraryV2", "LibraryV3"])
        XCTAssertEqual(Set(reference.values).count, 3, "three different stores")
        let catalogue = """
            import SwiftData

            enum Catalogue {
                static let shelfModels: [any PersistentModel.Type] = [LibraryV2.Shelf.self]
                static func everything() -> [any PersistentModel.Type] {
                    [LibraryV1.Book.self, LibraryV2.Shelf.self]
                }
            }

            /// Not a VersionedSchema: a plain enum that holds a list.
            enum SharedModels {
                static var models: [any PersistentModel.Type] { [LibraryV1.Book.self] }
            }

            func baseModels() -> [any PersistentModel.Type] { LibraryV1.models }

            let loanModels: [any PersistentModel.Type] = [LibraryV3.Loan.self]
            """
        let spellings: [(String, v2: String, v3: String)] = [
            (
                "another version's models plus a literal",
                "static var models: [any PersistentModel.Type] { LibraryV1.models + [Shelf.self] }",
                "static var models: [any PersistentModel.Type] { LibraryV2.models + [Loan.self] }"
            ),
            (
                "a literal plus another version's models",
                "static var models: [any PersistentModel.Type] { [Shelf.self] + LibraryV1.models }",
                "static var models: [any PersistentModel.Type] { [Loan.self] + LibraryV2.models }"
            ),
            (
                "Array(...) and a getter with return",
                "static var models: [any PersistentModel.Type] { return Array(LibraryV1.models) + [Shelf.self] }",
                "static var models: [any PersistentModel.Type] { get { return Array(LibraryV2.models + [Loan.self]) } }"
            ),
            (
                "a static let of another type, in another file",
                "static var models: [any PersistentModel.Type] { LibraryV1.models + Catalogue.shelfModels }",
                "static let models: [any PersistentModel.Type] = LibraryV2.models + loanModels"
            ),
            (
                "functions, global and static, in another file",
                "static var models: [any PersistentModel.Type] { baseModels() + [Shelf.self] }",
                "static var models: [any PersistentModel.Type] { Catalogue.everything() + [Loan.self] }"
            ),
            (
                "a plain enum's models, and a ternary whose branches agree",
                "static var models: [any PersistentModel.Type] { SharedModels.models + [Shelf.self] }",
                "static var models: [any PersistentModel.Type] { "
                    + "ProcessInfo.processInfo.arguments.isEmpty ? LibraryV2.models + [Loan.self] "
                    + ": [Loan.self, LibraryV2.Shelf.self, LibraryV1.Book.self] }"
            ),
        ]
        for (name, v2, v3) in spellings {
            let analysis = TestSupport.analyze(library(v2: v2, v3: v3, extra: ["Library/Catalogue.swift": catalogue]))
            XCTAssertEqual(analysis.unreadNotes, [], name)
            XCTAssertEqual(checksums(analysis), reference, name)
            let outcome = Locker.plan(analysis, existing: nil, request: Locker.Request())
            XCTAssertEqual(outcome.recorded.sorted(), ["LibraryV1", "LibraryV2", "LibraryV3"], name)
            XCTAssertTrue(outcome.unread.isEmpty && outcome.incomplete.isEmpty, name)
        }
    }

    // MARK: Lists built as collections

    /// Modules that each expose `models`, and a list of them: what `flatMap`, `reduce` and `map` go over.
    let modules = """
        import SwiftData

        enum BookModule { static var models: [any PersistentModel.Type] { [LibraryV1.Book.self] } }
        enum ShelfModule { static var models: [any PersistentModel.Type] { [LibraryV2.Shelf.self] } }
        enum Modules {
            static let all: [Any.Type] = [BookModule.self, ShelfModule.self]
            static func gathered() -> [any PersistentModel.Type] {
                var found: [any PersistentModel.Type] = [LibraryV3.Loan.self]
                found.append(contentsOf: LibraryV2.models)
                return found
            }
        }
        """

    func testListsBuiltAsCollectionsHashAsTheLiteralDoes() {
        let reference = checksums(TestSupport.analyze(library(v2: literalV2, v3: literalV3)))
        let spellings: [(String, v2: String, v3: String)] = [
            (
                "a local var appended to, in a getter",
                "static var models: [any PersistentModel.Type] { var list = LibraryV1.models; list.append(Shelf.self); "
                    + "return list }",
                "static var models: [any PersistentModel.Type] { var list: [any PersistentModel.Type] = []\n"
                    + "list.append(contentsOf: LibraryV2.models)\n list += [Loan.self]\n return list }"
            ),
            (
                "flatMap and reduce(into:) over modules",
                "static var models: [any PersistentModel.Type] { "
                    + "[BookModule.self, ShelfModule.self].flatMap { $0.models } }",
                "static var models: [any PersistentModel.Type] { Modules.all.reduce(into: []) { $0 += $1.models } + "
                    + "[Loan.self] }"
            ),
            (
                "map then joined, and a closure called at once",
                "static let models: [any PersistentModel.Type] = "
                    + "Array([BookModule.self, ShelfModule.self].map(\\.models).joined())",
                "static let models: [any PersistentModel.Type] = { var all = Modules.all.flatMap(\\.models)\n"
                    + "all.append(Loan.self)\n return all }()"
            ),
            (
                "reduce([], +) over lists, and a function that builds its list",
                "static var models: [any PersistentModel.Type] { [LibraryV1.models, [Shelf.self]].reduce([], +) }",
                "static var models: [any PersistentModel.Type] { Modules.gathered() }"
            ),
            (
                "reduce with a closure of named parameters",
                "static var models: [any PersistentModel.Type] { Modules.all.reduce([]) { sum, module in "
                    + "sum + module.models } }",
                "static var models: [any PersistentModel.Type] { [LibraryV2.self].reduce(into: [Loan.self]) { "
                    + "result, version in result.append(contentsOf: version.models) } }"
            ),
        ]
        for (name, v2, v3) in spellings {
            let analysis = TestSupport.analyze(library(v2: v2, v3: v3, extra: ["Library/Modules.swift": modules]))
            XCTAssertEqual(analysis.unreadNotes, [], name)
            XCTAssertEqual(checksums(analysis), reference, name)
        }
        // Controls: a module left out of the list, or an append left out, is another store, not the literal's.
        let short = TestSupport.analyze(
            library(
                v2: "static var models: [any PersistentModel.Type] { [ShelfModule.self].flatMap { $0.models } }",
                v3: "static var models: [any PersistentModel.Type] { var list = LibraryV2.models; return list }",
                extra: ["Library/Modules.swift": modules]))
        XCTAssertEqual(short.unreadNotes, [])
        XCTAssertNotEqual(checksums(short)["LibraryV2"], reference["LibraryV2"])
        XCTAssertNotEqual(checksums(short)["LibraryV3"], reference["LibraryV3"])
        XCTAssertEqual(checksums(short)["LibraryV1"], reference["LibraryV1"])
    }

    /// `models` given by a protocol extension a version conforms to: read there; a version's own list still wins.
    func testAProtocolExtensionsDefaultModelsAreTheVersionsList() {
        let reference = checksums(TestSupport.analyze(library(v2: literalV2, v3: literalV3)))
        let v2 = """
            import SwiftData

            protocol ShelvedLibrary {}
            extension ShelvedLibrary {
                static var models: [any PersistentModel.Type] { [LibraryV1.Book.self, LibraryV2.Shelf.self] }
            }

            enum LibraryV2: VersionedSchema, ShelvedLibrary {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                @Model final class Shelf {
                    var label: String = ""
                    init() {}
                }
            }
            """
        let analysis = TestSupport.analyze(
            library(v2: "", v3: literalV3, extra: ["Library/LibraryV2.swift": v2]))
        XCTAssertEqual(analysis.unreadNotes, [])
        XCTAssertEqual(checksums(analysis), reference)
        // Control: the version's own `models` (Book alone) is its list, not the protocol's.
        let own = v2.replacingOccurrences(
            of: "static var versionIdentifier = Schema.Version(2, 0, 0)",
            with: "static var versionIdentifier = Schema.Version(2, 0, 0)\n"
                + "    static var models: [any PersistentModel.Type] { [LibraryV1.Book.self] }")
        let overridden = TestSupport.analyze(library(v2: "", v3: literalV3, extra: ["Library/LibraryV2.swift": own]))
        XCTAssertNotEqual(checksums(overridden)["LibraryV2"], reference["LibraryV2"])
        XCTAssertEqual(
            overridden.project.version(key: "LibraryV2")?.models?.map(\.written.description), ["LibraryV1.Book"])
    }

    // MARK: Lists that cannot be read

    func testAListThatCannotBeReadHasNoChecksumAndIsNamedWithItsReason() {
        let cases: [(String, v2: String, extra: String, reason: String)] = [
            (
                "a call with arguments",
                "static var models: [any PersistentModel.Type] { LibraryV1.models + registry(at: 2) }", "",
                "`registry(at: 2)` is not a list schemalint can read"
            ),
            (
                "a type no file declares",
                "static var models: [any PersistentModel.Type] { LibraryV1.models + Elsewhere.models }", "",
                "`Elsewhere.models` names a type schemalint cannot find"
            ),
            (
                "branches that differ",
                "static var models: [any PersistentModel.Type] { "
                    + "CommandLine.arguments.isEmpty ? [Shelf.self] : LibraryV1.models + [Shelf.self] }", "",
                "it is one of 2 different lists, depending on a value read at run time"
            ),
            (
                "a list that refers back to itself",
                "static var models: [any PersistentModel.Type] { Looping.models }",
                "enum Looping { static var models: [any PersistentModel.Type] { Looping.models + [] } }",
                "`Looping.models` refers back to itself"
            ),
            (
                "a local list changed inside an if",
                "static var models: [any PersistentModel.Type] { var base = LibraryV1.models; "
                    + "if CommandLine.argc > 1 { base.append(Shelf.self) }; return base }", "",
                "`if CommandLine.argc > 1 { base.append(Shelf.self) }` changes `base` in a way schemalint "
                    + "does not follow"
            ),
            (
                "a local list emptied",
                "static var models: [any PersistentModel.Type] { var base = LibraryV1.models + [Shelf.self]; "
                    + "base.removeAll { _ in false }; return base }", "",
                "`base.removeAll { _ in false }` changes `base` in a way schemalint does not follow"
            ),
            (
                "flatMap over a list whose element is not a type",
                "static var models: [any PersistentModel.Type] { [registry(at: 1)].flatMap { $0.models } }", "",
                "`registry(at: 1)` in the list is not a `Model.self`"
            ),
        ]
        for (name, v2, extra, reason) in cases {
            let files = library(
                v2: v2, v3: "static var models: [any PersistentModel.Type] { LibraryV2.models + [Loan.self] }",
                extra: extra.isEmpty ? [:] : ["Library/Extra.swift": "import SwiftData\n\(extra)\n"])
            let analysis = TestSupport.analyze(files)
            XCTAssertEqual(analysis.unreadVersions.map(\.key), ["LibraryV2", "LibraryV3"], name)
            XCTAssertEqual(analysis.project.version(key: "LibraryV2")?.modelsUnread?.reason, reason, name)
            // V3 is built on V2: the same reason, never a checksum of V3's own model alone.
            XCTAssertEqual(analysis.project.version(key: "LibraryV3")?.modelsUnread?.reason, reason, name)
            XCTAssertEqual(analysis.versions.map(\.key), ["LibraryV1"], name)
            let text = HashReport.text(analysis)
            let unreadable = "LibraryV2 (2.0.0)\n  unreadable:  its `models` list cannot be read: \(reason)"
            XCTAssertTrue(text.contains(unreadable), text)
            XCTAssertEqual(text.components(separatedBy: "checksum ").count - 1, 1, text)
            // lock records what it can read and names the rest; it does not refuse the app.
            let outcome = Locker.plan(analysis, existing: nil, request: Locker.Request())
            XCTAssertEqual(outcome.recorded, ["LibraryV1"], name)
            XCTAssertEqual(outcome.unread.map(\.key), ["LibraryV2", "LibraryV3"], name)
            XCTAssertTrue(outcome.incomplete.isEmpty, name)
            XCTAssertTrue(LockReport(outcome: outcome, path: "schemalint.lock", reason: nil).problems.isEmpty, name)
        }
    }

    /// Locked when the lists were literals; now V2's cannot be read. Nothing is "removed", "edited" or "not in the
    /// plan", and `upgrades` says it cannot tell instead of a verdict.
    func testNoFindingRestsOnAListThatWasNotRead() {
        let locked = TestSupport.lock(TestSupport.analyze(library(v2: literalV2, v3: literalV3)))
        XCTAssertEqual(locked.versions.keys.sorted(), ["LibraryV1", "LibraryV2", "LibraryV3"])
        let unread = library(
            v2: "static var models: [any PersistentModel.Type] { LibraryV1.models + registry(at: 2) }",
            v3: "static var models: [any PersistentModel.Type] { LibraryV2.models + [Loan.self] }")
        let analysis = TestSupport.analyze(unread, lockfile: locked)
        XCTAssertEqual(analysis.findings.filter { $0.severity >= .warning }.map(\.rule), [])
        XCTAssertEqual(analysis.unreadNotes.count, 2)
        let rows = analysis.upgrades.rows
        XCTAssertEqual(rows.map(\.name), ["LibraryV1", "LibraryV2", "LibraryV3"])
        for row in rows {
            guard case .cannotTell = row.outcome else { return XCTFail("\(row.name): \(row.outcome)") }
        }
        // Locking again keeps the entries it cannot read, as they were.
        let outcome = Locker.plan(analysis, existing: locked, request: Locker.Request())
        XCTAssertEqual(outcome.lockfile.versions.keys.sorted(), ["LibraryV1", "LibraryV2", "LibraryV3"])
        XCTAssertEqual(outcome.lockfile.versions["LibraryV2"]?.checksum, locked.versions["LibraryV2"]?.checksum)
        XCTAssertFalse(outcome.changed)
    }

    /// The built binary, as a user runs it: `lock` writes the versions it can read and exits 0, `hash` prints no
    /// checksum for the one it cannot, `check` notes it.
    func testLockHashAndCheckOnAnAppWithOneUnreadableList() throws {
        let app = try TestSupport.temporaryDirectory()
        let files = library(
            v2: "static var models: [any PersistentModel.Type] { LibraryV1.models + [Shelf.self] }",
            v3: "static var models: [any PersistentModel.Type] { LibraryV2.models + registry(at: 3) }")
        for (path, text) in files {
            let url = app.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let lock = try TestSupport.run(["lock"], in: app)
        XCTAssertEqual(lock.status, 0, lock.stderr)
        XCTAssertTrue(lock.stdout.contains("locked LibraryV1 "), lock.stdout)
        XCTAssertTrue(lock.stdout.contains("locked LibraryV2 "), lock.stdout)
        XCTAssertTrue(
            lock.stdout.contains(
                "not locked LibraryV3: its `models` list cannot be read (`registry(at: 3)` is not a list schemalint "
                    + "can read, Library/LibraryV3.swift:5:"), lock.stdout)
        let hash = try TestSupport.run(["hash"], in: app)
        XCTAssertEqual(hash.status, 0, hash.stderr)
        XCTAssertEqual(hash.stdout.components(separatedBy: "checksum ").count - 1, 2, hash.stdout)
        XCTAssertTrue(hash.stdout.contains("LibraryV3 (3.0.0)\n  unreadable:  its `models` list"), hash.stdout)
        let check = try TestSupport.run(["check"], in: app)
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(
            check.stderr.contains("schemalint: note: Library/LibraryV3.swift:5:"), check.stderr)
        XCTAssertTrue(check.stderr.contains("it is neither hashed, locked nor checked"), check.stderr)
    }
}

/// A container's models go through the same evaluation: `Schema(...)` of a sum, of a function's list, of a parameter
/// whose default is a sum.
final class ContainerModelListTests: XCTestCase {
    func testAContainerGivenASumOpensThoseModels() {
        let base = ModelListSpellingTests.library(
            v2: "static var models: [any PersistentModel.Type] { LibraryV1.models + [Shelf.self] }",
            v3: "static var models: [any PersistentModel.Type] { LibraryV2.models + [Loan.self] }")
        let stores: [(String, String)] = [
            ("Schema of a sum", "try ModelContainer(for: Schema(LibraryV1.models + [LibraryV2.Shelf.self]))"),
            ("Schema of Array(...)", "try ModelContainer(for: Schema(Array(LibraryV2.models)))"),
            ("a parameter's default", "try makeStore()"),
        ]
        for (name, call) in stores {
            let files = base.merging([
                "Widget/WidgetStore.swift": """
                import SwiftData

                func makeStore(models: [any PersistentModel.Type] = LibraryV1.models + [LibraryV2.Shelf.self]) throws
                    -> ModelContainer
                {
                    try ModelContainer(for: Schema(models))
                }

                func widgetStore() throws -> ModelContainer {
                    \(call)
                }
                """
            ]) { $1 }
            let project = TestSupport.analyze(files).project
            let widget = project.containers.filter { $0.location.file == "Widget/WidgetStore.swift" }
            // Its models, or those of the version `Schema(V.models)` is read as.
            let opened = widget.map { container in
                let entities =
                    container.models?.compactMap(\.entity)
                    ?? container.versionedSchema.flatMap { project.version($0)?.allEntities } ?? []
                return entities.map { project.symbols[$0].qualifiedName }.sorted()
            }
            XCTAssertTrue(opened.contains(["LibraryV1.Book", "LibraryV2.Shelf"]), "\(name): \(opened)")
        }
    }
}
