import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A container's models built in a local list before it is opened (`var models = [Trip.self]`, then `append`,
/// `append(contentsOf:)` or `+=`) are the list it comes to; a change schemalint does not follow (inside an `if`, a
/// loop, a removal) makes them unread, which plain `check` says in a note — never the shorter list.
final class ContainerLocalListTests: XCTestCase {
    private func app(_ body: String) -> String {
        """
        import SwiftData

        @Model final class Trip { var name: String = ""; init() {} }
        @Model final class Visit { var place: String = ""; init() {} }

        enum Store {
            static func make() throws -> ModelContainer {
                \(body)
            }
        }
        """
    }

    private func stored(_ analysis: Analysis) -> [String] {
        analysis.versions.flatMap { $0.store.entities.map(\.name) }.sorted()
    }

    func testAListBuiltBeforeTheContainerIsTheListItComesTo() {
        let spellings = [
            "var models: [any PersistentModel.Type] = [Trip.self]\n models.append(Visit.self)\n"
                + " return try ModelContainer(for: Schema(models))",
            "var models: [any PersistentModel.Type] = []\n models += [Trip.self, Visit.self]\n"
                + " let schema = Schema(models)\n return try ModelContainer(for: schema)",
            "var models: [any PersistentModel.Type] = [Trip.self]\n models.append(contentsOf: [Visit.self])\n"
                + " print(models.count)\n return try ModelContainer(for: Schema(models), configurations: "
                + "ModelConfiguration())",
            "var models = [any PersistentModel.Type]()\n models.append(Trip.self)\n models.append(Visit.self)\n"
                + " return try ModelContainer(for: Schema(models))",
        ]
        for body in spellings {
            let analysis = TestSupport.analyze(app(body))
            XCTAssertEqual(stored(analysis), ["Trip", "Visit"], body)
            XCTAssertEqual(analysis.unreadContainerNotes, [], body)
        }
        // Control: nothing appended: the one model.
        let one = TestSupport.analyze(
            app(
                "let models: [any PersistentModel.Type] = [Trip.self]\n"
                    + " return try ModelContainer(for: Schema(models))"))
        XCTAssertEqual(stored(one), ["Trip"])
    }

    func testAChangeNotFollowedIsANoteNotAShorterList() {
        let spellings = [
            "var models: [any PersistentModel.Type] = [Trip.self]\n if Bool.random() { models.append(Visit.self) }\n"
                + " return try ModelContainer(for: Schema(models))",
            "var models: [any PersistentModel.Type] = [Trip.self, Visit.self]\n models.removeLast()\n"
                + " return try ModelContainer(for: Schema(models))",
            "var models: [any PersistentModel.Type] = [Trip.self]\n"
                + " for extra in [Visit.self] as [any PersistentModel.Type] { models.append(extra) }\n"
                + " return try ModelContainer(for: Schema(models))",
        ]
        for body in spellings {
            let analysis = TestSupport.analyze(app(body))
            XCTAssertEqual(stored(analysis), [], body)
            XCTAssertEqual(analysis.unreadContainerNotes.count, 1, body)
            XCTAssertTrue(
                analysis.unreadContainerNotes.first?.contains(
                    "cannot be read (`models` is changed where schemalint does not follow it): what its store holds "
                        + "is neither hashed, locked nor checked") == true,
                "\(body): \(analysis.unreadContainerNotes)")
        }
    }
}
