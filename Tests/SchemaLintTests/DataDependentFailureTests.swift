import SchemaLintEngine
import XCTest

/// A property made required without a default and a new uniqueness constraint fail only on stores whose rows hold
/// nil or duplicates: one severity (warning) and one wording in `check`, "opens unless stored data stops it" in
/// `upgrades`, with or without a plan.
final class DataDependentFailureTests: XCTestCase {
    private func plan(v1: String, v2: String, stages: String) -> String {
        """
        import SwiftData
        enum NotesV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Note.self] }
            @Model final class Note { \(v1); init() {} }
        }
        enum NotesV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Note.self] }
            @Model final class Note { \(v2); init() {} }
        }
        enum NotesPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [NotesV1.self, NotesV2.self] }
            static var stages: [MigrationStage] { \(stages) }
        }
        """
    }

    /// An unversioned app: its container opens `Note`, declared with `body`.
    private func app(_ body: String) -> [String: String] {
        [
            "Note.swift": "import SwiftData\n@Model final class Note {\n    \(body)\n    init() {}\n}",
            "NotesApp.swift": """
                import SwiftData
                import SwiftUI
                @main
                struct NotesApp: App {
                    var body: some Scene { WindowGroup { Text("") }.modelContainer(for: Note.self) }
                }
                """,
        ]
    }

    func testAPropertyMadeRequiredIsAWarningInEveryStepSpelling() throws {
        for stages in ["[.lightweight(fromVersion: NotesV1.self, toVersion: NotesV2.self)]", "[]"] {
            let source = plan(v1: "var title: String?", v2: "var title: String", stages: stages)
            let findings = TestSupport.analyze(source).findings.filter { $0.rule == .lightweightUnsupportedChange }
            XCTAssertEqual(findings.map(\.severity), [.warning], stages)
            XCTAssertEqual(
                findings.first?.message.headline,
                "Note.title became required with no default: a store fails to open if any of its rows holds nil there")
            // upgrades: the state opens unless a row holds nil, never a flat "fails".
            let lockfile = TestSupport.lock(TestSupport.analyze(source))
            var v1Only = lockfile
            v1Only.versions = lockfile.versions.filter { $0.key == "NotesV1" }
            let row = try XCTUnwrap(
                TestSupport.analyze(source, lockfile: v1Only).upgrades.rows.first { $0.name == "NotesV1" })
            XCTAssertFalse(row.outcome.fails, stages)
            XCTAssertTrue(row.outcome.warns, stages)
            let lines = UpgradeReport.describe(row.outcome)
            XCTAssertTrue(
                lines.contains { $0.contains("fails if a stored row of Note holds nil in title") }, "\(lines)")
        }
        // A default makes every store migrate: nothing to say.
        let defaulted = plan(v1: "var title: String?", v2: "var title: String = \"\"", stages: "[]")
        XCTAssertEqual(TestSupport.analyze(defaulted).findings, [])
    }

    /// No plan: a uniqueness constraint added since the locked state is said as a plan step's is.
    func testAUniquenessConstraintOnAnUnversionedAppIsAWarning() throws {
        let lockfile = TestSupport.lock(TestSupport.analyze(app("var title: String = \"\"")))
        let analysis = TestSupport.analyze(app("@Attribute(.unique) var title: String = \"\""), lockfile: lockfile)
        let findings = analysis.findings.filter { $0.rule == .uniqueConstraintAdded }
        XCTAssertEqual(findings.map(\.severity), [.warning])
        XCTAssertEqual(
            findings.first?.message.headline,
            "Note gains a uniqueness constraint: a store fails to open if any of its rows hold duplicates")
        XCTAssertEqual(findings.first?.location.file, "Note.swift")
        let outcome = try XCTUnwrap(analysis.upgrades.rows.first?.outcome)
        XCTAssertFalse(outcome.fails)
        let summary = UpgradeReport.summary(outcome)
        XCTAssertTrue(summary.hasPrefix("opens unless stored data stops it"), summary)
    }

    /// Uniqueness on an attribute added in the same step, optional and without a default: every migrated row holds
    /// NULL there and NULLs never collide (Harbour 4.2, vultisig). In a plan step and since an unversioned state, alone
    /// or in a compound constraint; a new attribute with a default, or an existing one, still gives the warning.
    func testUniquenessOnANewOptionalAttributeCannotCollide() {
        let silent = [
            "var title: String = \"\"; @Attribute(.unique) var code: String?",
            "#Unique<Note>([\\.title, \\.code]); var title: String = \"\"; var code: String?",
            "var title: String = \"\"; @Attribute(.unique, originalName: \"ref\") var code: UUID?",
            "var title: String = \"\"; @Attribute(.unique) var code: String? = nil",
        ]
        let firing = [
            "var title: String = \"\"; @Attribute(.unique) var code: String = \"none\"",
            "@Attribute(.unique) var title: String = \"\"",
            "var title: String = \"\"; @Attribute(.unique) var code: String? = \"none\"",
        ]
        for (v2, fires) in silent.map({ ($0, false) }) + firing.map({ ($0, true) }) {
            let stages = "[.lightweight(fromVersion: NotesV1.self, toVersion: NotesV2.self)]"
            let planned = TestSupport.analyze(plan(v1: "var title: String = \"\"", v2: v2, stages: stages))
            XCTAssertEqual(planned.findings.contains { $0.rule == .uniqueConstraintAdded }, fires, v2)
            let lockfile = TestSupport.lock(TestSupport.analyze(app("var title: String = \"\"")))
            let unversioned = TestSupport.analyze(app(v2.replacingOccurrences(of: "; ", with: "\n    ")),
                                                  lockfile: lockfile)
            XCTAssertEqual(unversioned.findings.contains { $0.rule == .uniqueConstraintAdded }, fires, "app: \(v2)")
        }
    }

    /// A number stored as another kind of number is converted by the inferred mapping SwiftData's lightweight steps
    /// use (BookPlayer 5.12.2: `Int?` → `Int16?`, unversioned): no failure, in a plan step or since a locked state; a
    /// number made a string still fails.
    func testANumberStoredAsAnotherNumberIsConverted() {
        for (v1, v2, fails) in [
            ("var rank: Int? = 0", "var rank: Int16? = 0", false),
            ("var rank: Int = 0", "var rank: Double = 0", false),
            ("var rank: Int32 = 0", "var rank: Int = 0", false),
            ("var rank: Int = 0", "var rank: String = \"\"", true),
        ] {
            let stages = "[.lightweight(fromVersion: NotesV1.self, toVersion: NotesV2.self)]"
            let planned = TestSupport.analyze(plan(v1: v1, v2: v2, stages: stages))
            XCTAssertEqual(planned.findings.contains { $0.rule == .lightweightUnsupportedChange }, fails, v2)
            let lockfile = TestSupport.lock(TestSupport.analyze(app(v1)))
            let unversioned = TestSupport.analyze(app(v2), lockfile: lockfile)
            XCTAssertEqual(
                unversioned.findings.contains { $0.rule == .lightweightUnsupportedChange }, fails, "app: \(v2)")
        }
    }
}
