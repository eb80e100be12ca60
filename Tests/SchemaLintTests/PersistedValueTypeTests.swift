import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// `persisted_value_changed`: a value type a shipped version stores, recorded by `lock` and compared by `check`, in
/// the spellings real apps use. The store checksum covers a composite's columns and nothing else: a raw value, a case
/// kept inside encoded data, a field of a struct in an array are this rule's.
final class PersistedValueTypeTests: XCTestCase {
    /// An unversioned app (a journey planner) whose model stores its values in the ways SwiftData allows.
    static let app = """
        import SwiftUI
        import SwiftData

        @main struct PlannerApp: App {
            var body: some Scene { WindowGroup { Text("Trips") }.modelContainer(for: Journey.self) }
        }

        @Model final class Journey {
            var title: String = ""
            var status: JourneyStatus = JourneyStatus.planned
            var legs: [Leg] = []
            var moods: [Mood]?
            var priority: Priority?
            var scores: [String: Score] = [:]
            var home: Place?
            init() {}
        }
        """

    /// The value types, each in a file with no SwiftData word (pass 2 finds them), in the spellings to read.
    static let values: [String: String] = [
        "Values/Aliases.swift": "typealias JourneyStatus = Catalog.Status\n",
        "Values/Catalog.swift": """
        enum Catalog {
            enum Status: String, Codable {
                case planned, booked, done = "finished"
            }
        }
        """,
        "Values/Leg.swift": """
        import Foundation

        struct Leg: Codable {
            var title: String
            var stop: Stop
            var minutes = 0
            let id = UUID()

            struct Stop: Codable {
                var name: String
                var mode: Mode?
            }
        }

        enum Mode: Int, Codable {
            case walk, bus, train
        }
        """,
        "Values/LegKeys.swift": """
        extension Leg {
            enum CodingKeys: String, CodingKey {
                case title = "t", stop, minutes
            }
        }
        """,
        "Values/Mood.swift": """
        indirect enum Mood: Codable {
            case calm
            case mixed([Mood])
            case rated(score: Int, _ note: String?)
        }
        """,
        "Values/Priority.swift": """
        enum Priority: Int, Codable {
            case low = -1, normal, high = 0x10, urgent
        }
        """,
        "Values/Score.swift": """
        struct Score: Codable {
            var value: Double
            init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(Double.self) }
        }
        """,
        "Values/Place.swift": """
        struct Place: Codable {
            var name: String
            var kind: Kind

            enum Kind: String, Codable { case home, work }
        }
        """,
    ]

    static func files(replacing edits: [String: String] = [:]) -> [String: String] {
        var files = values.merging(edits) { $1 }
        files["Planner/App.swift"] = edits["Planner/App.swift"] ?? app
        return files
    }

    static func own(_ analysis: Analysis) -> [Finding] {
        analysis.findings.filter { $0.rule == "persisted_value_changed" }
    }

