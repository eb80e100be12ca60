import SchemaLintEngine
import XCTest

/// custom_stage_loses_data: a custom stage that builds model objects and keeps none of them, or deletes rows the next
/// version still stores before anything reads them.
final class CustomStageLossTests: XCTestCase {
    /// A garden app: V1 keeps plants with their waterings; V2 keeps the same plants and adds a `Reminder` model.
    private static let versions = """
        import SwiftData
        import Foundation

        enum GardenV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Plant.self, Watering.self] }
            @Model final class Plant {
                var name: String = ""
                var every: Int = 7
                @Relationship(deleteRule: .cascade, inverse: \\Watering.plant) var waterings: [Watering] = []
                init(name: String) { self.name = name }
            }
            @Model final class Watering {
                var at: Date = Date.now
                var plant: Plant?
                init(at: Date) { self.at = at }
            }
        }

        enum GardenV2: VersionedSchema {
            static var versionIdentifier = Schema.Version(2, 0, 0)
            static var models: [any PersistentModel.Type] { [Plant.self, Watering.self, Reminder.self] }
            @Model final class Plant {
                var name: String = ""
                var every: Int = 7
                @Relationship(deleteRule: .cascade, inverse: \\Watering.plant) var waterings: [Watering] = []
                @Relationship(deleteRule: .cascade, inverse: \\Reminder.plant) var reminders: [Reminder] = []
                init(name: String) { self.name = name }
            }
            @Model final class Watering {
                var at: Date = Date.now
                var plant: Plant?
                init(at: Date) { self.at = at }
            }
            @Model final class Reminder {
                var note: String = ""
                var due: Date = Date.now
                var plant: Plant?
                init(note: String, due: Date) { self.note = note; self.due = due }
            }
        }

        """

    /// The plan with its stage written inline in `stages`.
    private func inline(willMigrate: String = "nil", didMigrate: String = "nil") -> String {
        Self.versions + """
            enum GardenPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [GardenV1.self, GardenV2.self] }
                static var stages: [MigrationStage] {
                    [
                        .custom(
                            fromVersion: GardenV1.self, toVersion: GardenV2.self,
                            willMigrate: \(willMigrate),
                            didMigrate: \(didMigrate))
                    ]
                }
            }
            """
    }

    /// The stage as a `static let` of another type, its didMigrate a trailing closure.
    private func declaredElsewhere(willMigrate: String = "nil", didMigrate: String) -> String {
        Self.versions + """
            enum GardenStages {
                static let addReminders = MigrationStage.custom(
                    fromVersion: GardenV1.self, toVersion: GardenV2.self, willMigrate: \(willMigrate)
                ) \(didMigrate)
            }
            enum GardenPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [GardenV1.self, GardenV2.self] }
                static var stages: [MigrationStage] { [GardenStages.addReminders] }
            }
            """
    }

    private func losses(_ source: String) -> [Finding] {
        TestSupport.analyze(source).findings.filter { $0.rule == .customStageLosesData }
    }

    private func line(of text: String, in source: String) -> Int {
        let lines = source.components(separatedBy: "\n")
        return (lines.firstIndex { $0.contains(text) } ?? -1) + 1
    }

    // MARK: Objects built and never kept

    func testObjectBuiltAndNeverKeptIsReportedAtItsCreation() {
        let spellings = [
            // Inline, the object built in a `for` loop from the fetched rows.
            inline(
                didMigrate: """
                    { context in
                                for plant in try context.fetch(FetchDescriptor<GardenV2.Plant>()) {
                                    let reminder = GardenV2.Reminder(note: "Water \\(plant.name)", due: .now)
                                    reminder.due = Date.now.addingTimeInterval(Double(plant.every) * 86_400)
                                }
                                try context.save()
                            }
                    """),
            // Declared in another type, trailing closure, the class named through the app's typealias.
            "typealias Reminder = GardenV2.Reminder\n"
                + declaredElsewhere(
                    didMigrate: """
                        { context in
                                let plants = try context.fetch(FetchDescriptor<GardenV2.Plant>())
                                if !plants.isEmpty {
                                    let reminder = Reminder(note: "Check the garden", due: .now)
                                    print(reminder.note)
                                }
                                try context.save()
                            }
                        """),
            // Built and dropped on the spot.
            inline(
                didMigrate: """
                    { context in
                                for plant in try context.fetch(FetchDescriptor<GardenV2.Plant>()) {
                                    _ = GardenV2.Reminder(note: plant.name, due: .now)
                                }
                                try context.save()
                            }
                    """),
            // A statement of its own, in a `forEach`.
            inline(
                didMigrate: """
                    { context in
                                try context.fetch(FetchDescriptor<GardenV2.Plant>()).forEach { plant in
                                    GardenV2.Reminder.init(note: plant.name, due: .now)
                                    print(plant.name)
                                }
                            }
                    """),
        ]
        for source in spellings {
            let found = losses(source)
            XCTAssertEqual(found.map(\.message.id), ["never-inserted"], source)
            let created = source.contains("Reminder.init(") ? "Reminder.init(" : "Reminder("
            XCTAssertEqual(found.first?.location.line, line(of: created, in: source), source)
            XCTAssertTrue(found.first?.message.headline.contains("GardenV2.Reminder") == true, source)
        }
    }

