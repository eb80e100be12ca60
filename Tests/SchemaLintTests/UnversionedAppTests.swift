import Foundation
import SchemaLintEngine
import SchemaLintModel
import SchemaLintStore
import XCTest

/// Apps that never declare a `VersionedSchema`: their app container's models are the implicit version, identifier
/// 1.0.0, and real stores such apps wrote match it with no probe version added.
final class UnversionedAppTests: XCTestCase {
    /// A golden fixture's sources with its probe `VersionedSchema` file replaced by the app's container.
    static func unversioned(_ fixture: String, probe: String, container: String) throws -> [String: String] {
        var discovery = SourceDiscovery(workingDirectory: TestSupport.fixture("Golden/\(fixture)"))
        discovery.keepsAllBytes = true
        var sources: [String: String] = [:]
        for file in try discovery.discover([]).files where file.path != probe {
            sources[file.path] = String(decoding: file.bytes, as: UTF8.self)
        }
        sources["App.swift"] = """
            import SwiftData
            import SwiftUI

            @main
            struct StoreApp: App {
                var body: some Scene {
                    WindowGroup { Text("") }
                        .modelContainer(for: \(container))
                }
            }
            """
        return sources
    }

    func testRealUnversionedStoresMatchTheImplicitVersion() throws {
        let cases: [(store: String, fixture: String, probe: String, container: String)] = [
            ("swiftdata/cheftime.store", "ChefTime", "ChefTimeSchema.swift", "[SDFolder.self, SDRecipe.self]"),
            (
                "swiftdata/ladder-phase4prep.store", "Ladder", "LadderSchema.swift",
                "[Profile.self, Role.self, Achievement.self, SkillTag.self, Application.self, Stage.self, "
                    + "DismissedEvent.self, Transcript.self, Debrief.self, DebriefQuestion.self, PrepPack.self, "
                    + "PrepTalkingPoint.self]"
            ),
            (
                "swiftdata/vivobody-db99d12.store", "Vivobody", "VivobodySchema.swift",
                "[WorkoutSession.self, Exercise.self, WorkoutSet.self, WorkoutTemplate.self, TemplateExercise.self, "
                    + "TemplateSet.self, ExerciseCatalogItem.self, BodyWeightEntry.self]"
            ),
        ]
        for item in cases {
            let probed = try TestSupport.analyzeFixture("Golden/\(item.fixture)")
            let sources = try Self.unversioned(item.fixture, probe: item.probe, container: item.container)
            let analysis = TestSupport.analyze(sources)
            let implicit = try XCTUnwrap(analysis.project.versions.first(where: \.isImplicit), item.store)
            let hashes = try XCTUnwrap(analysis.versions.first { $0.key == implicit.key }).hashes
            // The implicit version is what the probe declared by hand.
            XCTAssertEqual(hashes, probed.versions.first?.hashes, item.store)
            XCTAssertEqual(implicit.key, ImplicitVersionKeys.key(checksum: hashes.checksum))
            XCTAssertEqual(implicit.identifier, VersionNumber(1, 0, 0))
            let path = StoreVerificationTests.storesFolder.appendingPathComponent(item.store).path
            try TestSupport.requireSharedStore(path)
            let metadata = try StoreReader.metadata(of: path)
            XCTAssertEqual(StoreVerifier.verify(metadata, against: analysis).matches, [implicit.key], item.store)
        }
    }

    static let shipped = """
        import SwiftData
        import SwiftUI

        @Model final class Friend {
            var name: String = ""
            var birthday: Date?
            init() {}
        }

        @main
        struct FriendsApp: App {
            var body: some Scene {
                WindowGroup { Text("Friends") }
                    .modelContainer(for: Friend.self)
            }
        }
        """