    static func summary(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.severity) \($0.location.file):\($0.location.line) \($0.message.id)" }
    }

    var shipped: Lockfile { TestSupport.lock(TestSupport.analyze(Self.files())) }

    // MARK: What lock records

    func testEverySpellingIsRecordedWithWhatDecodingDependsOn() throws {
        let lockfile = shipped
        let entry = try XCTUnwrap(lockfile.versions.values.first)
        let types = try XCTUnwrap(entry.valueTypes)
        XCTAssertEqual(
            types.keys.sorted(),
            ["Catalog.Status", "Leg", "Leg.Stop", "Mode", "Mood", "Place", "Place.Kind", "Priority", "Score"])
        // Through a typealias into a namespace; an explicit raw value beside implicit ones.
        XCTAssertEqual(types["Catalog.Status"]?.rawType, "String")
        XCTAssertEqual(
            types["Catalog.Status"]?.rawValues, ["planned": "planned", "booked": "booked", "done": "finished"])
        XCTAssertEqual(types["Catalog.Status"]?.storedIn, ["Journey.status: Catalog.Status"])
        // Int raw values: negative and hexadecimal written, the others one more than the case before.
        XCTAssertEqual(types["Priority"]?.rawValues, ["low": "-1", "normal": "0", "high": "16", "urgent": "17"])
        XCTAssertEqual(types["Priority"]?.storedIn, ["Journey.priority: Priority?"])
        // CodingKeys from an extension in another file decide the keys; a `let` with a value is not decoded.
        XCTAssertEqual(types["Leg"]?.fields, ["t": "String", "stop": "Leg.Stop", "minutes": "Int"])
        XCTAssertEqual(types["Leg"]?.kind, .struct)
        // A struct inside a struct inside an array, and an enum field of it.
        XCTAssertEqual(types["Leg.Stop"]?.fields, ["name": "String", "mode": "Mode?"])
        XCTAssertEqual(types["Leg.Stop"]?.storedIn, ["Journey.legs.stop: Leg.Stop"])
        XCTAssertEqual(types["Mode"]?.rawValues, ["walk": "0", "bus": "1", "train": "2"])
        XCTAssertEqual(types["Mode"]?.storedIn, ["Journey.legs.stop.mode: Mode?"])
        // An indirect enum with associated values, labelled and not, in an optional array.
        XCTAssertEqual(
            types["Mood"]?.cases, ["calm": [], "mixed": ["_0: [Mood]"], "rated": ["score: Int", "_1: String?"]])
        XCTAssertEqual(types["Mood"]?.storedIn, ["Journey.moods: [Mood]?"])
        // Coded by hand: recorded as such, nothing guessed.
        XCTAssertEqual(types["Score"]?.unchecked, "its init(from:) is written by hand")
        XCTAssertNil(types["Score"]?.fields)
        // A composite struct with a nested enum.
        XCTAssertEqual(types["Place"]?.fields, ["name": "String", "kind": "Place.Kind"])
        XCTAssertEqual(types["Place.Kind"]?.storedIn, ["Journey.home.kind: Place.Kind"])
    }

    func testTheLockfileRoundTripsTheValueTypesByteForByte() throws {
        let lockfile = shipped
        let folder = try TestSupport.temporaryDirectory()
        let path = folder.appendingPathComponent("schemalint.lock").path
        try LockfileStore.write(lockfile, to: path)
        let read = try XCTUnwrap(try LockfileStore.load(path))
        XCTAssertEqual(read, lockfile)
        XCTAssertEqual(read.versions.values.first?.valueTypes, lockfile.versions.values.first?.valueTypes)
        let first = try String(contentsOfFile: path, encoding: .utf8)
        try LockfileStore.write(read, to: path)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), first)
        XCTAssertTrue(first.contains("\"valueTypes\": {"), first)
        XCTAssertTrue(first.contains("\"done\": \"finished\""), first)
        // Locking the same sources again records nothing new.
        let again = Locker.plan(TestSupport.analyze(Self.files()), existing: read, request: Locker.Request())
        XCTAssertFalse(again.changed)
        XCTAssertEqual(again.lockfile, read)
    }

    func testAnAppThatStoresNoValueTypeWritesNoSection() throws {
        let plain = """
            import SwiftData
            @Model final class Note { var text: String = ""; var tags: [String] = []; init() {} }
            enum NotesV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Note.self] }
            }
            """
        let lockfile = TestSupport.lock(TestSupport.analyze(["Notes.swift": plain]))
        XCTAssertNil(lockfile.versions["NotesV1"]?.valueTypes)
        XCTAssertFalse(lockfile.json().rendered().contains("valueTypes"))
    }

    // MARK: What check reports

    func testTheSameSourcesAreClean() {
        XCTAssertEqual(Self.own(TestSupport.analyze(Self.files(), lockfile: shipped)), [])
    }

    func testARemovedCaseIsAnErrorAtTheEnumNamingItsProperty() throws {
        let edited = Self.files(replacing: [
            "Values/Catalog.swift": """
            enum Catalog {
                enum Status: String, Codable {
                    case booked, done = "finished"
                }
            }
            """,
            "Planner/App.swift": Self.app.replacingOccurrences(
                of: "JourneyStatus.planned", with: "JourneyStatus.booked"),
        ])
        let findings = Self.own(TestSupport.analyze(edited, lockfile: shipped))
        XCTAssertEqual(Self.summary(findings), ["error Values/Catalog.swift:2 fails-to-decode"])
        let finding = try XCTUnwrap(findings.first)
        XCTAssertTrue(finding.message.headline.contains("case planned removed"), finding.message.headline)
        XCTAssertTrue(finding.message.detail.contains("Journey.status"), finding.message.detail)
        XCTAssertTrue(finding.message.detail.contains("as raw values"), finding.message.detail)
        XCTAssertEqual(finding.notes.map(\.text), ["Journey.status stores Catalog.Status"])
        XCTAssertEqual(finding.subject, .valueType("Catalog.Status"))
    }

    func testARawValueChangedOrMovedIsAnErrorAndARenameKeepingItIsNot() {
        func status(_ cases: String) -> [String: String] {
            Self.files(replacing: [
                "Values/Catalog.swift": "enum Catalog { enum Status: String, Codable { \(cases) } }\n",
                "Planner/App.swift": Self.app.replacingOccurrences(
                    of: "JourneyStatus.planned", with: "JourneyStatus.booked"),
            ])
        }
        let expectations: [(String, [String])] = [
            // An explicit raw value rewritten: rows holding "finished" fail.
            ("case planned, booked, done", ["fails-to-decode"]),
            // Renamed, raw value kept: rows decode as before.
            ("case planned, booked, completed = \"finished\"", []),
            // Implicit spelled out: the same values.
            ("case planned = \"planned\", booked = \"booked\", done = \"finished\"", []),
            // Two raw values swapped: rows read as the other case.
            ("case planned = \"booked\", booked = \"planned\", done = \"finished\"", ["changes-meaning"]),
            // A case added at the end.
            ("case planned, booked, done = \"finished\", cancelled", []),
        ]
        for (cases, ids) in expectations {
            let findings = Self.own(TestSupport.analyze(status(cases), lockfile: shipped))
            XCTAssertEqual(findings.map(\.message.id), ids, cases)
        }
    }

    func testACaseInsertedBeforeImplicitIntRawValuesChangesWhatRowsMean() throws {
        let edited = Self.files(replacing: [
            "Values/Priority.swift":
                "enum Priority: Int, Codable { case low = -1, normal, elevated, high = 0x10, urgent }\n"
        ])
        XCTAssertEqual(Self.own(TestSupport.analyze(edited, lockfile: shipped)), [], "values after an explicit one")
        let shifted = Self.files(replacing: [
            "Values/Leg.swift": Self.values["Values/Leg.swift"]!.replacingOccurrences(
                of: "case walk, bus, train", with: "case walk, bike, bus, train")
        ])
        let findings = Self.own(TestSupport.analyze(shifted, lockfile: shipped))
        XCTAssertEqual(Self.summary(findings), ["error Values/Leg.swift:15 changes-meaning"])
        XCTAssertTrue(
            findings.first?.message.detail.contains(
                "raw value of bus changed from 1 to 2 (rows holding 1 read as bike)")
                == true, findings.first?.message.detail ?? "")
        XCTAssertEqual(findings.first?.notes.map(\.text), ["Journey.legs.stop.mode stores Mode"])
    }

    func testFieldsOfAStructInAnArrayAreJudgedByWhatSynthesisedDecodingDoes() {
        func sources(_ legBody: String, stop stopBody: String) -> [String: String] {
            Self.files(replacing: [
                "Values/Leg.swift": """
                import Foundation

                struct Leg: Codable {
                \(legBody)

                    struct Stop: Codable {
                \(stopBody)
                    }
                }

                enum Mode: Int, Codable {
                    case walk, bus, train
                }
                """
            ])
        }
        let leg = "var title: String\nvar stop: Stop\nvar minutes = 0\nlet id = UUID()"
        let stop = "var name: String\nvar mode: Mode?"
        // `Stop` declares no CodingKeys: every `var` is decoded by its name.
        let expectations: [(String, String, String, [String])] = [
            ("nothing", leg, stop, []),
            ("an optional field added", leg, stop + "\nvar platform: String?", []),
            (
                "a field with a default added (synthesised Decodable ignores it)", leg,
                stop + "\nvar platform: Int = 1", ["error fails-to-decode"]
            ),
            ("a let with a value added (not decoded)", leg, stop + "\nlet zone = 2", []),
            ("a field removed", leg, "var mode: Mode?", ["warning drops-values"]),
            ("a field retyped", leg, "var name: Int\nvar mode: Mode?", ["error fails-to-decode"]),
            ("a field made optional", leg, "var name: String?\nvar mode: Mode?", []),
            ("a field made required", leg, "var name: String\nvar mode: Mode", ["error fails-to-decode"]),
            // `Leg`'s CodingKeys (in another file) list title as "t", stop and minutes.
            (
                "a field CodingKeys does not list added", leg + "\nvar seats: Int = 1", stop, []
            ),
            (
                "a decoded field retyped", "var title: String\nvar stop: Stop\nvar minutes = \"0\"", stop,
                ["error fails-to-decode"]
            ),
        ]
        for (name, legBody, stopBody, expected) in expectations {
            let findings = Self.own(TestSupport.analyze(sources(legBody, stop: stopBody), lockfile: shipped))
            XCTAssertEqual(findings.map { "\($0.severity) \($0.message.id)" }, expected, name)
        }
        // A property renamed, its key kept: rows decode as before.
        var renamed = sources("var name: String\nvar stop: Stop\nvar minutes = 0", stop: stop)
        renamed["Values/LegKeys.swift"] =
            "extension Leg { enum CodingKeys: String, CodingKey { case name = \"t\", stop, minutes } }\n"
        XCTAssertEqual(Self.own(TestSupport.analyze(renamed, lockfile: shipped)), [])
        // The key itself changed: rows hold "t", the struct reads "title" now.
        var keys = sources(leg, stop: stop)
        keys["Values/LegKeys.swift"] =
            "extension Leg { enum CodingKeys: String, CodingKey { case title, stop, minutes } }\n"
        let findings = Self.own(TestSupport.analyze(keys, lockfile: shipped))
        XCTAssertEqual(findings.map(\.message.id), ["fails-to-decode"])
        XCTAssertTrue(findings.first?.message.detail.contains("non-optional field title added") == true)
        XCTAssertTrue(findings.first?.message.detail.contains("field t removed") == true)
    }

    func testAssociatedValuesAreKeyedByTheirLabels() {
        func mood(_ body: String) -> [String: String] {
            Self.files(replacing: ["Values/Mood.swift": "indirect enum Mood: Codable {\n\(body)\n}\n"])
        }
        let expectations: [(String, [String])] = [
            ("case calm\ncase mixed([Mood])\ncase rated(score: Int, _ note: String?)\ncase tired", []),
            ("case calm\ncase mixed([Mood])\ncase rated(value: Int, _ note: String?)", ["fails-to-decode"]),
            ("case calm\ncase mixed([Mood])\ncase rated(score: Int, _ note: String?, at: Date?)", []),
            ("case calm\ncase mixed([Mood])\ncase rated(score: String, _ note: String?)", ["fails-to-decode"]),
            // Rows hold a number, not its Swift type: an integer reads as a wider one or a Double.
            ("case calm\ncase mixed([Mood])\ncase rated(score: Int64, _ note: String?)", []),
            ("case calm\ncase mixed([Mood])\ncase rated(score: Double?, _ note: String?)", []),
            ("case mixed([Mood])\ncase rated(score: Int, _ note: String?)", ["fails-to-decode"]),
        ]
        for (body, ids) in expectations {
            XCTAssertEqual(Self.own(TestSupport.analyze(mood(body), lockfile: shipped)).map(\.message.id), ids, body)
        }
    }

    func testWhatTheChecksumCoversIsLeftToTheRulesAboutIt() {
        // `Place` is a composite attribute: its fields are columns, and a field added moves the checksum.
        let added = Self.files(replacing: [
            "Values/Place.swift": """
            struct Place: Codable {
                var name: String
                var kind: Kind
                var floor: Int

                enum Kind: String, Codable { case home, work }
            }
            """
        ])
        let analysis = TestSupport.analyze(added, lockfile: shipped)
        XCTAssertEqual(Self.own(analysis), [])
        XCTAssertNotEqual(
            analysis.versions.map(\.hashes.checksum), shipped.versions.values.map(\.checksum),
            "the checksum moved: a new state, judged by the migration rules")
        // Its raw-value enum is one column of type String: a case removed is this rule's.
        let kind = Self.files(replacing: [
            "Values/Place.swift": """
            struct Place: Codable {
                var name: String
                var kind: Kind

                enum Kind: String, Codable { case home }
            }
            """
        ])
        XCTAssertEqual(
            Self.summary(Self.own(TestSupport.analyze(kind, lockfile: shipped))),
            ["error Values/Place.swift:5 fails-to-decode"])
    }

    func testACompositeEnumsCasesAreColumnsButInAnArrayTheyAreNot() {
        func app(_ property: String) -> [String: String] {
            [
                "App.swift": """
                import SwiftUI
                import SwiftData

                @main struct HabitsApp: App {
                    var body: some Scene { WindowGroup { Text("") }.modelContainer(for: Habit.self) }
                }

                @Model final class Habit {
                    \(property)
                    init() {}
                }
                """
            ]
        }
        let weekday = "enum Weekday: Codable { case monday, tuesday, sunday }\n"
        let dropped = "enum Weekday: Codable { case monday, tuesday }\n"
        for (property, expected) in [("var day: Weekday?", 0), ("var days: [Weekday] = []", 1)] {
            let locked = TestSupport.lock(TestSupport.analyze(app(property).merging(["Weekday.swift": weekday]) { $1 }))
            let findings = Self.own(
                TestSupport.analyze(app(property).merging(["Weekday.swift": dropped]) { $1 }, lockfile: locked))
            XCTAssertEqual(findings.count, expected, property)
        }
    }

    func testATypeRenamedIsFollowedByWhereItIsStored() {
        let renamed = Self.files(replacing: [
            "Values/Aliases.swift": "typealias JourneyStatus = Catalog.TripStatus\n",
            "Values/Catalog.swift": """
            enum Catalog {
                enum TripStatus: String, Codable {
                    case planned, booked
                }
            }
            """,
        ])
        let findings = Self.own(TestSupport.analyze(renamed, lockfile: shipped))
        XCTAssertEqual(Self.summary(findings), ["error Values/Catalog.swift:2 fails-to-decode"])
        XCTAssertTrue(findings.first?.message.headline.contains("case done (\"finished\") removed") == true)
    }

    /// What a model's attribute holds, not what its type is called: a place that is gone holds no rows this build
    /// reads; an encoded attribute whose form changed around its type keeps the checksum and stops decoding.
    func testPlacesDecideWhichRowsAreRead() {
        func cache(_ model: String, _ values: String) -> [String: String] {
            [
                "Cache.swift": """
                import SwiftUI
                import SwiftData

                @main struct WikiApp: App {
                    var body: some Scene { WindowGroup { Text("") }.modelContainer(for: \(model).self) }
                }

                @Model final class \(model) {
                    var title: String = ""
                    \(values)
                    init() {}
                }
                """,
                "Values.swift": """
                struct Entry: Codable { var key: String; var values: [Value] }
                struct Value: Codable { var text: String; var count: UInt }
                """,
            ]
        }
        let locked = TestSupport.lock(TestSupport.analyze(cache("PageV1", "var infobox: [String: [Value]] = [:]")))
        // The model renamed: a new entity, whose rows start empty (the way an app drops a cache it cannot decode).
        XCTAssertEqual(
            Self.own(TestSupport.analyze(cache("PageV2", "var infobox: [Entry] = []"), lockfile: locked)), [])
        // The same model, its attribute's form changed: the checksum keeps (encoded data either way).
        let reshaped = Self.own(TestSupport.analyze(cache("PageV1", "var infobox: [Entry] = []"), lockfile: locked))
        XCTAssertEqual(Self.summary(reshaped), ["error Values.swift:1 fails-to-decode"])
        XCTAssertTrue(
            reshaped.first?.message.detail.contains(
                "PageV1.infobox changed from [String: [Value]] to [Entry] (rows hold the old form") == true,
            reshaped.first?.message.detail ?? "")
        // Rows hold a number, not its Swift type: `count: UInt` read as `Int` is no change.
        var widened = cache("PageV1", "var infobox: [String: [Value]] = [:]")
        widened["Values.swift"] = widened["Values.swift"]!.replacingOccurrences(of: "count: UInt", with: "count: Int")
        XCTAssertEqual(Self.own(TestSupport.analyze(widened, lockfile: locked)), [])
    }

    func testCodingByHandAndTypesOutOfSightAreNotesNamingWhatWasNotChecked() {
        let byHand = Self.files(replacing: [
            "Values/Mood.swift": """
            indirect enum Mood: Codable {
                case calm
                case mixed([Mood])
                case rated(score: Int, _ note: String?)

                init(from decoder: Decoder) throws { self = .calm }
            }
            """
        ])
        let findings = Self.own(TestSupport.analyze(byHand, lockfile: shipped))
        XCTAssertEqual(Self.summary(findings), ["note Values/Mood.swift:1 not-checked"])
        XCTAssertTrue(findings.first?.message.headline.contains("is coded by hand now") == true)
        // Score was coded by hand when it shipped: whatever it does now is not compared.
        let score = Self.files(replacing: ["Values/Score.swift": "struct Score: Codable { var value: Int }\n"])
        XCTAssertEqual(Self.own(TestSupport.analyze(score, lockfile: shipped)), [])
        // Mode moved into a package: nothing to compare it with, said once.
        var moved = Self.files(replacing: [
            "Values/Leg.swift": Self.values["Values/Leg.swift"]!.replacingOccurrences(
                of: "enum Mode: Int, Codable {\n    case walk, bus, train\n}", with: "")
        ])
        moved["Values/Leg.swift"] = "import TransitKit\n" + moved["Values/Leg.swift"]!
        let outOfSight = Self.own(TestSupport.analyze(moved, lockfile: shipped))
        XCTAssertEqual(outOfSight.map { "\($0.severity) \($0.message.id)" }, ["note not-checked"])
        XCTAssertTrue(outOfSight.first?.message.headline.contains("no longer declared") == true)
    }

    func testAnOldLockfileWithoutTheSectionGivesNoFindingAndIsNotRewritten() throws {
        var old = shipped
        for key in old.versions.keys { old.versions[key]?.valueTypes = nil }
        let edited = Self.files(replacing: [
            "Values/Priority.swift": "enum Priority: Int, Codable { case normal, urgent }\n"
        ])
        let analysis = TestSupport.analyze(edited, lockfile: old)
        XCTAssertEqual(Self.own(analysis), [])
        // `lock` never adds what a shipped entry did not record: that would be today's shape, not what shipped.
        let outcome = Locker.plan(analysis, existing: old, request: Locker.Request())
        XCTAssertFalse(outcome.changed)
        XCTAssertNil(outcome.lockfile.versions.values.first?.valueTypes)
        // Read from bytes written before the section existed.
        let folder = try TestSupport.temporaryDirectory()
        let path = folder.appendingPathComponent("schemalint.lock").path
        try LockfileStore.write(old, to: path)
        XCTAssertFalse(try String(contentsOfFile: path, encoding: .utf8).contains("valueTypes"))
        XCTAssertEqual(try LockfileStore.load(path), old)
    }

    /// A versioned app whose models share one top-level enum: the locked version's rows are read with the enum as
    /// it is declared now, whatever version is newest.
    func testAVersionSharingALiveEnumIsJudgedByTheEnumAsItIsNow() throws {
        func sources(_ cases: String) -> [String: String] {
            [
                "Schema.swift": """
                import SwiftData

                enum TaskSchemaV1: VersionedSchema {
                    static var versionIdentifier = Schema.Version(1, 0, 0)
                    static var models: [any PersistentModel.Type] { [Chore.self] }
                    @Model final class Chore {
                        var title: String = ""
                        var labels: [Label] = []
                        init() {}
                    }
                }

                enum TaskSchemaV2: VersionedSchema {
                    static var versionIdentifier = Schema.Version(2, 0, 0)
                    static var models: [any PersistentModel.Type] { [Chore.self] }
                    @Model final class Chore {
                        var title: String = ""
                        var labels: [Label] = []
                        var done: Bool = false
                        init() {}
                    }
                }

                enum TaskPlan: SchemaMigrationPlan {
                    static var schemas: [any VersionedSchema.Type] { [TaskSchemaV1.self, TaskSchemaV2.self] }
                    static var stages: [MigrationStage] { [v1toV2] }
                    static let v1toV2 = MigrationStage.lightweight(
                        fromVersion: TaskSchemaV1.self, toVersion: TaskSchemaV2.self)
                }
                """,
                "Label.swift": "enum Label: String, Codable { \(cases) }\n",
            ]
        }
        let analysis = TestSupport.analyze(sources("case notSet, home, work"))
        var locked = TestSupport.lock(analysis)
        locked.versions["TaskSchemaV2"] = nil
        let findings = Self.own(TestSupport.analyze(sources("case home, work"), lockfile: locked))
        XCTAssertEqual(Self.summary(findings), ["error Label.swift:1 fails-to-decode"])
        let finding = try XCTUnwrap(findings.first)
        XCTAssertTrue(finding.message.headline.hasPrefix("Label: case notSet removed since TaskSchemaV1 shipped"))
        XCTAssertTrue(
            finding.message.detail.hasPrefix(
                "TaskSchemaV1 (1.0.0) stored values in Chore.labels that Label reads now, inside encoded data"),
            finding.message.detail)
        // Suppressed where the type is declared, with the reason.
        var suppressed = sources("case home, work")
        suppressed["Label.swift"] =
            "// schemalint:disable:next persisted_value_changed - notSet was never written\n"
            + suppressed["Label.swift"]!
        XCTAssertEqual(Self.own(TestSupport.analyze(suppressed, lockfile: locked)), [])
    }
}

