import Foundation
import SchemaLintEngine
import SchemaLintModel
import SchemaLintSyntax
import XCTest

/// Which files the app compiles, from its `.xcodeproj` or `Package.swift`: a file no target builds is not the app,
/// and a file only a test target builds is test code whatever its folder is called.
final class ProjectTargetTests: XCTestCase {
    private func decisions(_ fixture: String) throws -> [String: ProjectMembership.Decision] {
        let root = TestSupport.fixture(fixture)
        let files = try TestSupport.sources(of: fixture).keys.sorted()
        let membership = ProjectMembership(paths: files, workingDirectory: root.path)
        XCTAssertEqual(membership.problems, [])
        return Dictionary(uniqueKeysWithValues: files.map { ($0, membership.decision(for: $0)) })
    }

    /// The classic project fixture in a scratch folder, to damage its project file.
    private func copyOfClassic() throws -> URL {
        let root = try TestSupport.temporaryDirectory()
        let source = TestSupport.fixture("Projects/Classic")
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(name), to: root.appendingPathComponent(name))
        }
        return root
    }

    private func rules(_ analysis: Analysis) -> [String] {
        TestSupport.summary(analysis.findings.filter { $0.rule != "lockfile_missing" })
    }

    /// Groups, file references and a Sources phase per target; an orphan file redeclaring an old version; a helper
    /// in a test target whose folder is not called Tests.
    func testClassicProjectGroupsAndSourcesPhases() throws {
        XCTAssertEqual(try decisions("Projects/Classic"), [
            "Garden/GardenApp.swift": .compiled(testOnly: false),
            "Garden/Models/Plant.swift": .compiled(testOnly: false),
            "Garden/Models/PlantSchema.swift": .compiled(testOnly: false),
            "Garden/Extensions/Schemas.swift": .notCompiled(project: "Garden.xcodeproj"),
            "GardenChecks/StoreChecks.swift": .compiled(testOnly: true),
        ])
        let analysis = try TestSupport.analyzeFixture("Projects/Classic")
        XCTAssertEqual(analysis.statistics.notCompiled, ["Garden.xcodeproj": ["Garden/Extensions/Schemas.swift"]])
        XCTAssertEqual(analysis.versions.map(\.key), ["PlantSchemaV1", "PlantSchemaV2"])
        XCTAssertEqual(analysis.project.containers.map(\.purpose), [.app, .test])
        XCTAssertEqual(rules(analysis), [])
    }

    /// Xcode 16 synchronized folders: every file below the folder, but for exceptions that flip a file out of the
    /// app or into the widget.
    func testSynchronizedFoldersWithMembershipExceptions() throws {
        XCTAssertEqual(try decisions("Projects/Synchronized"), [
            "Journal/JournalApp.swift": .compiled(testOnly: false),
            "Journal/Models/Entry.swift": .compiled(testOnly: false),
            "Journal/Drafts/OldSchema.swift": .notCompiled(project: "Journal.xcodeproj"),
            "JournalWidget/LatestEntryProvider.swift": .compiled(testOnly: false),
            "JournalTests/EntryTests.swift": .compiled(testOnly: true),
        ])
        let analysis = try TestSupport.analyzeFixture("Projects/Synchronized")
        XCTAssertEqual(analysis.versions.count, 1)
        XCTAssertTrue(analysis.versions[0].key.hasPrefix("Unversioned@"))
        XCTAssertEqual(rules(analysis), [])
    }

    /// `path:`, `exclude:`, SwiftPM's default folders and a test target; the manifest is not the app; a script outside
    /// `Sources/` and `Tests/` may be built by something else, so the folder rules decide it.
    func testPackageTargetsPathsAndExcludes() throws {
        XCTAssertEqual(try decisions("Projects/Package"), [
            "Package.swift": .manifest,
            "Sources/Store/RecipeSchema.swift": .compiled(testOnly: false),
            "Sources/Store/Legacy/OldRecipeSchema.swift": .notCompiled(project: "Package.swift"),
            "Sources/RecipeKit/Formatting.swift": .compiled(testOnly: false),
            "Tests/RecipeStoreTests/StoreTests.swift": .compiled(testOnly: true),
            "Scripts/seed.swift": .unknown,
        ])
        let analysis = try TestSupport.analyzeFixture("Projects/Package")
        XCTAssertEqual(analysis.versions.map(\.key), ["RecipeSchemaV1"])
        XCTAssertEqual(rules(analysis), [])
    }

    /// A damaged or merge-conflicted project file never stops the check: it is named once, and the folder rules
    /// decide as if it were not there.
    func testAnUnreadableProjectFileFallsBackToFolderRules() throws {
        let root = try copyOfClassic()
        let pbxproj = root.appendingPathComponent("Garden.xcodeproj/project.pbxproj")
        let text = try String(contentsOf: pbxproj, encoding: .utf8)
        try Data(text.replacingOccurrences(
            of: "\t\tA1000004", with: "<<<<<<< HEAD\n\t\tA1000004").utf8).write(to: pbxproj)
        let membership = ProjectMembership(paths: ["Garden/Extensions/Schemas.swift"], workingDirectory: root.path)
        XCTAssertEqual(
            membership.problems,
            [
                "Garden.xcodeproj/project.pbxproj has git conflict markers: folder names decide which files below . "
                    + "are app code, as if there were no project file"
            ])
        XCTAssertEqual(membership.decision(for: "Garden/Extensions/Schemas.swift"), .unknown)
        let run = try TestSupport.run(["check"], in: root)
        XCTAssertTrue(
            run.stderr.contains("schemalint: warning: Garden.xcodeproj/project.pbxproj has git conflict markers"),
            run.stderr)
        XCTAssertTrue(run.stderr.contains("in 3 schema versions"), run.stderr)
        // The same characters inside a quoted value (a shell script phase echoing them, SideStore) are no marker.
        let script = ##"Z9 = {isa = PBXShellScriptBuildPhase; shellScript = "# echo \">>>>>>>>> D <<<<<<<<<<\"\n"; };"##
        let entry = "\t\tA1000004 /* StoreChecks.swift in Sources */ = {"
        try Data(text.replacingOccurrences(of: entry, with: "\t\t\(script)\n\(entry)").utf8).write(to: pbxproj)
        XCTAssertEqual(
            ProjectMembership(paths: ["Garden/Extensions/Schemas.swift"], workingDirectory: root.path).problems, [])
        // With the project readable again, --verbose names the file no target compiles.
        try Data(text.utf8).write(to: pbxproj)
        let verbose = try TestSupport.run(["check", "--verbose"], in: root)
        XCTAssertTrue(
            verbose.stderr.contains("schemalint: app .: 5 Swift files (1 that no target compiles left out), "),
            verbose.stderr)
        XCTAssertTrue(
            verbose.stderr.contains(
                "schemalint: 1 Swift file that no target of Garden.xcodeproj compiles, not analysed: "
                    + "Garden/Extensions/Schemas.swift"),
            verbose.stderr)
        try Data("garbage {".utf8).write(to: pbxproj)
        XCTAssertEqual(
            ProjectMembership(paths: ["Garden/GardenApp.swift"], workingDirectory: root.path).problems,
            [
                "Garden.xcodeproj/project.pbxproj is not a property list schemalint can read: folder names decide "
                    + "which files below . are app code, as if there were no project file"
            ])
    }

    /// A project generated from a spec (XcodeGen's `project.yml`, Tuist's `Project.swift`) is often not committed: the
    /// `.xcodeproj` folder holds only shared schemes. The warning says which tool makes the file and what to run; a
    /// missing file with no spec beside it keeps the plain reason.
    func testAMissingGeneratedProjectFileNamesItsGenerator() throws {
        let root = try copyOfClassic()
        let pbxproj = root.appendingPathComponent("Garden.xcodeproj/project.pbxproj")
        try FileManager.default.removeItem(at: pbxproj)
        let paths = ["Garden/GardenApp.swift"]
        XCTAssertEqual(
            ProjectMembership(paths: paths, workingDirectory: root.path).problems,
            [
                "Garden.xcodeproj/project.pbxproj cannot be read (it does not exist): folder names decide which "
                    + "files below . are app code, as if there were no project file"
            ])
        for (spec, says) in [
            ("project.yml", "XcodeGen makes it from project.yml: run `xcodegen` first"),
            ("Project.swift", "Tuist makes it from Project.swift: run `tuist generate` first"),
        ] {
            let specFile = root.appendingPathComponent(spec)
            try Data("name: Garden\n".utf8).write(to: specFile)
            XCTAssertEqual(
                ProjectMembership(paths: paths, workingDirectory: root.path).problems,
                [
                    "Garden.xcodeproj/project.pbxproj does not exist (\(says)): folder names decide which files "
                        + "below . are app code, as if there were no project file"
                ], spec)
            try FileManager.default.removeItem(at: specFile)
        }
    }

    /// Groups that contain each other (a hand-merged project file) resolve no path: the project is named as damaged
    /// and folder rules decide, instead of every file reading as compiled by no target (a silent pass).
    func testAProjectWhoseGroupsFormACycleIsNamedAndFolderRulesDecide() throws {
        let root = try copyOfClassic()
        defer { try? FileManager.default.removeItem(at: root) }
        let pbxproj = root.appendingPathComponent("Garden.xcodeproj/project.pbxproj")
        let text = try String(contentsOf: pbxproj, encoding: .utf8)
        // Models (C1000003) lists the Garden group (C1000002) that lists it.
        try Data(
            text.replacingOccurrences(
                of: "\t\t\t\tB1000002 /* Plant.swift */,",
                with: "\t\t\t\tB1000002 /* Plant.swift */,\n\t\t\t\tC1000002,"
            ).utf8
        ).write(to: pbxproj)
        let membership = ProjectMembership(paths: ["Garden/GardenApp.swift"], workingDirectory: root.path)
        XCTAssertEqual(membership.problems.count, 1)
        XCTAssertTrue(
            membership.problems.first?.hasPrefix(
                "Garden.xcodeproj/project.pbxproj is damaged: its groups contain each other") == true,
            "\(membership.problems)")
        XCTAssertEqual(membership.decision(for: "Garden/GardenApp.swift"), .unknown)
    }

    /// A manifest schemalint cannot read with certainty leaves out nothing: a conflicted one, or targets built in code.
    func testAPackageManifestWithComputedTargetsDecidesNothing() throws {
        XCTAssertEqual(
            PackageManifestReader.targets(in: """
                let package = Package(name: "A", targets: [.target(name: "Core", exclude: ["Legacy"])])
                """)?.map(\.name), ["Core"])
        XCTAssertNil(PackageManifestReader.targets(in: """
            let names = ["Core", "UI"]
            let package = Package(name: "A", targets: names.map { .target(name: $0) })
            """))
        XCTAssertNil(PackageManifestReader.targets(in: """
            let package = Package(name: "A", targets: [
            <<<<<<< HEAD
                .target(name: "Core"),
            =======
                .target(name: "Kit"),
            >>>>>>> feature
            ])
            """))
        XCTAssertEqual(PackageManifestReader.targets(in: "let package = Package(name: \"Tools\")\n")?.count, 0)
    }
}