    /// Each release's state is locked beside the earlier ones; the next build opens every one of them by inference:
    /// additive optional changes pass, a rename without originalName drops values, a type change fails.
    func testEveryLockedStateOfAnUnversionedAppIsCheckedAgainstTodaysModels() throws {
        let first = TestSupport.analyze(Self.shipped)
        XCTAssertEqual(TestSupport.summary(first.findings), [])
        var lockfile = TestSupport.lock(first)
        XCTAssertEqual(lockfile.versions.keys.map { ImplicitVersionKeys.isImplicit($0) }, [true])

        let additive = Self.shipped.replacingOccurrences(
            of: "var birthday: Date?", with: "var birthday: Date?\n    var nickname: String?")
        XCTAssertEqual(TestSupport.analyze(additive, lockfile: lockfile).findings.map(\.rule), [])
        // Locking again records the new state beside the first, never rewriting it.
        let second = Locker.plan(TestSupport.analyze(additive), existing: lockfile, request: .init()).lockfile
        XCTAssertEqual(second.versions.count, 2)
        XCTAssertEqual(second.versions[lockfile.versions.keys.first!], lockfile.versions.values.first)
        lockfile = second

        let renamed = additive.replacingOccurrences(of: "var name: String = \"\"", with: "var fullName: String = \"\"")
        let renaming = TestSupport.analyze(renamed, lockfile: lockfile).findings
        // From the second state only: in the first, `nickname` did not exist, so two new Strings could be the rename.
        XCTAssertEqual(TestSupport.summary(renaming), ["rename_without_original_name Schema.swift:5"])
        XCTAssertTrue(renaming[0].message.text.contains("the unversioned state locked as Unversioned@"))
        let linked = additive.replacingOccurrences(
            of: "var name: String = \"\"", with: "@Attribute(originalName: \"name\") var fullName: String = \"\"")
        XCTAssertEqual(TestSupport.analyze(linked, lockfile: lockfile).findings.map(\.rule), [])

        let retyped = additive.replacingOccurrences(of: "var birthday: Date?", with: "var birthday: String?")
        let failing = TestSupport.analyze(retyped, lockfile: lockfile).findings
        // Both states meet the one change: one finding at its line, naming the first.
        XCTAssertEqual(TestSupport.summary(failing), ["lightweight_unsupported_change Schema.swift:6"])
        XCTAssertTrue(failing[0].message.text.contains("opened by inference"), failing[0].message.text)
        XCTAssertEqual(failing.map(\.severity), [.error])
    }

    /// Adopting a plan after unversioned releases: its first version must freeze exactly what shipped.
    func testAPlanAdoptedLaterMustKnowTheShippedState() throws {
        let lockfile = TestSupport.lock(TestSupport.analyze(Self.shipped))
        func adopted(_ frozen: String) -> String {
            """
            import SwiftData
            enum FriendsV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Friend.self] }
                @Model final class Friend { \(frozen) init() {} }
            }
            enum FriendsV2: VersionedSchema {
                static var versionIdentifier = Schema.Version(2, 0, 0)
                static var models: [any PersistentModel.Type] { [Friend.self] }
                @Model final class Friend { var name: String = ""; var birthday: Date?; var tag: String?; init() {} }
            }
            typealias Friend = FriendsV2.Friend
            enum FriendsPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [FriendsV1.self, FriendsV2.self] }
                static var stages: [MigrationStage] {
                    [.lightweight(fromVersion: FriendsV1.self, toVersion: FriendsV2.self)]
                }
            }
            func open() throws -> ModelContainer {
                try ModelContainer(for: Schema(versionedSchema: FriendsV2.self), migrationPlan: FriendsPlan.self)
            }
            """
        }
        let matching = adopted("var name: String = \"\"; var birthday: Date?;")
        XCTAssertEqual(TestSupport.analyze(matching, lockfile: lockfile).findings.map(\.rule), [])
        let wrong = TestSupport.analyze(adopted("var name: String = \"\";"), lockfile: lockfile).findings
        XCTAssertEqual(TestSupport.summary(wrong), ["shipped_version_not_in_plan Schema.swift:14"])
        XCTAssertTrue(wrong[0].message.text.contains("134504"), wrong[0].message.text)
        XCTAssertTrue(
            wrong[0].message.text.contains("FriendsV1, differs from what shipped: Friend.birthday removed"),
            wrong[0].message.text)

        // A versioned app that drops a locked version from `schemas` while keeping its type.
        let versioned = TestSupport.lock(TestSupport.analyze(matching))
        let dropped = matching.replacingOccurrences(
            of: "[FriendsV1.self, FriendsV2.self]", with: "[FriendsV2.self, FriendsV3.self]"
        ).replacingOccurrences(of: "FriendsV2.Friend", with: "FriendsV3.Friend").replacingOccurrences(
            of: "versionedSchema: FriendsV2.self", with: "versionedSchema: FriendsV3.self"
        ).replacingOccurrences(
            of: "fromVersion: FriendsV1.self, toVersion: FriendsV2.self",
            with: "fromVersion: FriendsV2.self, toVersion: FriendsV3.self"
        ) + """

            enum FriendsV3: VersionedSchema {
                static var versionIdentifier = Schema.Version(3, 0, 0)
                static var models: [any PersistentModel.Type] { [Friend.self] }
                @Model final class Friend {
                    var name: String = ""; var birthday: Date?; var tag: String?; var x: Int?
                    init() {}
                }
            }
            """
        let findings = TestSupport.summary(TestSupport.analyze(dropped, lockfile: versioned).findings)
        XCTAssertEqual(findings, ["shipped_version_not_in_plan Schema.swift:14"])
    }

