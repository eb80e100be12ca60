import Foundation
import SchemaLintEngine
import SchemaLintModel
import SchemaLintSyntax
import SwiftParser
import XCTest

/// Never crash, never hang, always exit 0, 1 or 2, and report `syntax_error` where the parser found one.
final class FuzzTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SchemaLintTests/Fixtures")
    static var iterations: Int { Int(ProcessInfo.processInfo.environment["SCHEMALINT_FUZZ_ITERATIONS"] ?? "") ?? 150 }
    static var seed: UInt64 { UInt64(ProcessInfo.processInfo.environment["SCHEMALINT_FUZZ_SEED"] ?? "") ?? 0x5EED }

    typealias Project = [SourceDiscovery.SourceFile]

    /// Every fixture project: the top-level folders, and each folder under Golden.
    static func projects() throws -> [Project] {
        var roots: [URL] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: fixtures.path).sorted() {
            let url = fixtures.appendingPathComponent(name)
            if name == "Golden" {
                roots += try FileManager.default.contentsOfDirectory(atPath: url.path).sorted().map {
                    url.appendingPathComponent($0)
                }
            } else {
                roots.append(url)
            }
        }
        // Folders without Swift files (a legacy baseline) are not projects to mutate.
        return try roots.map { root in
            var discovery = SourceDiscovery(workingDirectory: root)
            discovery.keepsAllBytes = true
            return try discovery.discover([]).files
        }.filter { !$0.isEmpty }
    }

    /// Analyses on another thread so a hang fails the test instead of stalling CI.
    func analyzeWithTimeout(_ files: Project, seconds: Double = 60, file: StaticString = #filePath, line: UInt = #line)
        -> Analysis?
    {
        let done = DispatchSemaphore(value: 0)
        let box = AnalysisBox()
        Thread.detachNewThread {
            box.value = Analyzer(threads: 2).analyze(files: files, lockfile: nil)
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success else {
            XCTFail("analysis did not finish within \(seconds) s", file: file, line: line)
            return nil
        }
        return box.value
    }

    func checkInvariants(_ files: Project, _ analysis: Analysis, context: String) {
        let paths = Set(files.map(\.path))
        let rules = Set(RuleRegistry.all.map(\.id))
        for finding in analysis.findings {
            XCTAssertTrue(rules.contains(finding.rule), "\(context): unknown rule \(finding.rule)")
            XCTAssertTrue(
                finding.location.line >= 1 && finding.location.column >= 1,
                "\(context): bad location \(finding.location)")
            XCTAssertTrue(
                paths.contains(finding.location.file) || finding.location.file.hasSuffix(".lock"),
                "\(context): \(finding.location.file)")
        }
        let reported = Set(analysis.findings.filter { $0.rule == "syntax_error" }.map(\.location.file))
        for file in files where file.mayHoldSchema {
            let content = file.bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(file.bytes.dropFirst(3)) : file.bytes
            // Files nested past the guard are never parsed and must be reported; the rest as the parser says.
            if NestingGuard.refusal(content[...]) != nil || Self.parsesWithErrors(content) {
                XCTAssertTrue(
                    reported.contains(file.path),
                    "\(context): \(file.path) has a syntax error but no syntax_error finding")
            }
        }
        // The lockfile writer and reader survive whatever the sources turned into.
        let lockfile = Locker.plan(analysis, existing: nil, request: .init()).lockfile
        let rendered = Array(lockfile.json().rendered().utf8)
        XCTAssertNoThrow(try { _ = try LockfileStoreProbe.decode(rendered) }(), context)
    }

    /// The reference parse, on a thread with the same large stack schemalint's parser threads use.
    static func parsesWithErrors(_ bytes: [UInt8]) -> Bool {
        let box = AnalysisBox()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.hasError = Parser.parse(source: String(decoding: bytes, as: UTF8.self)).hasError
            done.signal()
        }
        thread.stackSize = 64 << 20
        thread.start()
        done.wait()
        return box.hasError
    }

    func testMutatedFixturesNeverCrashOrMisreport() throws {
        let projects = try Self.projects()
        var random = SplitMix64(state: Self.seed)
        for iteration in 0..<Self.iterations {
            var files = projects.randomElement(using: &random)!
            var applied: [String] = []
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let index = Int.random(in: 0..<files.count, using: &random)
                let mutation = Mutation.allCases.randomElement(using: &random)!
                files[index] = SourceDiscovery.SourceFile(
                    path: files[index].path, bytes: mutation.apply(files[index].bytes, using: &random))
                applied.append("\(mutation) on \(files[index].path)")
            }
            let context = "iteration \(iteration) (seed \(Self.seed)): " + applied.joined(separator: ", ")
            guard let analysis = analyzeWithTimeout(files) else { return }
            checkInvariants(files, analysis, context: context)
        }
    }

    func testPathologicalFiles() throws {
        let deepExpression =
            "let x = " + String(repeating: "(", count: 20_000) + "1" + String(repeating: ")", count: 20_000)
        let deepType =
            "@Model final class Deep { var v: " + String(repeating: "[", count: 5_000) + "Int"
            + String(repeating: "]", count: 5_000) + " = [] }"
        let deepButAllowedType =
            "@Model final class Deep { var v: " + String(repeating: "(", count: 990) + "Int"
            + String(repeating: ")", count: 990) + "? }"
        let deepArrayLiteral =
            "// @Model\nlet v = " + String(repeating: "[", count: 40) + "1" + String(repeating: "]", count: 40)
        let manyModels =
            "enum SchemaV1: VersionedSchema { static var versionIdentifier = Schema.Version(1, 0, 0); static var "
                + "models: [any PersistentModel.Type] { ["
            + (0..<2_000).map { "M\($0).self" }.joined(separator: ", ") + "] }; "
            + (0..<2_000).map {
                "@Model final class M\($0) { var a\($0): Int = 0; var next: M\(($0 + 1) % 2_000)?; init() {} }"
            }.joined(separator: " ") + " }"
        let tenMegabytes =
            "// @Model\n/* " + String(repeating: "VersionedSchema lorem ipsum ", count: 380_000)
            + " */\nstruct Tail {}\n"
        let cases: [(String, [UInt8])] = [
            ("deep expression", Array(("// MigrationStage\n" + deepExpression).utf8)),
            ("deep type", Array(deepType.utf8)),
            ("deep type just under the nesting guard", Array(deepButAllowedType.utf8)),
            ("deep array literal", Array(deepArrayLiteral.utf8)),
            ("2,000 models on one line", Array(manyModels.utf8)),
            ("10 MB comment", Array(tenMegabytes.utf8)),
            ("only invalid UTF-8", [0xFF, 0xFE, 0x40, 0x4D, 0x6F, 0x64, 0x65, 0x6C, 0xC3]),
            ("empty", []),
        ]
        for (name, bytes) in cases {
            let files = [SourceDiscovery.SourceFile(path: "Pathological.swift", bytes: bytes)]
            guard let analysis = analyzeWithTimeout(files, seconds: 120) else { return }
            checkInvariants(files, analysis, context: name)
            if name == "deep type" || name == "deep array literal" {
                XCTAssertTrue(
                    analysis.findings.contains {
                        $0.rule == "syntax_error" && $0.message.text.contains("did not parse this file")
                    }, name)
            }
            if name == "2,000 models on one line" {
                XCTAssertEqual(analysis.versions.first?.snapshot.count, 2_000)
            }
        }
    }

    /// The real binary on mutated trees: only exit statuses 0, 1 and 2, within a time limit.
    func testBinaryExitStatusesOnMutatedTrees() throws {
        let binary = Bundle.main.bundleURL.appendingPathComponent("schemalint")
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: binary.path),
            "the schemalint binary is not built next to the tests")
        let projects = try Self.projects()
        var random = SplitMix64(state: Self.seed &+ 1)
        for iteration in 0..<max(4, Self.iterations / 25) {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent(
                "schemalint-fuzz-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: root) }
            for file in projects.randomElement(using: &random)! {
                let mutation = Mutation.allCases.randomElement(using: &random)!
                let url = root.appendingPathComponent(file.path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(mutation.apply(file.bytes, using: &random)).write(to: url)
            }
            if iteration % 2 == 0 {
                try Data("<<<<<<< HEAD\n{\"formatVersion\": 1\n=======\n".utf8).write(
                    to: root.appendingPathComponent("schemalint.lock"))
            }
            for arguments in [["check"], ["check", "--reporter", "json"], ["hash"], ["lock"]] {
                let status = try runWithTimeout(binary, arguments, in: root, seconds: 60)
                XCTAssertTrue([0, 1, 2].contains(status), "iteration \(iteration): \(arguments) exited \(status)")
            }
        }
    }

    func runWithTimeout(_ binary: URL, _ arguments: [String], in directory: URL, seconds: Double) throws -> Int32 {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        if finished.wait(timeout: .now() + seconds) == .timedOut {
            process.terminate()
            XCTFail("schemalint \(arguments) did not finish within \(seconds) s")
            return -1
        }
        return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
    }
}

final class AnalysisBox: @unchecked Sendable {
    var value: Analysis?
    var hasError = false
}

/// Reads rendered lockfile bytes back through the public loader.
enum LockfileStoreProbe {
    static func decode(_ bytes: [UInt8]) throws -> Lockfile? {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString).lock").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try LockfileStore.load(path)
    }
}
