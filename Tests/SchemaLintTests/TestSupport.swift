import Foundation
import SchemaLintEngine
import SchemaLintStore
import SchemaLintModel
import XCTest

/// Helpers shared by the tests: analyse in-memory sources or fixture folders.
enum TestSupport {
    /// The real stores in `../shared/stores` (beside the checkout; CONTRIBUTING.md says what it holds): a test that
    /// needs one is skipped, with this reason, where they are not there, and fails instead under `.ci/run`
    /// (`SCHEMALINT_REQUIRE_SHARED=1`), so CI never passes by skipping them.
    static func requireSharedStore(_ path: String) throws {
        guard !FileManager.default.fileExists(atPath: path) else { return }
        let reason =
            "\(path) is missing: the real-store tests need ../shared/stores beside this checkout (see CONTRIBUTING.md)"
        if ProcessInfo.processInfo.environment["SCHEMALINT_REQUIRE_SHARED"] == "1" {
            struct Missing: Error, CustomStringConvertible { var description: String }
            throw Missing(description: reason)
        }
        throw XCTSkip(reason)
    }

    static var fixturesURL: URL { Bundle.module.resourceURL!.appendingPathComponent("Fixtures") }

    static func fixture(_ relative: String) -> URL { fixturesURL.appendingPathComponent(relative) }

    /// Analyses `files` (path → source) held in memory.
    static func analyze(
        _ files: [String: String], lockfile: Lockfile? = nil, threads: Int? = 1,
        stores: [StoreMetadata] = [], lockfileLocation: String? = nil, readsWholeApp: Bool = false
    ) -> Analysis {
        let sources = files.sorted { $0.key < $1.key }.map {
            SourceDiscovery.SourceFile(path: $0.key, bytes: Array($0.value.utf8))
        }
        var analyzer = Analyzer(threads: threads)
        analyzer.stores = stores
        analyzer.lockfileLocation = lockfileLocation
        analyzer.readsWholeApp = readsWholeApp
        let analysis = analyzer.analyze(files: sources, lockfile: lockfile)
        assertMessagesAreShaped(analysis.findings)
        return analysis
    }

    /// Every message a test makes is checked for its shape: a headline of at most 120 characters that is one
    /// sentence without its full stop, and (for errors and warnings) what to do.
    static func assertMessagesAreShaped(
        _ findings: [Finding], file: StaticString = #filePath, line: UInt = #line
    ) {
        for finding in findings {
            let message = finding.message
            let place = "\(finding.rule) (\(message.id)): \(message.headline)"
            XCTAssertFalse(message.headline.isEmpty, "\(place): no headline", file: file, line: line)
            XCTAssertLessThanOrEqual(
                message.headline.count, Finding.Message.headlineLimit, "\(place): headline over 120 characters",
                file: file, line: line)
            XCTAssertFalse(
                message.headline.hasSuffix("."), "\(place): headline ends in a full stop", file: file, line: line)
            if finding.severity > .note {
                XCTAssertFalse(
                    message.fix.isEmpty, "\(place): an \(finding.severity) says what to do", file: file, line: line)
            }
        }
    }

    static func analyze(_ source: String, lockfile: Lockfile? = nil) -> Analysis {
        analyze(["Schema.swift": source], lockfile: lockfile)
    }

    /// Analyses a fixture folder with paths relative to it, as a user running `schemalint check` inside it would.
    static func analyzeFixture(_ relative: String, lockfile: Lockfile? = nil) throws -> Analysis {
        let analysis = try Analyzer(workingDirectory: fixture(relative), threads: 2).analyze(
            paths: [], lockfile: lockfile)
        assertMessagesAreShaped(analysis.findings)
        return analysis
    }

    /// A fixture's files by path, as discovered (every byte kept).
    static func sources(of relative: String) throws -> [String: String] {
        var discovery = SourceDiscovery(workingDirectory: fixture(relative))
        discovery.keepsAllBytes = true
        var sources: [String: String] = [:]
        for file in try discovery.discover([]).files {
            sources[file.path] = String(decoding: file.bytes, as: UTF8.self)
        }
        return sources
    }