    /// The built binary on an unversioned app, as a user runs it: a warning until the first lock, then a type change
    /// to a shipped property fails the check.
    func testTheUnversionedWorkflowEndToEnd() throws {
        let root = try TestSupport.temporaryDirectory()
        let file = root.appendingPathComponent("Friend.swift")
        try Data(Self.shipped.utf8).write(to: file)
        let fresh = try TestSupport.run(["check", "--verbose"], in: root)
        XCTAssertEqual(fresh.status, 0, fresh.stderr)
        XCTAssertTrue(fresh.stdout.contains("opens its store with no migration plan"), fresh.stdout)
        let lock = try TestSupport.run(["lock"], in: root)
        XCTAssertEqual(lock.status, 0, lock.stderr)
        XCTAssertTrue(lock.stdout.contains("locked Unversioned@"), lock.stdout)
        let hash = try TestSupport.run(["hash"], in: root)
        XCTAssertTrue(hash.stdout.hasPrefix("Unversioned@"), hash.stdout)
        XCTAssertEqual(try TestSupport.run(["check"], in: root).status, 0)
        try Data(Self.shipped.replacingOccurrences(of: "var birthday: Date?", with: "var birthday: String?").utf8)
            .write(to: file)
        let broken = try TestSupport.run(["check"], in: root)
        XCTAssertEqual(broken.status, 1, broken.stdout)
        XCTAssertTrue(
            broken.stdout.contains(
                "Friend.swift:6:9: error: Friend.birthday changed type since it shipped and no stage runs"),
            broken.stdout)

        // The matrix says the same, for a terminal and for a pull-request comment.
        let upgrades = try TestSupport.run(["upgrades"], in: root)
        XCTAssertEqual(upgrades.status, 1)
        XCTAssertTrue(
            upgrades.stdout.contains(": fails: no stage runs and SwiftData cannot infer the migration to Unversioned@"),
            upgrades.stdout)
        XCTAssertTrue(
            upgrades.stdout.contains("Friend.birthday changed: type Date → String"), upgrades.stdout)
        let markdown = try TestSupport.run(["upgrades", "--format", "markdown"], in: root)
        XCTAssertTrue(markdown.stdout.hasPrefix("### Will every store open with this build?"), markdown.stdout)
        XCTAssertTrue(markdown.stdout.contains("| ❌ | fails:"), markdown.stdout)
    }

    /// A removed and an added property of one type whose names share no word are as likely a replacement: the rename
    /// guess is a note then, a warning when the names share a word.
    func testARenameGuessBetweenUnrelatedNamesIsANote() throws {
        let lockfile = TestSupport.lock(TestSupport.analyze(Self.shipped))
        let unrelated = Self.shipped.replacingOccurrences(
            of: "var name: String = \"\"", with: "var city: String = \"\"")
        let findings = TestSupport.analyze(unrelated, lockfile: lockfile).findings
        XCTAssertEqual(findings.map(\.rule), ["rename_without_original_name"])
        XCTAssertEqual(findings.map(\.severity), [.note])
        XCTAssertTrue(
            findings[0].message.detail.hasSuffix("The names share no word, so this may well be a replacement"),
            findings[0].message.text)
        let related = Self.shipped.replacingOccurrences(
            of: "var name: String = \"\"", with: "var nickName: String = \"\"")
        XCTAssertEqual(TestSupport.analyze(related, lockfile: lockfile).findings.map(\.severity), [.warning])
        // One word of four in common (JobShift's `nightWageStartTime`, when a night wage starts, and `startDate`, when
        // a job began): a note that says which.
        let lockedLong = TestSupport.lock(
            TestSupport.analyze(
                Self.shipped.replacingOccurrences(
                    of: "var birthday: Date?", with: "var nightWageStartTime: Date = Date()")))
        let distant = TestSupport.analyze(
            Self.shipped.replacingOccurrences(of: "var birthday: Date?", with: "var startDate: Date = .distantPast"),
            lockfile: lockedLong
        ).findings
        XCTAssertEqual(distant.map(\.severity), [.note])
        XCTAssertTrue(
            distant.first?.message.detail.hasSuffix("The names share only `start`, so this may well be a replacement")
                == true, distant.first?.message.detail ?? "")
        // Half the words of each (`startTime` → `startDate`): a warning.
        let lockedShort = TestSupport.lock(
            TestSupport.analyze(
                Self.shipped.replacingOccurrences(of: "var birthday: Date?", with: "var startTime: Date = Date()")))
        let near = TestSupport.analyze(
            Self.shipped.replacingOccurrences(of: "var birthday: Date?", with: "var startDate: Date = .distantPast"),
            lockfile: lockedShort)
        XCTAssertEqual(near.findings.map(\.severity), [.warning])
    }

