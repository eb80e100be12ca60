import Foundation
import SchemaLintModel
import XCTest

@testable import SchemaLintEngine
@testable import SchemaLintFacts

/// Which model bundles ship, and lock keys that stay put (field test on real Core Data apps): a bundle a CocoaPods
/// development pod compiles (the-blue-alliance-ios), one only a unit-test target compiles (its `Test.xcdatamodeld`),
/// one listed through a path on the author's Mac (notes-ios 4.3.0), an uncompiled duplicate beside the real bundle
/// (notes-ios 2.1.5), and an orphan bundle that cannot be read (OpenEmu). Each app is written here: the Garden project
/// of `Projects/Classic` (app target `Garden`, unit-test target `GardenChecks`) and the Journal bundle of the Core
/// Data fixtures (versions `Journal`, `Journal 2` current, `Journal 3` in progress).
final class CoreDataShippedBundleTests: XCTestCase {
    private var root: URL!
    private var classic: String!

    override func setUpWithError() throws {
        root = try TestSupport.temporaryDirectory()
        classic = try String(
            contentsOf: TestSupport.fixture("Projects/Classic/Garden.xcodeproj/project.pbxproj"), encoding: .utf8)
    }

    override func tearDownWithError() throws {
        if let root { try? FileManager.default.removeItem(at: root) }
    }

    // MARK: Writing the app

    private func write(_ text: String, _ path: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func project(_ text: String) throws { try write(text, "Garden.xcodeproj/project.pbxproj") }

    private func bundle(at path: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: TestSupport.fixture("CoreData/Apps/Journal/Journal/Journal.xcdatamodeld"), to: url)
    }

    /// Adds an attribute to the shipped version `Journal 2` of the bundle at `path`: its entity hashes move.
    private func editShippedVersion(of path: String) throws {
        try TestSupport.edit(root.appendingPathComponent("\(path)/Journal 2.xcdatamodel/contents")) {
            let entity =
                "<entity name=\"Entry\" representedClassName=\"Entry\" syncable=\"YES\" "
                + "codeGenerationType=\"class\">"
            return $0.replacingOccurrences(
                of: entity,
                with: entity + "\n        <attribute name=\"weather\" optional=\"YES\" attributeType=\"String\"/>")
        }
    }

    /// The Garden project with `Journal.xcdatamodeld` (`reference`: its `XCVersionGroup` fields) copied as a resource
    /// by the unit-test target only.
    private func compiledByTestsOnly(reference: String) -> String {
        TestSupport.compilingModelBundle(classic, reference: reference, inGroup: false)
            .replacingOccurrences(
                of: "\t\t\t\tE1000001 /* Sources */,\n\t\t\t\tE1000009 /* Resources */,\n",
                with: "\t\t\t\tE1000001 /* Sources */,\n"
            )
            .replacingOccurrences(
                of: "\t\t\t\tE1000002 /* Sources */,\n",
                with: "\t\t\t\tE1000002 /* Sources */,\n\t\t\t\tE1000009 /* Resources */,\n")
    }

    private func lockfile() throws -> String {
        try String(contentsOf: root.appendingPathComponent("schemalint.lock"), encoding: .utf8)
    }

    private func decision(_ path: String) -> ProjectMembership.Decision {
        ProjectMembership(paths: [path], workingDirectory: root.path).decision(for: path)
    }

    // MARK: A development pod's bundle (the-blue-alliance-ios 1.1.5)