    /// The Projects/Classic fixture's `project.pbxproj` with its app target copying a model bundle in a Resources
    /// phase: `reference` is the bundle's `XCVersionGroup` fields (`path = Journal.xcdatamodeld; sourceTree = ...`),
    /// listed in the app's group when `inGroup`.
    static func compilingModelBundle(_ pbxproj: String, reference: String, inGroup: Bool) -> String {
        var edited = pbxproj
            .replacingOccurrences(
                of: "/* End PBXBuildFile section */",
                with: "\t\tA1000009 /* Journal.xcdatamodeld in Resources */ = {isa = PBXBuildFile; "
                    + "fileRef = B1000009; };\n/* End PBXBuildFile section */")
            .replacingOccurrences(
                of: "/* End PBXFileReference section */",
                with: "\t\tB1000009 = {isa = XCVersionGroup; \(reference); versionGroupType = wrapper.xcdatamodel; };\n"
                    + "/* End PBXFileReference section */")
            .replacingOccurrences(
                of: "\t\t\t\tE1000001 /* Sources */,\n",
                with: "\t\t\t\tE1000001 /* Sources */,\n\t\t\t\tE1000009 /* Resources */,\n")
            .replacingOccurrences(
                of: "/* Begin PBXSourcesBuildPhase section */",
                with: "\t\tE1000009 /* Resources */ = {isa = PBXResourcesBuildPhase; files = (A1000009); };\n"
                    + "/* Begin PBXSourcesBuildPhase section */")
        if inGroup {
            edited = edited.replacingOccurrences(
                of: "\t\t\t\tB1000001 /* GardenApp.swift */,\n",
                with: "\t\t\t\tB1000001 /* GardenApp.swift */,\n\t\t\t\tB1000009,\n")
        }
        return edited
    }

    /// A lockfile recording every version of `analysis`.
    static func lock(_ analysis: Analysis) -> Lockfile {
        Locker.plan(analysis, existing: nil, request: Locker.Request()).lockfile
    }

    /// `rule file:line` strings, for exact comparisons.
    static func summary(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.rule) \($0.location.file):\($0.location.line)" }
    }

    /// A scratch copy of a fixture folder, to edit.
    static func copy(ofFixture relative: String) throws -> URL {
        let folder = try temporaryDirectory()
        try FileManager.default.removeItem(at: folder)
        try FileManager.default.copyItem(at: fixture(relative), to: folder)
        return folder
    }

    /// A scratch folder removed at the end of the test.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("schemalint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    // MARK: Running the built binary

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var binary: URL {
        #if os(macOS)
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("schemalint")
            }
        #endif
        return Bundle.main.bundleURL.appendingPathComponent("schemalint")
    }

    /// Like `run`, but the process is ended after `seconds` and the run fails: a hang then fails its test instead
    /// of stopping the suite. `timedOut` says whether it had to be ended.
    static func run(_ arguments: [String], in directory: URL, timeout seconds: Double) throws -> (Run, timedOut: Bool) {
        let (process, out, err) = try launch(arguments, in: directory)
        let ended = DispatchSemaphore(value: 0)
        let timer = DispatchQueue.global()
        let timedOut = TimeoutFlag()
        timer.asyncAfter(deadline: .now() + seconds) {
            guard ended.wait(timeout: .now()) == .timedOut, process.isRunning else { return }
            timedOut.set()
            kill(process.processIdentifier, SIGKILL)
        }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        ended.signal()
        let run = Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
        return (run, timedOut.isSet)
    }

    /// Runs git in `directory` with a test identity; the test fails when git does.
    @discardableResult
    static func git(_ arguments: [String], in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "git", "-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "init.defaultBranch=main",
                "-c", "protocol.file.allow=always",
            ] + arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "git \(arguments)")
        return String(decoding: data, as: UTF8.self)
    }

    /// Makes `version` the current version of the `.xcdatamodeld` at `bundle` (its `.xccurrentversion`, as Xcode
    /// writes it).
    static func setCurrentVersion(_ version: String, of bundle: URL) throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>_XCCurrentVersionName</key><string>\(version).xcdatamodel</string></dict>
            </plist>
            """
        try Data(plist.utf8).write(to: bundle.appendingPathComponent(".xccurrentversion"))
    }

    /// Rewrites the text file at `url`; the test fails when the edit changes nothing (a fixture drifted).
    static func edit(_ url: URL, _ transform: (String) -> String, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        let text = try String(contentsOf: url, encoding: .utf8)
        let edited = transform(text)
        XCTAssertNotEqual(edited, text, "the edit changed nothing", file: file, line: line)
        try Data(edited.utf8).write(to: url)
    }

    /// The built binary started in `directory`, its output and errors piped.
    private static func launch(_ arguments: [String], in directory: URL) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return (process, out, err)
    }

    final class TimeoutFlag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.withLock { value = true } }
        var isSet: Bool { lock.withLock { value } }
    }

    static func run(_ arguments: [String], in directory: URL) throws -> Run {
        SchemaSamples.files(under: directory)
        defer { if arguments.first == "lock" || arguments.first == "init" { SchemaSamples.files(under: directory) } }
        let (process, out, err) = try launch(arguments, in: directory)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

}