    /// Each entry says when it was first locked and for which release; re-recording keeps both.
    func testEntriesSayWhenAndForWhichReleaseTheyWereLocked() throws {
        XCTAssertEqual(LockDate.today(environment: ["SOURCE_DATE_EPOCH": "0"]), "1970-01-01")
        XCTAssertEqual(LockDate.today(environment: ["SOURCE_DATE_EPOCH": "1795478400"]), "2026-11-24")
        XCTAssertEqual(LockDate.today(environment: ["SOURCE_DATE_EPOCH": "951782400"]), "2000-02-29")
        let request = Locker.Request(release: "2.3", date: "2026-11-24")
        let first = Locker.plan(TestSupport.analyze(Self.shipped), existing: nil, request: request).lockfile
        let entry = try XCTUnwrap(first.versions.values.first)
        XCTAssertEqual(entry.lockedAt, "2026-11-24")
        XCTAssertEqual(entry.release, "2.3")
        XCTAssertTrue(first.json().rendered().contains("\"release\": \"2.3\""))
        let later = Locker.plan(
            TestSupport.analyze(Self.shipped), existing: first, request: .init(release: "2.4", date: "2026-12-01"))
        XCTAssertEqual(later.lockfile, first, "an unchanged state is never re-dated")
    }

    /// Two branches each lock a new state: git leaves conflict markers, `lock` keeps both sides; two sides that
    /// recorded one key differently are named, and nothing is written.
    func testLockMergesTwoBranchesThatEachLockedAState() throws {
        let root = try TestSupport.temporaryDirectory()
        let lockfile = root.appendingPathComponent("schemalint.lock").path
        let base = TestSupport.lock(TestSupport.analyze(Self.shipped))
        func locked(_ extra: String) -> Lockfile {
            let source = Self.shipped.replacingOccurrences(
                of: "var birthday: Date?", with: "var birthday: Date?\n\(extra)")
            return Locker.plan(TestSupport.analyze(source), existing: base, request: .init()).lockfile
        }
        let (ours, theirs) = (locked("var nickname: String?"), locked("var city: String?"))
        for (name, file) in [("base", base), ("ours", ours), ("theirs", theirs)] {
            try Data(file.json().rendered().utf8).write(to: root.appendingPathComponent(name))
        }
        let merge = Process()
        merge.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        merge.arguments = ["git", "merge-file", "-p", "ours", "base", "theirs"]
        merge.currentDirectoryURL = root
        let output = Pipe()
        merge.standardOutput = output
        try merge.run()
        let conflicted = output.fileHandleForReading.readDataToEndOfFile()
        merge.waitUntilExit()
        XCTAssertTrue(String(decoding: conflicted, as: UTF8.self).contains("<<<<<<<"))
        try conflicted.write(to: URL(fileURLWithPath: lockfile))
        try Data(Self.shipped.utf8).write(to: root.appendingPathComponent("Friend.swift"))

        let check = try TestSupport.run(["check"], in: root)
        XCTAssertEqual(check.status, 2)
        XCTAssertTrue(check.stderr.contains("Run `schemalint lock`: it keeps both sides' entries"), check.stderr)
        let lock = try TestSupport.run(["lock"], in: root)
        XCTAssertEqual(lock.status, 0, lock.stderr)
        let merged = try XCTUnwrap(LockfileStore.load(lockfile))
        XCTAssertEqual(Set(merged.versions.keys), Set(ours.versions.keys).union(theirs.versions.keys))
        XCTAssertEqual(merged.versions.count, 3)

        // The same key recorded differently on each side: named, nothing written.
        var other = theirs
        let key = try XCTUnwrap(base.versions.keys.first)
        other.versions[key]?.release = "9.9"
        XCTAssertThrowsError(
            try LockfileMerge.merged(
                "<<<<<<< ours\n" + ours.json().rendered() + "=======\n" + other.json().rendered()
                    + ">>>>>>> theirs\n",
                path: "schemalint.lock")
        ) { error in
            XCTAssertEqual(error as? LockfileMerge.Failure, .disagree(path: "schemalint.lock", keys: [key]))
        }
    }