    /// No committed project lists the bundle, but a podspec in a folder above it (up to the project's folder) may:
    /// the Pods project that builds it is generated at `pod install`. Written three ways: the podspec in the pod's
    /// folder two levels above the bundle, a JSON podspec straight above it, and one at the project's own folder.
    func testABundleInsideAPodIsNeverConfidentlyUncompiled() throws {
        try project(classic)
        try bundle(at: "Frameworks/GardenData/Resources/Journal.xcdatamodeld")
        try bundle(at: "Kits/Notes/Journal.xcdatamodeld")
        try bundle(at: "Loose/Journal.xcdatamodeld")
        try write(
            "Pod::Spec.new do |s|\n  s.resources = 'Resources/Journal.xcdatamodeld'\nend\n",
            "Frameworks/GardenData/GardenData.podspec")
        try write("{\"name\": \"Notes\", \"resources\": [\"Journal.xcdatamodeld\"]}\n", "Kits/Notes/Notes.podspec.json")
        XCTAssertEqual(decision("Frameworks/GardenData/Resources/Journal.xcdatamodeld"), .unknown)
        XCTAssertEqual(decision("Kits/Notes/Journal.xcdatamodeld"), .unknown)
        // A bundle in no pod's folder is still one the project leaves out.
        XCTAssertEqual(decision("Loose/Journal.xcdatamodeld"), .notCompiled(project: "Garden.xcodeproj"))
        // A file the project compiles is compiled, pod or not.
        XCTAssertEqual(decision("Garden/GardenApp.swift"), .compiled(testOnly: false))
        try write("Pod::Spec.new do |s|\nend\n", "Garden.podspec")
        XCTAssertEqual(decision("Loose/Journal.xcdatamodeld"), .unknown)
    }

    /// The pod's bundle is locked, so an in-place edit of a shipped version is caught and nothing calls it removed.
    func testAPodsBundleIsLockedAndItsEditsReported() throws {
        try project(classic)
        try bundle(at: "Frameworks/GardenData/Resources/Journal.xcdatamodeld")
        try write("Pod::Spec.new do |s|\nend\n", "Frameworks/GardenData/GardenData.podspec")
        let lock = try TestSupport.run(["lock"], in: root)
        XCTAssertEqual(lock.status, 0, lock.stdout + lock.stderr)
        XCTAssertTrue(lock.stdout.contains("locked Journal.xcdatamodeld/Journal 2"), lock.stdout)
        XCTAssertFalse(lock.stdout.contains("no target compiles"), lock.stdout)
        try editShippedVersion(of: "Frameworks/GardenData/Resources/Journal.xcdatamodeld")
        let check = try TestSupport.run(["check"], in: root)
        XCTAssertTrue(check.stdout.contains("[shipped_schema_edited]"), check.stdout)
        XCTAssertFalse(check.stdout.contains("[shipped_schema_removed]"), check.stdout)
    }

    /// Without a podspec the same bundle is left out, as before: not locked, and said so.
    func testWithoutAPodspecTheUncompiledBundleIsStillLeftOut() throws {
        try project(classic)
        try bundle(at: "Frameworks/GardenData/Resources/Journal.xcdatamodeld")
        let lock = try TestSupport.run(["lock"], in: root)
        XCTAssertTrue(lock.stdout.contains("not locked Journal.xcdatamodeld: no target compiles it"), lock.stdout)
    }

    // MARK: A bundle only a unit-test target compiles (the-blue-alliance-ios 3.2.4)

    func testABundleOnlyTestTargetsCompileIsNotLocked() throws {
        try project(
            compiledByTestsOnly(reference: "path = GardenChecks/Journal.xcdatamodeld; sourceTree = SOURCE_ROOT"))
        try bundle(at: "GardenChecks/Journal.xcdatamodeld")
        XCTAssertEqual(decision("GardenChecks/Journal.xcdatamodeld"), .compiled(testOnly: true))
        let lock = try TestSupport.run(["lock"], in: root)
        XCTAssertTrue(
            lock.stdout.contains("not locked Journal.xcdatamodeld: only test targets compile it"), lock.stdout)
        XCTAssertFalse(((try? lockfile()) ?? "").contains("Journal.xcdatamodeld"))
        // Deleting it later is no finding: it never reached a device.
        try FileManager.default.removeItem(at: root.appendingPathComponent("GardenChecks/Journal.xcdatamodeld"))
        let check = try TestSupport.run(["check"], in: root)
        XCTAssertFalse(check.stdout.contains("shipped_schema"), check.stdout)
    }