/// A `Codable` class that is no model, kept inside encoded data (vocabDict's `[String: UserSpecificData]`): its
/// fields are written as a struct's, so the same edits break the same rows.
extension PersistedValueTypeTests {
    /// The journey app with classes stored three ways: a dictionary's values, an array's elements, and a field of a
    /// stored struct (`Leg.Stop.guide`, a `Decodable & Encodable`-free class in another file).
    static func classFiles(_ edits: [String: String] = [:]) -> [String: String] {
        var files = files(replacing: [
            "Planner/App.swift": app.replacingOccurrences(
                of: "    var home: Place?\n",
                with: "    var home: Place?\n    var notes: [String: Note] = [:]\n    var tickets: [Ticket] = []\n"),
            "Values/Leg.swift": values["Values/Leg.swift"]!.replacingOccurrences(
                of: "var mode: Mode?\n", with: "var mode: Mode?\n        var guide: Guide?\n"),
        ])
        files["Values/Note.swift"] = """
            final class Note: Codable {
                var text: String
                var stars: Int
                init(text: String, stars: Int = 0) { (self.text, self.stars) = (text, stars) }
            }
            """
        files["Values/Ticket.swift"] = "class Ticket: Codable {\n    var seat: String = \"\"\n}\n"
        files["Values/Guide.swift"] = "final class Guide: Decodable {\n    var name: String\n}\n"
        return files.merging(edits) { $1 }
    }