    /// `Schema(CurrentSchema.models)` opens exactly that version: no implicit version beside it, and the version is
    /// what the app's stores hold (lockfile_missing until it is locked, and it is the target inference migrates to).
    func testAContainerOfAVersionsModelsOpensThatVersion() throws {
        let source = """
            import SwiftData
            typealias CurrentSchema = NotesV1
            enum NotesV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [self.Note.self] }
                @Model final class Note { var text: String = ""; init() {} }
            }
            let container = try! ModelContainer(for: Schema(CurrentSchema.models))
            """
        let analysis = TestSupport.analyze(source)
        XCTAssertEqual(analysis.versions.map(\.key), ["NotesV1"])
        let container = try XCTUnwrap(analysis.project.containers.first)
        XCTAssertEqual(container.versionedSchema, analysis.project.versions.first?.id)
        let lockfile = TestSupport.lock(analysis)
        let edited = source.replacingOccurrences(of: "var text: String = \"\"", with: "var text: Int = 0")
        let findings = TestSupport.analyze(edited, lockfile: lockfile).findings
        XCTAssertEqual(findings.map(\.rule), ["lightweight_unsupported_change", "shipped_schema_edited"])
        XCTAssertTrue(
            findings[0].message.detail.contains("Stores written by NotesV1 (1.0.0) as it was locked are opened by"),
            findings[0].message.text)
        XCTAssertTrue(findings[1].message.text.contains("still open today if"), findings[1].message.text)
    }

    /// Two app containers with different models (the app and its widget's own store) are two states, each named
    /// after its container; a locked state whose stores are handled elsewhere is retired with a reason and stays quiet.
    func testSeveralContainersAreSeveralStatesAndAStateCanBeRetiredWithAReason() throws {
        let widget = """
            import SwiftData
            @Model final class Glance { var title: String = ""; init() {} }
            func widgetContainer() throws -> ModelContainer { try ModelContainer(for: Glance.self) }
            """
        let analysis = TestSupport.analyze(["Friend.swift": Self.shipped, "Widget/Glance.swift": widget])
        let implicit = analysis.project.versions.filter(\.isImplicit)
        XCTAssertEqual(implicit.count, 2)
        XCTAssertEqual(Set(implicit.map(\.location.file)), ["Friend.swift", "Widget/Glance.swift"])
        XCTAssertTrue(implicit.allSatisfy { $0.displayName.hasPrefix("the models the app container opens (") })

        let lockfile = TestSupport.lock(analysis)
        XCTAssertEqual(lockfile.versions.count, 2)
        // The widget's title becomes an Int: only the widget's state is affected.
        let retyped = widget.replacingOccurrences(of: "var title: String = \"\"", with: "var title: Int = 0")
        let sources = ["Friend.swift": Self.shipped, "Widget/Glance.swift": retyped]
        let findings = TestSupport.analyze(sources, lockfile: lockfile).findings
        XCTAssertEqual(TestSupport.summary(findings), ["lightweight_unsupported_change Widget/Glance.swift:2"])

        // The team resets the widget's store on purpose: retire the state, with the reason kept in the lockfile.
        let key = try XCTUnwrap(
            lockfile.versions.keys.first { lockfile.versions[$0]?.entities.first?.name == "Glance" })
        let retired = Locker.plan(
            TestSupport.analyze(sources), existing: lockfile,
            request: .init(accept: [key], reason: "the widget rebuilds its cache from the app")
        ).lockfile
        XCTAssertEqual(retired.versions[key]?.retired, "the widget rebuilds its cache from the app")
        XCTAssertEqual(TestSupport.analyze(sources, lockfile: retired).findings.map(\.rule), [])
    }
}