    /// An entry an earlier lock made of a bundle the tests compile is not checked as a shipped model; the same bundle
    /// in the app target is.
    func testALockedBundleOnlyTestsCompileIsNoShippedModel() throws {
        let reference = "path = Garden/Journal.xcdatamodeld; sourceTree = SOURCE_ROOT"
        try project(TestSupport.compilingModelBundle(classic, reference: reference, inGroup: false))
        try bundle(at: "Garden/Journal.xcdatamodeld")
        XCTAssertEqual(try TestSupport.run(["lock"], in: root).status, 0)
        try editShippedVersion(of: "Garden/Journal.xcdatamodeld")
        XCTAssertTrue(try TestSupport.run(["check"], in: root).stdout.contains("[shipped_schema_edited]"))
        try project(compiledByTestsOnly(reference: reference))
        let check = try TestSupport.run(["check"], in: root)
        XCTAssertFalse(check.stdout.contains("shipped_schema"), check.stdout)
    }

    // MARK: A path on the author's Mac (notes-ios 4.3.0)

    /// An absolute path that is not here is the file its longest existing tail names under the project's folder.
    /// Written three ways: a `<group>` reference Xcode wrote absolute, an `<absolute>` one, and a group that is
    /// absolute with the bundle listed inside it.
    func testAnAbsolutePathFromAnotherMacResolvesByItsTail() throws {
        try bundle(at: "Source/Data/Journal.xcdatamodeld")
        let references = [
            "path = /Users/someone/Code/garden/Source/Data/Journal.xcdatamodeld; sourceTree = \"<group>\"",
            "path = /Volumes/Work/garden/Source/Data/Journal.xcdatamodeld; sourceTree = \"<absolute>\"",
        ]
        for reference in references {
            try project(TestSupport.compilingModelBundle(classic, reference: reference, inGroup: true))
            XCTAssertEqual(decision("Source/Data/Journal.xcdatamodeld"), .compiled(testOnly: false), reference)
        }
        let inGroup = TestSupport.compilingModelBundle(
            classic, reference: "path = Journal.xcdatamodeld; sourceTree = \"<group>\"", inGroup: false
        )
        .replacingOccurrences(
            of: "\t\t\t\tC1000004 /* GardenChecks */,\n",
            with: "\t\t\t\tC1000004 /* GardenChecks */,\n\t\t\t\tC1000009,\n"
        )
        .replacingOccurrences(
            of: "/* End PBXGroup section */",
            with: "\t\tC1000009 = {isa = PBXGroup; children = (B1000009); "
                + "path = /home/builder/garden/Source/Data; sourceTree = \"<group>\"; };\n/* End PBXGroup section */")
        try project(inGroup)
        XCTAssertEqual(decision("Source/Data/Journal.xcdatamodeld"), .compiled(testOnly: false))
        let lock = try TestSupport.run(["lock"], in: root)
        XCTAssertTrue(lock.stdout.contains("locked Journal.xcdatamodeld/Journal 2"), lock.stdout)
    }