    func testDeletedRowsAreNamedWithTheObjectsNeverKept() {
        // willMigrate stashes and deletes the waterings; didMigrate builds reminders from them and keeps none.
        let source =
            Self.versions + """
                enum GardenPlan: SchemaMigrationPlan {
                    static var schemas: [any VersionedSchema.Type] { [GardenV1.self, GardenV2.self] }
                    static var stages: [MigrationStage] { [toV2] }
                    nonisolated(unsafe) static var notes: [String] = []
                    static let toV2 = MigrationStage.custom(
                        fromVersion: GardenV1.self, toVersion: GardenV2.self,
                        willMigrate: { context in
                            notes = try context.fetch(FetchDescriptor<GardenV1.Watering>()).map { "\\($0.at)" }
                            try context.delete(model: GardenV1.Watering.self)
                            try context.save()
                        },
                        didMigrate: { context in
                            for note in notes {
                                let reminder = GardenV2.Reminder(note: note, due: .now)
                                reminder.note = note.uppercased()
                            }
                            try context.save()
                        })
                }
                """
        let found = losses(source)
        XCTAssertEqual(found.map(\.message.id), ["never-inserted-rows-deleted"])
        XCTAssertEqual(found.first?.location.line, line(of: "let reminder", in: source))
        XCTAssertTrue(found.first?.message.headline.contains("GardenV1.Watering rows") == true)
        XCTAssertTrue(found.first?.message.detail.contains("line \(line(of: "delete(model:", in: source))") == true)
    }

    func testObjectKeptInAnyWayIsNotReported() {
        let kept = [
            // Inserted.
            """
            let reminder = GardenV2.Reminder(note: plant.name, due: .now)
                                context.insert(reminder)
            """,
            // Inserted through a helper variable.
            """
            let reminder = GardenV2.Reminder(note: plant.name, due: .now)
                                let made = reminder
                                context.insert(made)
            """,
            // Collected in an array that is then inserted.
            """
            var made: [GardenV2.Reminder] = []
                                let reminder = GardenV2.Reminder(note: plant.name, due: .now)
                                made.append(reminder)
                                made.forEach { context.insert($0) }
            """,
            // Attached to a plant the context holds, either end.
            """
            let reminder = GardenV2.Reminder(note: plant.name, due: .now)
                                plant.reminders.append(reminder)
            """,
            """
            let reminder = GardenV2.Reminder(note: plant.name, due: .now)
                                reminder.plant = plant
            """,
            // In an array literal assigned to a relationship.
            """
            let reminder = GardenV2.Reminder(note: plant.name, due: .now)
                                plant.reminders = [reminder]
            """,
            // Passed to a function: schemalint cannot tell what it does.
            """
            let reminder = GardenV2.Reminder(note: plant.name, due: .now)
                                schedule(reminder)
            """,
            // A method called on it.
            """
            let reminder = GardenV2.Reminder(note: plant.name, due: .now)
                                reminder.attach(to: plant)
            """,
            // Built right where it is inserted.
            """
            context.insert(GardenV2.Reminder(note: plant.name, due: .now))
            """,
            // Not a model.
            """
            let formatter = DateFormatter()
                                formatter.dateStyle = .short
            """,
        ]
        for body in kept {
            let source = inline(
                didMigrate: """
                    { context in
                                for plant in try context.fetch(FetchDescriptor<GardenV2.Plant>()) {
                                    \(body)
                                }
                                try context.save()
                            }
                    """)
            XCTAssertEqual(losses(source).map(\.message.id), [], body)
        }
    }

    /// A global function given by name is read as the closure it stands for (`StageFunctionReferenceTests`).
    func testClosureGivenAsAFunctionReferenceIsRead() {
        let source =
            Self.versions + """
                func addReminders(_ context: ModelContext) throws {
                    for plant in try context.fetch(FetchDescriptor<GardenV2.Plant>()) {
                        let reminder = GardenV2.Reminder(note: plant.name, due: .now)
                        reminder.note = plant.name
                    }
                }
                enum GardenPlan: SchemaMigrationPlan {
                    static var schemas: [any VersionedSchema.Type] { [GardenV1.self, GardenV2.self] }
                    static var stages: [MigrationStage] {
                        [.custom(fromVersion: GardenV1.self, toVersion: GardenV2.self, willMigrate: nil,
                                 didMigrate: addReminders)]
                    }
                }
                """
        XCTAssertEqual(losses(source).map(\.message.id), ["never-inserted"])
    }

    /// The closure hands the context to a helper that builds the objects: the helper's body is read as the stage's
    /// (a static member of another type in a file with no SwiftData word, a global function, two calls deep), and
    /// a method of a value read through one of its attributes (`note.trimmingCharacters(in:)`) links nothing.
    /// Controls: the helper inserts what it builds, or reads through a relationship.
    func testObjectsAHelperBuildsAndNeverKeepsAreReported() {
        let build = """
                for plant in try context.fetch(FetchDescriptor<GardenV2.Plant>()) {
                    let reminder = GardenV2.Reminder(note: plant.name, due: .now)
                    reminder.note = reminder.note.trimmingCharacters(in: .whitespaces)
                }
                try context.save()
            """
        let helper =
            "import Foundation\n\nenum ReminderBackfill {\n    static func run(in context: ModelContext) throws {\n"
            + build + "\n    }\n}\n"
        let spellings: [(String, [String: String])] = [
            (
                "a static member of another type, another file",
                [
                    "Garden/Schema.swift": inline(didMigrate: "{ context in try ReminderBackfill.run(in: context) }"),
                    "Garden/Backfill.swift": helper,
                ]
            ),
            (
                "a global function",
                [
                    "Garden/Schema.swift": inline(didMigrate: "{ try backfill($0) }")
                        + "\nfunc backfill(_ context: ModelContext) throws {\n" + build + "\n}\n"
                ]
            ),
            (
                "two calls deep",
                [
                    "Garden/Schema.swift": inline(didMigrate: "{ context in try migrate(context) }")
                        + "\nfunc migrate(_ context: ModelContext) throws { try ReminderBackfill.run(in: context) }\n",
                    "Garden/Backfill.swift": helper,
                ]
            ),
        ]
        for (name, files) in spellings {
            let found = TestSupport.analyze(files).findings.filter { $0.rule == .customStageLosesData }
            XCTAssertEqual(found.map(\.message.id), ["never-inserted"], name)
        }
        // Controls: the helper inserts each reminder; or reads it through its relationship (`reminder.plant?`).
        for (name, replaced) in [
            ("inserted", "reminder.note = reminder.note.trimmingCharacters(in: .whitespaces)\n"
                + "            context.insert(reminder)"),
            ("through a relationship", "reminder.plant?.name = plant.name"),
        ] {
            let files = [
                "Garden/Schema.swift": inline(didMigrate: "{ context in try ReminderBackfill.run(in: context) }"),
                "Garden/Backfill.swift": helper.replacingOccurrences(
                    of: "reminder.note = reminder.note.trimmingCharacters(in: .whitespaces)", with: replaced),
            ]
            let found = TestSupport.analyze(files).findings.filter { $0.rule == .customStageLosesData }
            XCTAssertEqual(TestSupport.summary(found), [], name)
        }
    }

    // MARK: Rows deleted before anything copies them

    func testRowsTheTargetKeepsDeletedUnreadAreReported() {
        let deletions = [
            "try context.delete(model: GardenV1.Watering.self)",
            """
            for watering in try context.fetch(FetchDescriptor<GardenV1.Watering>()) {
                                context.delete(watering)
                            }
            """,
            """
            let old = try context.fetch(FetchDescriptor<GardenV1.Watering>())
                            for watering in old { try context.delete(watering) }
            """,
            """
            let descriptor = FetchDescriptor<GardenV1.Watering>(predicate: nil)
                            for watering in try context.fetch(descriptor) { context.delete(watering) }
            """,
            "try context.fetch(FetchDescriptor<GardenV1.Watering>()).forEach { context.delete($0) }",

        ]
        for deletion in deletions {
            for source in [
                inline(
                    willMigrate: """
                        { context in
                                    let plants = try context.fetch(FetchDescriptor<GardenV1.Plant>())
                                    print(plants.count)
                                    \(deletion)
                                    try context.save()
                                }
                        """),
                declaredElsewhere(
                    willMigrate: """
                        { context in
                                    \(deletion)
                                    try context.save()
                                }
                        """, didMigrate: "{ _ in }"),
            ] {
                let found = losses(source)
                XCTAssertEqual(found.map(\.message.id), ["deleted-unread"], source)
                let lines = deletion.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                let expected = lines[0].hasPrefix("let ") ? lines[1] : lines[0]
                XCTAssertEqual(found.first?.location.line, line(of: expected, in: source), source)
                XCTAssertTrue(found.first?.message.headline.contains("GardenV1.Watering") == true, source)
            }
        }
    }

    func testRowsReadDroppedOrPartlyDeletedAreNotReported() {
        let willMigrates = [
            // Fetched before the delete: copied.
            """
            let times = try context.fetch(FetchDescriptor<GardenV1.Watering>()).map(\\.at)
                            UserDefaults.standard.set(times, forKey: "waterings")
                            try context.delete(model: GardenV1.Watering.self)
            """,
            // The loop that deletes also copies.
            """
            for watering in try context.fetch(FetchDescriptor<GardenV1.Watering>()) {
                                print(watering.at)
                                context.delete(watering)
                            }
            """,
            // Some rows only.
            "try context.delete(model: GardenV1.Watering.self, where: #Predicate { $0.plant == nil })",
            // A helper is given the context first.
            """
            try exportWaterings(context)
                            try context.delete(model: GardenV1.Watering.self)
            """,
            // Read through the plants' relationship.
            """
            for plant in try context.fetch(FetchDescriptor<GardenV1.Plant>()) { print(plant.waterings.count) }
                            try context.delete(model: GardenV1.Watering.self)
            """,
            // The plants handed to an encoder, whose encoding may write their waterings (swift-grdb-tca's V4 → V5).
            """
            let plants = try context.fetch(FetchDescriptor<GardenV1.Plant>())
                            try JSONEncoder().encode(plants).write(to: URL.temporaryDirectory.appending(path: "p.json"))
                            for plant in plants { print(plant.name) }
                            try context.delete(model: GardenV1.Watering.self)
            """,
        ]
        for body in willMigrates {
            let source = inline(
                willMigrate: """
                    { context in
                                \(body)
                                try context.save()
                            }
                    """)
            XCTAssertEqual(losses(source).map(\.message.id), [], body)
        }
    }

    func testRowsOfAModelTheTargetDropsAreNotReported() {
        // V3 drops Watering: deleting its rows first loses nothing the migration keeps.
        let source =
            Self.versions + """
                enum GardenV3: VersionedSchema {
                    static var versionIdentifier = Schema.Version(3, 0, 0)
                    static var models: [any PersistentModel.Type] { [Plant.self] }
                    @Model final class Plant { var name: String = ""; var every: Int = 7; init() {} }
                }
                enum GardenPlan: SchemaMigrationPlan {
                    static var schemas: [any VersionedSchema.Type] { [GardenV1.self, GardenV2.self, GardenV3.self] }
                    static var stages: [MigrationStage] {
                        [
                            .lightweight(fromVersion: GardenV1.self, toVersion: GardenV2.self),
                            .custom(
                                fromVersion: GardenV2.self, toVersion: GardenV3.self,
                                willMigrate: { context in
                                    try context.delete(model: GardenV2.Watering.self)
                                    try context.delete(model: GardenV2.Reminder.self)
                                    try context.save()
                                },
                                didMigrate: nil)
                        ]
                    }
                }
                """
        XCTAssertEqual(losses(source).map(\.message.id), [])
    }
}
