import Foundation
import SchemaLintEngine
import SchemaLintFacts
import SchemaLintModel
import XCTest

/// A repository with no project file says which target compiles a file only by its folders' names (`ReaderWidget/`,
/// `ShareExtension/`). A folder whose name merely contains such a word's letters (`Shared/`, `Extensions/`,
/// `Macros/`, `Clipboard/`) holds the app's own code: a container built there opens the app's store, not a target's
/// own (field test 7: a Tuist app's static library in `Modules/Shared/` opened the app's default store and was listed
/// as a second store, "default.store (Shared)").
final class TargetFolderNameTests: XCTestCase {
    private static let models = """
        import SwiftData

        @Model final class Tag {
            var name: String = ""
            init(name: String) { self.name = name }
        }

        @Model final class Skipped {
            var bundle: String = ""
            init(bundle: String) { self.bundle = bundle }
        }
        """

    private static let app = """
        import SwiftData
        import SwiftUI

        @main
        struct TaggerApp: App {
            var body: some Scene {
                WindowGroup { Text("Tags") }.modelContainer(for: [Tag.self, Skipped.self])
            }
        }
        """

    /// The second container, written three ways: a shared instance's property, a static helper, a function.
    private static let helpers = [
        """
        import SwiftData

        public final class Constants {
            public static let shared = Constants()
            public let container: ModelContainer
            init() {
                let configuration = ModelConfiguration(isStoredInMemoryOnly: false)
                container = try! ModelContainer(for: Tag.self, Skipped.self, configurations: configuration)
            }
        }
        """,
        """
        import SwiftData

        enum Storage {
            static let container = try! ModelContainer(for: Schema([Tag.self, Skipped.self]))
        }
        """,
        """
        import SwiftData

        func openTags() throws -> ModelContainer {
            try ModelContainer(for: Tag.self, Skipped.self, configurations: ModelConfiguration())
        }
        """,
    ]

    private func stores(helperFolder: String, helper: String) -> [String] {
        let files = [
            "Tagger/Models.swift": Self.models,
            "Tagger/TaggerApp.swift": Self.app,
            "\(helperFolder)/Helper.swift": helper,
        ]
        return TestSupport.analyze(files).topology.stores.map { "\($0.name) ×\($0.containers.count)" }
    }

    func testFoldersOfTheAppsOwnCodeOpenTheAppsStore() {
        for folder in ["Modules/Shared", "Extensions", "Sources/Actions", "Macros", "Clipboard", "SharingKit"] {
            for (index, helper) in Self.helpers.enumerated() {
                XCTAssertEqual(
                    stores(helperFolder: folder, helper: helper), ["default.store ×2"], "\(folder), helper \(index)")
            }
        }
    }

    /// The control: folders Xcode makes for other targets still give those targets their own default store.
    func testTargetFoldersStillHaveTheirOwnStore() {
        let expected = [
            "ShareExtension": "default.store (ShareExtension) ×1",
            "TaggerWidgets": "default.store (TaggerWidgets) ×1",
            "WatchKit Extension": "default.store (WatchKit Extension) ×1",
            "TVApp": "default.store (TVApp) ×1",
        ]
        for (folder, own) in expected {
            XCTAssertEqual(
                stores(helperFolder: folder, helper: Self.helpers[1]), ["default.store ×1", own], folder)
        }
    }

    func testWordsOfAFolderName() {
        let words = { (name: String) in TargetFolderName.words(of: Substring(name)).map(String.init) }
        XCTAssertEqual(words("ReaderWidget"), ["Reader", "Widget"])
        XCTAssertEqual(words("TVApp"), ["TV", "App"])
        XCTAssertEqual(words("WatchKit Extension"), ["Watch", "Kit", "Extension"])
        XCTAssertEqual(words("Shared"), ["Shared"])
        XCTAssertEqual(words("my-share_extension2"), ["my", "share", "extension2"])
    }
}
