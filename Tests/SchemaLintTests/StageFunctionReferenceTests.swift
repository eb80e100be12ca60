import SchemaLintEngine
import XCTest

/// A custom stage given a function by name (`didMigrate: fillQuotes`, `Self.fillQuotes`, `QuoteMigrations.fill`, a
/// `static let` closure): the function's body is read as the closure it stands for, wherever it is declared, so the
/// rules that read stage closures see it.
final class StageFunctionReferenceTests: XCTestCase {
    /// A reading log: V1 keeps books, V2 adds the quotes users mark in them.
    private static let versions = """
        import SwiftData
        import Foundation

        enum ShelfV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Book.self] }
            @Model final class Book {
                var title: String = ""
                var author: String = ""
                init(title: String) { self.title = title }
            }
        }

        enum ShelfV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Book.self, Quote.self] }
            @Model final class Book {
                var title: String = ""
                var author: String = ""
                init(title: String) { self.title = title }
            }
            @Model final class Quote {
                var text: String = ""
                var page: Int = 0
                init(text: String) { self.text = text }
            }
        }

        """

    /// didMigrate builds a quote per book and never inserts it.
    private static let losing = """
            for book in try context.fetch(FetchDescriptor<ShelfV2.Book>()) {
                let quote = ShelfV2.Quote(text: book.title)
                quote.page = 1
            }
            try context.save()
        """

    /// didMigrate reads the books through V1's class, which the stage's target does not hold.
    private static let wrongVersion = """
            let books = try context.fetch(FetchDescriptor<ShelfV1.Book>())
            for book in books { context.insert(ShelfV2.Quote(text: book.title)) }
            try context.save()
        """

    /// didMigrate inserts what it builds, from V2's classes.
    private static let quiet = """
            for book in try context.fetch(FetchDescriptor<ShelfV2.Book>()) {
                let quote = ShelfV2.Quote(text: book.title)
                quote.page = 1
                context.insert(quote)
            }
            try context.save()
        """

    private static func plan(didMigrate: String, members: String = "") -> String {
        """
        enum ShelfPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [ShelfV1.self, ShelfV2.self] }
            static var stages: [MigrationStage] { [addQuotes] }
            static let addQuotes = MigrationStage.custom(
                fromVersion: ShelfV1.self, toVersion: ShelfV2.self, willMigrate: nil, didMigrate: \(didMigrate))
        \(members)
        }

        """
    }

    /// The spellings, each as the app's files (path → source), with `body` as the function's body.
    private static func spellings(_ body: String) -> [(String, [String: String])] {
        let indented = body.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
            .joined(separator: "\n")
        return [
            (
                "a static func of the plan",
                [
                    "Shelf/Schema.swift": versions
                        + plan(
                            didMigrate: "fillQuotes",
                            members: "    static func fillQuotes(_ context: ModelContext) throws {\n\(indented)\n    }")
                ]
            ),
            (
                "a global func in a file with no SwiftData word",
                [
                    "Shelf/Schema.swift": versions + plan(didMigrate: "fillQuotes"),
                    "Shelf/Migration/QuoteFilling.swift":
                        "import SwiftData\n\nfunc fillQuotes(context: ModelContext) throws {\n\(body)\n}\n",
                ]
            ),
            (
                "a func of another type, in another file",
                [
                    "Shelf/Schema.swift": versions + plan(didMigrate: "QuoteMigrations.fill"),
                    "Shelf/Migration/QuoteMigrations.swift":
                        "import SwiftData\n\nenum QuoteMigrations {\n    static func fill(_ modelContext: "
                        + "ModelContext) throws {\n"
                        + indented.replacingOccurrences(of: "context", with: "modelContext")
                        + "\n    }\n}\n",
                ]
            ),
            (
                "a global closure constant in another file",
                [
                    "Shelf/Schema.swift": versions + plan(didMigrate: "fillQuotes"),
                    "Shelf/Migration/QuoteFilling.swift":
                        "import SwiftData\n\nlet fillQuotes = { (context: ModelContext) throws in\n\(body)\n}\n",
                ]
            ),
            (
                "a static let closure",
                [
                    "Shelf/Schema.swift": versions
                        + plan(
                            didMigrate: "Self.fillQuotes",
                            members: "    static let fillQuotes: (ModelContext) throws -> Void = { context in\n"
                                + "\(indented)\n    }")
                ]
            ),
        ]
    }

