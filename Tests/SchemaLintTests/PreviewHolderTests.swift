import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A container declared outside preview code but named only by previews (`let previewContainer = { ... }()` used in
/// `#Preview` blocks) is a preview's: it opens no user's store, so it is not judged against the app's (SwiftLift: a
/// false `store_opened_with_different_models` error). Named by app code too, it stays the app's.
final class PreviewHolderTests: XCTestCase {
    private static let app = """
        import SwiftData
        import SwiftUI
        @Model final class Workout { var name: String = ""; init() {} }
        @Model final class Exercise { var name: String = ""; init() {} }
        @main
        struct LiftApp: App {
            var body: some Scene {
                WindowGroup { Text("Lift") }.modelContainer(for: [Workout.self, Exercise.self])
            }
        }
        """

    func testAContainerOnlyPreviewsNameIsAPreviewsWhereverItIsDeclared() {
        let holders = [
            // A global closure (its own local `container` used inside it), used in a #Preview block.
            ("@MainActor let previewContainer: ModelContainer = {\n"
                + "    let container = try! ModelContainer(for: Exercise.self)\n    _ = container.mainContext\n"
                + "    return container\n}()",
             "#Preview { Text(\"\").modelContainer(previewContainer) }"),
            // A static member of another type, used by a PreviewProvider.
            ("enum SampleData {\n    static let container = try! ModelContainer(for: Exercise.self)\n}",
             "struct StatsView_Previews: PreviewProvider {\n    static var previews: some View { "
                + "Text(\"\").modelContainer(SampleData.container) }\n}"),
            // A function, called in a #Preview block.
            ("@MainActor func makeSampleContainer() -> ModelContainer {\n"
                + "    try! ModelContainer(for: Exercise.self)\n}",
             "#Preview { Text(\"\").modelContainer(makeSampleContainer()) }"),
        ]
        for (declaration, preview) in holders {
            let files = [
                "Lift/LiftApp.swift": Self.app,
                "Lift/Helpers/SampleContainer.swift": "import SwiftData\nimport SwiftUI\n" + declaration,
                "Lift/Views/StatsView.swift": "import SwiftData\nimport SwiftUI\n" + preview,
            ]
            let analysis = TestSupport.analyze(files)
            let held = analysis.project.containers.filter { $0.location.file == "Lift/Helpers/SampleContainer.swift" }
            XCTAssertEqual(held.map(\.purpose), [.preview], declaration)
            XCTAssertEqual(analysis.findings.filter { $0.rule == .storeOpenedWithDifferentModels }, [], declaration)
            // Named by the app's code as well: the app's container again.
            var used = files
            used["Lift/Sync.swift"] = "import SwiftData\nfunc sync() { _ = previewContainer; _ = SampleData.container; "
                + "_ = makeSampleContainer() }"
            let appUse = TestSupport.analyze(used).project.containers
                .filter { $0.location.file == "Lift/Helpers/SampleContainer.swift" }
            XCTAssertEqual(appUse.map(\.purpose), [.app], declaration)
        }
    }

    /// A `PreviewModifier`'s shared context (`makeSharedContext()`) is the previews' container, however the
    /// conformance is written: on the type, in an extension, qualified by its module. Opening fewer models on the
    /// default store is then no `store_opened_with_different_models` and no state `lock` records; the same container
    /// in an ordinary type is the app's and is reported.
    func testAPreviewModifiersSharedContextIsAPreviews() {
        let opener = "static func makeSharedContext() async throws -> ModelContainer {\n"
            + "        try ModelContainer(for: Exercise.self)\n    }"
        let modifiers = [
            "struct SampleWorkouts: PreviewModifier {\n    \(opener)\n}",
            "struct SampleWorkouts {\n    \(opener)\n}\n\nextension SampleWorkouts: PreviewModifier {}",
            "struct SampleWorkouts: SwiftUI.PreviewModifier {\n    \(opener)\n}",
        ]
        for modifier in modifiers {
            let files = [
                "Lift/LiftApp.swift": Self.app,
                "Lift/Preview/SampleWorkouts.swift": "import SwiftData\nimport SwiftUI\n\n" + modifier,
            ]
            let analysis = TestSupport.analyze(files)
            let shared = analysis.project.containers.filter { $0.location.file == "Lift/Preview/SampleWorkouts.swift" }
            XCTAssertEqual(shared.map(\.purpose), [.preview], modifier)
            XCTAssertEqual(analysis.findings.filter { $0.rule == .storeOpenedWithDifferentModels }, [], modifier)
        }
        let ordinary = TestSupport.analyze([
            "Lift/LiftApp.swift": Self.app,
            "Lift/Preview/SampleWorkouts.swift": "import SwiftData\nimport SwiftUI\n\nstruct SampleWorkouts {\n    "
                + opener + "\n}",
        ])
        XCTAssertEqual(
            ordinary.findings.filter { $0.rule == .storeOpenedWithDifferentModels }.count, 1,
            "\(TestSupport.summary(ordinary.findings))")
    }
}
