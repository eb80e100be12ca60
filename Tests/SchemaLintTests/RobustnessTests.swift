import Foundation
import SchemaLintEngine
import XCTest

/// Lockfile safety, file-system faults and determinism, exercised through the real binary where it matters.
final class RobustnessTests: XCTestCase {
    /// One app with `count` independent versions, so `lock --only` can run per version.
    func makeManyVersions(_ count: Int) throws -> URL {
        let root = try TestSupport.temporaryDirectory()
        for index in 1...count {
            try Data("""
            enum Schema\(index): VersionedSchema {
                static var versionIdentifier = Schema.Version(\(index), 0, 0)
                static var models: [any PersistentModel.Type] { [Item\(index).self] }
                @Model final class Item\(index) { var value\(index): Int = 0; init() {} }
            }
            """.utf8).write(to: root.appendingPathComponent("Schema\(index).swift"))
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

    func testUnreadableFileIsNamedAndTheRestIsAnalysed() throws {
        try XCTSkipIf(geteuid() == 0, "running as root: permissions cannot make a file unreadable here")
        let root = try makeManyVersions(2)
        let secret = root.appendingPathComponent("Schema2.swift")
        chmod(secret.path, 0)
        defer { chmod(secret.path, 0o644) }
        let result = try TestSupport.run(["hash"], in: root)
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("Schema2.swift"), result.stderr)
        XCTAssertTrue(result.stdout.contains("Schema1 (1.0.0)"))
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