    private func findings(_ files: [String: String], _ rule: RuleID) -> [Finding] {
        TestSupport.analyze(files).findings.filter { $0.rule == rule }
    }

    private func line(of text: String, in source: String) -> Int {
        (source.components(separatedBy: "\n").firstIndex { $0.contains(text) } ?? -1) + 1
    }

    func testObjectNeverInsertedInANamedFunctionIsReportedInItsBody() {
        for (spelling, files) in Self.spellings(Self.losing) {
            let found = findings(files, .customStageLosesData)
            XCTAssertEqual(found.map(\.message.id), ["never-inserted"], spelling)
            let file = files.first { $0.value.contains("let quote") }!
            XCTAssertEqual(found.first?.location.file, file.key, spelling)
            XCTAssertEqual(found.first?.location.line, line(of: "let quote", in: file.value), spelling)
            XCTAssertTrue(found.first?.message.headline.contains("didMigrate builds a ShelfV2.Quote") == true, spelling)
        }
    }

    func testOtherVersionsModelInANamedFunctionIsReported() {
        for (spelling, files) in Self.spellings(Self.wrongVersion) {
            let found = findings(files, .customStageWrongVersion)
            XCTAssertEqual(found.map(\.message.id), ["other-version"], spelling)
            XCTAssertTrue(found.first?.message.headline.contains("ShelfV1.Book") == true, spelling)
        }
    }

    func testNamedFunctionThatKeepsWhatItBuildsIsQuiet() {
        for (spelling, files) in Self.spellings(Self.quiet) {
            let found = TestSupport.analyze(files).findings.filter {
                [.customStageLosesData, .customStageWrongVersion, .migrationErrorSwallowed].contains($0.rule)
            }
            XCTAssertEqual(TestSupport.summary(found), [], spelling)
        }
    }

    /// Names in the body resolve where the function is declared: in `extension ShelfV1`, `Book` is V1's class.
    func testNamesInTheBodyResolveFromTheDeclaringType() {
        let files = [
            "Shelf/Schema.swift": Self.versions + Self.plan(didMigrate: "ShelfV1.carryTitles"),
            "Shelf/ShelfV1+Migration.swift": """
            import SwiftData

            extension ShelfV1 {
                static func carryTitles(_ context: ModelContext) throws {
                    let books = try context.fetch(FetchDescriptor<Book>())
                    print(books.count)
                }
            }
            """,
        ]
        let found = findings(files, .customStageWrongVersion)
        XCTAssertEqual(found.map(\.message.id), ["other-version"])
        XCTAssertEqual(found.first?.location.file, "Shelf/ShelfV1+Migration.swift")
        XCTAssertTrue(found.first?.message.headline.contains("ShelfV1.Book") == true)
    }

    /// Overloads, a name that matches nothing and a function of another shape are not read: which body runs, if
    /// any, cannot be told.
    func testAmbiguousOrUnresolvedReferencesStayUnknown() {
        let body = Self.losing.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
        let cases = [
            // Two global functions of the name (two targets, say).
            [
                "Shelf/Schema.swift": Self.versions + Self.plan(didMigrate: "fillQuotes"),
                "Shelf/A.swift": "import SwiftData\nfunc fillQuotes(_ context: ModelContext) throws {\n\(body)\n}\n",
                "Widget/B.swift": "import SwiftData\nfunc fillQuotes(_ context: ModelContext) throws {\n\(body)\n}\n",
            ],
            // Nothing declares it.
            ["Shelf/Schema.swift": Self.versions + Self.plan(didMigrate: "fillQuotes")],
            // A static property of the plan that is no closure shadows the global function.
            [
                "Shelf/Schema.swift": Self.versions
                    + Self.plan(didMigrate: "fillQuotes", members: "    static let fillQuotes = Migrator.make()"),
                "Shelf/A.swift": "import SwiftData\nfunc fillQuotes(_ context: ModelContext) throws {\n\(body)\n}\n",
            ],
        ]
        for files in cases {
            XCTAssertEqual(findings(files, .customStageLosesData).map(\.message.id), [], "\(files.keys.sorted())")
        }
    }
}
