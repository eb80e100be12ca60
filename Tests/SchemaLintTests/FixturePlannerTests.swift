import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// `fixtures` writes a store for each locked state: from the sources while they still declare it, else from the
/// lockfile's snapshots, and only when what it would write hashes to what was locked.
final class FixturePlannerTests: XCTestCase {
    static let apps = [
        "Golden/FreezeRay", "Golden/MyHome", "Golden/ChefTime", "Golden/Ladder", "Golden/Vivobody", "Golden/Cocktails",
        "CoreData/Golden/AppRating", "CoreData/Apps/Journal", "CoreData/Apps/Recipes", "TravelApp", "JournalApp",
    ]

    func testEveryLockedStateOfTheGoldenAppsIsTakenFromTheSources() throws {
        for app in Self.apps {
            let analysis = try TestSupport.analyzeFixture(app)
            let lockfile = TestSupport.lock(analysis)
            let states = FixturePlanner.states(lockfile: lockfile, analysis: analysis)
            XCTAssertFalse(states.isEmpty, app)
            for state in states where state.unavailable == nil {
                XCTAssertEqual(state.origin, "the sources", "\(app) \(state.key)")
            }
        }
    }

    /// With the sources gone (every version edited or deleted since), each state is rebuilt from its snapshot, and
    /// the rebuilt model is the one the sources gave, property by property.
    func testWithoutTheSourcesEachStateIsRebuiltFromTheLockfileExactly() throws {
        var rebuilt = 0
        for app in Self.apps {
            let analysis = try TestSupport.analyzeFixture(app)
            let lockfile = TestSupport.lock(analysis)
            let fromSources = FixturePlanner.states(lockfile: lockfile, analysis: analysis)
            let withoutSources = FixturePlanner.states(lockfile: lockfile, analysis: TestSupport.analyze([:]))
            XCTAssertEqual(fromSources.map(\.key), withoutSources.map(\.key), app)
            for (source, state) in zip(fromSources, withoutSources) {
                guard let expected = source.schema else { continue }
                guard let schema = state.schema else {
                    XCTFail("\(app) \(state.key): \(state.unavailable ?? "")")
                    continue
                }
                XCTAssertEqual(state.origin, "the lockfile's snapshot")
                XCTAssertEqual(SnapshotDiff.changes(from: expected.snapshot, to: schema.snapshot), [], state.key)
                XCTAssertEqual(VersionHasher.hash(schema).entityHashes, state.entityHashes, state.key)
                rebuilt += 1
            }
        }
        XCTAssertGreaterThan(rebuilt, 15)
    }

    /// A snapshot that no longer hashes to the locked hash (a hand-edited lockfile) is no fixture, and says which
    /// entity.
    func testASnapshotThatDoesNotHashToTheLockedHashIsNoFixture() throws {
        let analysis = try TestSupport.analyzeFixture("Golden/MyHome")
        var lockfile = TestSupport.lock(analysis)
        var version = try XCTUnwrap(lockfile.versions["SchemaV1"])
        let index = try XCTUnwrap(version.entities[0].properties.firstIndex { $0.name == "note" })
        version.entities[0].properties[index].optional = false
        lockfile.versions["SchemaV1"] = version
        let states = FixturePlanner.states(lockfile: lockfile, analysis: TestSupport.analyze([:]))
        let state = try XCTUnwrap(states.first { $0.key == "SchemaV1" })
        XCTAssertNil(state.schema)
        XCTAssertEqual(
            state.unavailable,
            "the snapshot of Expense does not hash to the recorded version hash (it holds something a snapshot does "
                + "not keep, such as an entity hash modifier)")
    }

    func testAStateLockedAsUncertainIsNoFixture() throws {
        let analysis = try TestSupport.analyzeFixture("Golden/MyHome")
        var lockfile = TestSupport.lock(analysis)
        lockfile.versions["SchemaV2"]?.checksumUncertainties = ["Expense.receipt: 'Receipt' is not declared"]
        let state = try XCTUnwrap(FixturePlanner.states(lockfile: lockfile, analysis: analysis).last)
        XCTAssertEqual(state.key, "SchemaV2")
        XCTAssertEqual(
            state.unavailable,
            "its checksum was locked as uncertain (Expense.receipt: 'Receipt' is not declared)")
    }

    /// The store UUID is fixed by the state: the same lockfile gives the same bytes on every run.
    func testTheStoreUUIDIsDerivedFromTheState() throws {
        let analysis = try TestSupport.analyzeFixture("Golden/MyHome")
        let lockfile = TestSupport.lock(analysis)
        let first = FixturePlanner.states(lockfile: lockfile, analysis: analysis).map(\.storeUUID)
        let second = FixturePlanner.states(lockfile: lockfile, analysis: analysis).map(\.storeUUID)
        XCTAssertEqual(first, second)
        XCTAssertEqual(Set(first).count, first.count)
        XCTAssertTrue(first.allSatisfy { $0.count == 36 && $0.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12] })
    }
}

extension FixturePlannerTests {
    /// A Core Data model version with one entity, `Note`, and one optional attribute.
    static let noteModel = CoreDataModelText.oneEntity("Note", attribute: "text")

    /// Two bundles with one folder name (an app's Mac and phone models) get a folder each, named after their keys:
    /// neither fixture replaces the other.
    func testBundlesWithOneNameGetAFolderEach() throws {
        let contents = Self.noteModel
        let analysis = try TestSupport.analyzeOnDisk([
            "Mac/Notes.xcdatamodel/contents": contents,
            "Phone/Notes.xcdatamodel/contents": contents,
            "Phone/Notes.swift": "import CoreData\nlet container = NSPersistentContainer(name: \"Notes\")\n",
        ])
        let lockfile = TestSupport.lock(analysis)
        let states = FixturePlanner.states(lockfile: lockfile, analysis: analysis)
        XCTAssertEqual(states.map(\.key), ["Mac/Notes.xcdatamodel/Notes", "Phone/Notes.xcdatamodel/Notes"])
        XCTAssertEqual(states.map(\.fileName), ["Mac/Notes/Notes.sqlite", "Phone/Notes/Notes.sqlite"])
    }
}

extension FixturePlannerTests {
    /// Keys that make one file name (`Shop/SchemaV1`, `Shop_SchemaV1`) are numbered, never written over each other.
    func testKeysThatMakeOneFileNameAreNumbered() throws {
        let analysis = try TestSupport.analyzeFixture("Golden/MyHome")
        let locked = try XCTUnwrap(TestSupport.lock(analysis).versions["SchemaV1"])
        let lockfile = Lockfile(versions: ["Shop/SchemaV1": locked, "Shop_SchemaV1": locked])
        let states = FixturePlanner.states(lockfile: lockfile, analysis: TestSupport.analyze([:]))
        XCTAssertEqual(Set(states.map(\.fileName)), ["Shop_SchemaV1.store", "Shop_SchemaV1-2.store"])
    }
}
