import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// One rule for what callers pass to a parameter (`CallSites.arguments`), whatever the value decides: a list of models,
/// an in-memory flag, a store's name, a migration plan. A caller that leaves an argument out gets the default; each
/// call gives its own value; a value built through names that loop is unknown, however far apart they are, and two
/// `fileprivate` names of one spelling in two files are two values.
final class CallerArgumentTests: XCTestCase {
    func files(_ app: String, extra: [String: String] = [:]) -> [String: String] {
        var files = [
            "Diary/DiaryV1.swift": EvaluationScopeTests.twoModels,
            "Diary/DiaryApp.swift": "import SwiftData\nimport SwiftUI\n\n\(app)\n",
        ]
        for (path, text) in extra { files[path] = "import SwiftData\nimport SwiftUI\n\n" + text }
        return files
    }

    /// Each container: its purpose, its stores, its models (or why they cannot be read).
    func containers(_ files: [String: String]) -> [String] {
        TestSupport.analyze(files).project.containers.map { container in
            let models =
                container.models.map { $0.map(\.written.description).sorted().joined(separator: ",") }
                ?? container.versionedSchema.map { _ in "a version" }
                ?? "unread: \(container.modelsUnread?.reason ?? "")"
            return "\(container.purpose.rawValue) \(container.stores.map(\.key).joined(separator: ",")) \(models)"
        }
    }

    static let helper = """
        enum DiaryStores {
            static func open(
                models: [any PersistentModel.Type] = [DiaryV1.Page.self], inMemory: Bool = false,
                name: String = "Diary"
            ) -> ModelContainer {
                try! ModelContainer(
                    for: Schema(models), configurations: ModelConfiguration(name, isStoredInMemoryOnly: inMemory))
            }
        }
        """

    func app(_ container: String) -> String {
        """
        @main struct DiaryApp: App {
            let container = \(container)
            var body: some Scene { WindowGroup { Text("Diary") }.modelContainer(container) }
        }
        """
    }

    func testACallerLeavingArgumentsOutGetsEachDefault() {
        let expected = ["app Diary.store DiaryV1.Page"]
        let spellings: [(String, [String: String])] = [
            ("a static function of another type in another file", files(app("DiaryStores.open()"),
                extra: ["Diary/DiaryStores.swift": Self.helper])),
            (
                "called through a function of the app's",
                files(
                    app("openDiary()") + "\nfunc openDiary() -> ModelContainer { DiaryStores.open() }",
                    extra: ["Diary/DiaryStores.swift": Self.helper])
            ),
            (
                "an initialiser held by a static member of another type",
                files(
                    app("Shared.stack.container"),
                    extra: [
                        "Diary/Stack.swift": """
                        final class Stack {
                            let container: ModelContainer
                            init(models: [any PersistentModel.Type] = [DiaryV1.Page.self], inMemory: Bool = false,
                                 name: String = "Diary") {
                                container = try! ModelContainer(
                                    for: Schema(models),
                                    configurations: ModelConfiguration(name, isStoredInMemoryOnly: inMemory))
                            }
                        }
                        enum Shared { static let stack = Stack() }
                        """
                    ])
            ),
        ]
        for (name, files) in spellings {
            XCTAssertEqual(containers(files), expected, name)
        }
        // Control: a caller passing each argument gets what it passes, not the default.
        XCTAssertEqual(
            containers(
                files(
                    app("DiaryStores.open(models: [DiaryV1.Note.self], inMemory: true, name: \"Scratch\")"),
                    extra: ["Diary/DiaryStores.swift": Self.helper])),
            ["in-memory Scratch.store DiaryV1.Note"])
    }

    /// A call of another function of the same base name that does not pass the label (Swift would not compile it as
    /// a call of this one: the parameter has no default) is not one of its callers.
    func testACallWithoutTheLabelIsAnotherFunction() {
        let helper = """
            enum DiaryStores {
                static func open(models: [any PersistentModel.Type], inMemory: Bool) -> ModelContainer {
                    try! ModelContainer(
                        for: Schema(models), configurations: ModelConfiguration(isStoredInMemoryOnly: inMemory))
                }
            }
            enum Files { static func open() -> Int { 0 } }
            let unrelated = Files.open()
            """
        XCTAssertEqual(
            containers(
                files(
                    app("DiaryStores.open(models: [DiaryV1.Page.self], inMemory: false)"),
                    extra: ["Diary/DiaryStores.swift": helper])),
            ["app default.store DiaryV1.Page"])
    }

    /// `fileprivate` lists of one name in two files, one read through a type declared beside the other: two values
    /// (the guard against names that loop keys them by their file), read as Swift does. The control loops for real.
    func testFileprivateNamesInTwoFilesAreNotALoop() {
        let shelf = """
            enum Shelf { static let models: [any PersistentModel.Type] = diaryModels }
            fileprivate let diaryModels: [any PersistentModel.Type] = [DiaryV1.Page.self]
            """
        for member in ["static let models: [any PersistentModel.Type] = diaryModels",
            "static var models: [any PersistentModel.Type] { diaryModels }",
            "static func list() -> [any PersistentModel.Type] { diaryModels }"]
        {
            let catalog = """
                typealias DiaryContainer = ModelContainer
                fileprivate let diaryModels: [any PersistentModel.Type] = Shelf.models
                enum Catalog { \(member) }
                """
            let read = member.contains("list") ? "Catalog.list()" : "Catalog.models"
            XCTAssertEqual(
                containers(
                    files(app("try! ModelContainer(for: Schema(\(read)))") + "\n" + shelf,
                        extra: ["Diary/Catalog.swift": catalog])),
                ["app default.store DiaryV1.Page"], member)
        }
        let loop = """
            typealias DiaryContainer = ModelContainer
            enum Catalog {
                static let models: [any PersistentModel.Type] = Other.models
            }
            enum Other {
                static let models: [any PersistentModel.Type] = Catalog.models
            }
            """
        XCTAssertEqual(
            containers(files(app("try! ModelContainer(for: Schema(Catalog.models))"),
                extra: ["Diary/Catalog.swift": loop])),
            ["app default.store unread: `Catalog.models` refers back to itself"])
    }
}