    func testACodableClassStoredAsAValueIsJudgedAsAStructIs() {
        let shipped = TestSupport.lock(TestSupport.analyze(Self.classFiles()))
        let recorded = shipped.versions.values.compactMap(\.valueTypes)
            .flatMap { $0.filter { $0.value.kind == .class } }
        XCTAssertEqual(Set(recorded.map(\.key)), ["Guide", "Note", "Ticket"])
        let edits: [(String, [String: String], [String])] = [
            (
                "a dictionary's class, a field retyped",
                ["Values/Note.swift": "final class Note: Codable {\n    var text: String\n    var stars: String\n}\n"],
                ["error Values/Note.swift:1 fails-to-decode"]
            ),
            (
                "an array's class, a required field added",
                ["Values/Ticket.swift": "class Ticket: Codable {\n    var seat = \"\"\n    var gate: Int\n}\n"],
                ["error Values/Ticket.swift:1 fails-to-decode"]
            ),
            (
                "a struct field's class, a field removed",
                ["Values/Guide.swift": "final class Guide: Decodable {\n}\n"],
                ["warning Values/Guide.swift:1 drops-values"]
            ),
        ]
        for (name, edit, expected) in edits {
            let findings = Self.own(TestSupport.analyze(Self.classFiles(edit), lockfile: shipped))
            XCTAssertEqual(Self.summary(findings), expected, name)
        }
        // Controls: an optional field added; the class made a struct with the same fields (rows hold the same keys).
        let controls: [(String, [String: String])] = [
            (
                "an optional field added",
                ["Values/Note.swift": "final class Note: Codable {\n    var text: String\n    var stars: Int\n"
                    + "    var mood: String?\n}\n"]
            ),
            (
                "made a struct",
                ["Values/Note.swift": "struct Note: Codable {\n    var text: String\n    var stars: Int\n}\n"]
            ),
        ]
        for (name, edit) in controls {
            XCTAssertEqual(Self.own(TestSupport.analyze(Self.classFiles(edit), lockfile: shipped)), [], name)
        }
        // Made a subclass of the app's class: coded as its superclass codes it, which is not compared (a note).
        let subclass = ["Values/Ticket.swift": "class Pass: Codable {}\nclass Ticket: Pass {\n    var gate = 0\n}\n"]
        XCTAssertEqual(
            Self.summary(Self.own(TestSupport.analyze(Self.classFiles(subclass), lockfile: shipped))),
            ["note Values/Ticket.swift:2 not-checked"])
    }
}
