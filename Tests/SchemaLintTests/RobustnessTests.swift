import Foundation
import SchemaLintEngine
import XCTest

/// Lockfile safety, file-system faults and determinism, exercised through the real binary where it matters.
final class RobustnessTests: XCTestCase {
    /// One app with `count` independent versions, so `lock --only` can run per version.
    func makeManyVersions(_ count: Int) throws -> URL {
        let root = try TestSupport.temporaryDirectory()
        for index in 1...count {
            try Data(
                """
                enum Schema\(index): VersionedSchema {
                    static var versionIdentifier = Schema.Version(\(index), 0, 0)
                    static var models: [any PersistentModel.Type] { [Item\(index).self] }
                    @Model final class Item\(index) { var value\(index): Int = 0; init() {} }
                }
                """.utf8
            ).write(to: root.appendingPathComponent("Schema\(index).swift"))
        }
        return root
    }

    func testConcurrentLockProcessesNeverLoseAnEntry() throws {
        let count = 6
        let root = try makeManyVersions(count)
        let group = DispatchGroup()
        let statuses = ResultBox()
        for index in 1...count {
            group.enter()
            DispatchQueue.global().async {
                let result = try? TestSupport.run(["lock", "--only", "Schema\(index)"], in: root)
                statuses.append(result?.status ?? -1)
                group.leave()
            }
        }
        group.wait()
        XCTAssertEqual(statuses.values.sorted(), Array(repeating: 0, count: count))
        let lockfile = try XCTUnwrap(LockfileStore.load(root.appendingPathComponent("schemalint.lock").path))
        XCTAssertEqual(lockfile.versions.keys.sorted(), (1...count).map { "Schema\($0)" }.sorted())
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.contains(".tmp-") }
        XCTAssertEqual(leftovers, [], "no temporary files are left behind")
    }

    func testAFailedWriteLeavesThePreviousLockfileIntact() throws {
        let root = try makeManyVersions(1)
        XCTAssertEqual(try TestSupport.run(["lock"], in: root).status, 0)
        let path = root.appendingPathComponent("schemalint.lock").path
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        // The lockfile's path is taken by a folder's worth of nonsense: renaming over a non-empty folder fails.
        XCTAssertThrowsError(try LockfileStore.write(Lockfile(), to: root.path))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.contains(".tmp-") }
        XCTAssertEqual(leftovers, [])
    }

    /// Root reads any file, so as root the binary runs as `nobody` (setpriv) for the permissions to bite.
    func testUnreadableFileIsNamedAndTheRestIsAnalysed() throws {
        let setpriv = "/usr/bin/setpriv"
        let asRoot = geteuid() == 0
        try XCTSkipIf(
            asRoot && !FileManager.default.isExecutableFile(atPath: setpriv),
            "running as root without setpriv: permissions cannot bite")
        let root = try makeManyVersions(2)
        chmod(root.path, 0o755)
        let secret = root.appendingPathComponent("Schema2.swift")
        chmod(secret.path, 0)
        defer { chmod(secret.path, 0o644) }
        let locked = root.appendingPathComponent("Locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try Data("enum Hidden: VersionedSchema {}".utf8).write(to: locked.appendingPathComponent("Hidden.swift"))
        chmod(locked.path, 0)
        defer { chmod(locked.path, 0o755) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: asRoot ? setpriv : TestSupport.binary.path)
        process.arguments =
            (asRoot ? ["--reuid=65534", "--regid=65534", "--clear-groups", TestSupport.binary.path] : []) + ["hash"]
        process.currentDirectoryURL = root
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, stderr)
        XCTAssertTrue(stderr.contains("skipped Schema2.swift: permission denied"), stderr)
        XCTAssertTrue(stderr.contains("skipped Locked: the folder cannot be read"), stderr)
        XCTAssertTrue(stdout.contains("Schema1 (1.0.0)"), stdout)
        XCTAssertFalse(stdout.contains("Schema2"), stdout)
    }

    func testOutputAndLockfileAreByteIdenticalAcrossThreadCounts() throws {
        let fixture = TestSupport.fixture("MigrationMistakes")
        let single = try TestSupport.run(["check", "--reporter", "json", "--threads", "1"], in: fixture)
        let parallel = try TestSupport.run(["check", "--reporter", "json", "--threads", "2"], in: fixture)
        XCTAssertEqual(single.stdout, parallel.stdout)
        XCTAssertEqual(single.status, parallel.status)
        var locks: [Data] = []
        for threads in ["1", "2", "4"] {
            let copy = try TestSupport.temporaryDirectory()
            try FileManager.default.removeItem(at: copy)
            try FileManager.default.copyItem(at: TestSupport.fixture("TravelApp"), to: copy)
            XCTAssertEqual(try TestSupport.run(["lock", "--threads", threads], in: copy).status, 0)
            locks.append(try Data(contentsOf: copy.appendingPathComponent("schemalint.lock")))
        }
        XCTAssertEqual(Set(locks).count, 1)
    }

    func testKeywordScanFindsWordsAtEveryPositionAndNothingElse() {
        let analysis = TestSupport.analyze([
            "Start.swift": "@Model final class A { var x: Int = 0; init() {} }",
            "End.swift": "// mentions VersionedSchema",
            "Split.swift": "let a = \"Versioned\" + \"Schema\"",
            "Plain.swift": "struct Plain { var model: Int }",
        ])
        XCTAssertEqual(analysis.statistics.filesParsed, 2)
    }
}

/// Collects results from several threads.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [Int32] = []
    func append(_ value: Int32) {
        lock.lock()
        values.append(value)
        lock.unlock()
    }
}