    /// No tail of the path exists here: the project may mean this bundle, so nothing is decided; a bundle of
    /// another name is still left out.
    func testAnAbsolutePathFoundNowhereLeavesABundleOfItsNameUndecided() throws {
        try bundle(at: "Source/Data/Journal.xcdatamodeld")
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("Source/Data/Journal.xcdatamodeld"),
            to: root.appendingPathComponent("Source/Data/Diary.xcdatamodeld"))
        try project(
            TestSupport.compilingModelBundle(
                classic, reference: "path = /Users/someone/Elsewhere/Journal.xcdatamodeld; sourceTree = \"<group>\"",
                inGroup: true))
        XCTAssertEqual(decision("Source/Data/Journal.xcdatamodeld"), .unknown)
        XCTAssertEqual(decision("Source/Data/Diary.xcdatamodeld"), .notCompiled(project: "Garden.xcodeproj"))
    }

    // MARK: Keys (notes-ios 2.1.5 to 3.0.0)

    /// An uncompiled copy of the real bundle takes no part in keying: the real one keeps its folder name whether the
    /// copy is there or not, and deleting the copy changes nothing.
    func testAnUncompiledDuplicateDoesNotChangeTheCompiledBundlesKey() throws {
        try project(
            TestSupport.compilingModelBundle(
                classic, reference: "path = Garden/Data/Journal.xcdatamodeld; sourceTree = SOURCE_ROOT",
                inGroup: false))
        try bundle(at: "Garden/Data/Journal.xcdatamodeld")
        try bundle(at: "Garden/Journal.xcdatamodeld")
        let lock = try TestSupport.run(["lock"], in: root)
        XCTAssertTrue(lock.stdout.contains("locked Journal.xcdatamodeld/Journal 2"), lock.stdout)
        XCTAssertTrue(
            lock.stdout.contains("not locked Garden/Journal.xcdatamodeld: no target compiles it"), lock.stdout)
        try FileManager.default.removeItem(at: root.appendingPathComponent("Garden/Journal.xcdatamodeld"))
        try editShippedVersion(of: "Garden/Data/Journal.xcdatamodeld")
        let check = try TestSupport.run(["check"], in: root)
        XCTAssertTrue(check.stdout.contains("Journal 2 of Journal.xcdatamodeld was edited"), check.stdout)
        XCTAssertFalse(check.stdout.contains("[shipped_schema_removed]"), check.stdout)
    }

    /// Keys in the model: two shipping bundles of one name are told apart, an uncompiled or test-only third one is
    /// keyed apart from them and takes none of their keys.
    func testOnlyShippingBundlesAreKeyedAgainstEachOther() {
        func bundle(_ path: String, compiled: Bool?, testOnly: Bool = false) -> ModelBundle {
            var bundle = ModelBundle(name: "Journal", path: path, versions: [], current: .missing)
            bundle.isCompiled = compiled
            bundle.isTestOnly = testOnly
            return bundle
        }
        var bundles = [
            bundle("App/Data/Journal.xcdatamodeld", compiled: true),
            bundle("App/Journal.xcdatamodeld", compiled: false),
            bundle("Checks/Journal.xcdatamodeld", compiled: true, testOnly: true),
        ]
        ModelBundle.assignKeys(&bundles)
        XCTAssertEqual(
            bundles.map(\.key), ["Journal.xcdatamodeld", "App/Journal.xcdatamodeld", "Checks/Journal.xcdatamodeld"])
        bundles.append(bundle("Watch/Journal.xcdatamodeld", compiled: nil))
        ModelBundle.assignKeys(&bundles)
        // The shipping pair is told apart by their first folders; the left-out bundle's key would be one of theirs.
        XCTAssertEqual(
            bundles.map(\.key),
            [
                "App/Journal.xcdatamodeld", "./App/Journal.xcdatamodeld", "Checks/Journal.xcdatamodeld",
                "Watch/Journal.xcdatamodeld",
            ])
        XCTAssertEqual(Set(bundles.map(\.key)).count, bundles.count)
    }

    /// A lockfile written while a duplicate made the key path-qualified still finds the bundle by its path once the
    /// duplicate is gone: the edit is reported under the locked key, nothing is called removed, and `lock` keeps
    /// the key.
    func testALockedKeyFindsItsBundleByPathWhenTheDuplicateIsGone() throws {
        try bundle(at: "App/Data/Journal.xcdatamodeld")
        try bundle(at: "App/Spare/Journal.xcdatamodeld")
        try write("import CoreData\nlet container = NSPersistentContainer(name: \"Journal\")\n", "App/Stack.swift")
        let lock = try TestSupport.run(["lock"], in: root)
        XCTAssertTrue(lock.stdout.contains("locked Data/Journal.xcdatamodeld/Journal 2"), lock.stdout)
        // The spare copy is deleted with its entry (retired on purpose), and the shipped version edited in place.
        try FileManager.default.removeItem(at: root.appendingPathComponent("App/Spare/Journal.xcdatamodeld"))
        let retire = try TestSupport.run(
            ["lock", "--accept", "Spare/Journal.xcdatamodeld", "--reason", "a copy"], in: root)
        XCTAssertEqual(retire.status, 0, retire.stdout + retire.stderr)
        try editShippedVersion(of: "App/Data/Journal.xcdatamodeld")
        let check = try TestSupport.run(["check"], in: root)
        XCTAssertTrue(check.stdout.contains("Journal 2 of Data/Journal.xcdatamodeld was edited"), check.stdout)
        XCTAssertFalse(check.stdout.contains("Data/Journal.xcdatamodeld is gone"), check.stdout)
        let accept = try TestSupport.run(
            ["lock", "--accept", "Data/Journal.xcdatamodeld/Journal 2", "--reason", "test"], in: root)
        XCTAssertTrue(accept.stdout.contains("re-recorded Data/Journal.xcdatamodeld/Journal 2"), accept.stdout)
        XCTAssertTrue(try lockfile().contains("\"Data/Journal.xcdatamodeld\""))
        XCTAssertFalse(try lockfile().contains("\"Journal.xcdatamodeld\""))
    }

    /// The path match takes only a path-qualified locked key, and only its own bundle's: a locked bare folder name
    /// that two bundles now share stays the entry `mixedBundleKeys` drops, and an entry of another path is left.
    func testLockedKeysAreAdoptedOnlyByTheirOwnPath() {
        func locked(_ path: String, retired: String? = nil) -> LockedBundle {
            var version = LockedModelVersion(identifier: nil, checksum: "c", entities: [:], uncertainties: nil)
            version.retired = retired
            return LockedBundle(path: path, current: "Journal", versions: ["Journal": version])
        }
        var lockfile = Lockfile()
        lockfile.coreData = [
            "Data/Journal.xcdatamodeld": locked("App/Data/Journal.xcdatamodeld"),
            "Old/Diary.xcdatamodeld": locked("App/Old/Diary.xcdatamodeld"),
            "Journal.xcdatamodeld": locked("A/Journal.xcdatamodeld"),
        ]
        var bundles = [
            ModelBundle(name: "Journal", path: "App/Data/Journal.xcdatamodeld", versions: [], current: .missing),
            ModelBundle(name: "Diary", path: "App/New/Diary.xcdatamodeld", versions: [], current: .missing),
        ]
        ModelBundle.assignKeys(&bundles)
        lockfile.adoptLockedKeys(&bundles)
        XCTAssertEqual(bundles.map(\.key), ["Journal.xcdatamodeld", "Diary.xcdatamodeld"])
        lockfile.coreData?["Journal.xcdatamodeld"] = nil
        lockfile.adoptLockedKeys(&bundles)
        XCTAssertEqual(bundles.map(\.key), ["Data/Journal.xcdatamodeld", "Diary.xcdatamodeld"])
        // Run from the app's parent folder, paths are longer; the locked key still ends the bundle's path.
        ModelBundle.assignKeys(&bundles)
        bundles[0].path = "Apps/App/Data/Journal.xcdatamodeld"
        lockfile.adoptLockedKeys(&bundles)
        XCTAssertEqual(bundles[0].key, "Data/Journal.xcdatamodeld")
        // An entry whose every version was retired belongs to a bundle given up on purpose: never taken.
        ModelBundle.assignKeys(&bundles)
        lockfile.coreData?["Data/Journal.xcdatamodeld"] = locked("App/Data/Journal.xcdatamodeld", retired: "gone")
        lockfile.adoptLockedKeys(&bundles)
        XCTAssertEqual(bundles[0].key, "Journal.xcdatamodeld")
    }

    // MARK: An orphan bundle that cannot be read (OpenEmu 1.0b8)

    func testAnUnreadableBundleNoTargetCompilesIsNoSyntaxError() throws {
        try project(classic)
        try bundle(at: "Garden/Journal.xcdatamodeld")
        try write("<model><entity", "Garden/Journal.xcdatamodeld/Journal 2.xcdatamodel/contents")
        let orphan = try TestSupport.run(["check"], in: root)
        XCTAssertFalse(orphan.stdout.contains("[syntax_error]"), orphan.stdout)
        // Compiled, the same file is reported.
        try project(
            TestSupport.compilingModelBundle(
                classic, reference: "path = Garden/Journal.xcdatamodeld; sourceTree = SOURCE_ROOT", inGroup: false))
        let compiled = try TestSupport.run(["check"], in: root)
        XCTAssertTrue(compiled.stdout.contains("[syntax_error]"), compiled.stdout)
    }
}
