import Foundation
import SchemaLintModel
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pipe, a device or a huge file where a lockfile, a project file, a model file, a baseline or the configuration
/// should be: named and skipped, never a hang or an unbounded read. The end-to-end tests run the built binary with a
/// time limit, so a regression fails instead of stopping the suite.
final class SpecialFileTests: XCTestCase {
    /// Well above how long any of these fixtures takes to check.
    let limit = 60.0

    func copy(_ fixture: String) throws -> URL {
        let copy = try TestSupport.temporaryDirectory()
        try FileManager.default.removeItem(at: copy)
        try FileManager.default.copyItem(at: TestSupport.fixture(fixture), to: copy)
        return copy
    }

    func run(_ arguments: [String], in directory: URL, file: StaticString = #filePath, line: UInt = #line) throws
        -> TestSupport.Run
    {
        let (run, timedOut) = try TestSupport.run(arguments, in: directory, timeout: limit)
        XCTAssertFalse(timedOut, "schemalint \(arguments.joined(separator: " ")) did not end", file: file, line: line)
        return run
    }

    /// Puts a special file at `path`: a named pipe, a link to `/dev/zero`, or a sparse file just over the limit.
    enum Special: CaseIterable { case pipe, zeroDevice, huge }

    func place(_ special: Special, at url: URL) throws {
        try? FileManager.default.removeItem(at: url)
        switch special {
        case .pipe: XCTAssertEqual(mkfifo(url.path, 0o644), 0)
        case .zeroDevice: try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "/dev/zero")
        case .huge:
            XCTAssertTrue(FileManager.default.createFile(atPath: url.path, contents: Data("{".utf8)))
            XCTAssertEqual(truncate(url.path, off_t(RegularFile.sizeLimit + 1)), 0)
        }
    }

    func reason(_ special: Special) -> String {
        switch special {
        case .pipe: return "it is a named pipe (FIFO), not a regular file"
        case .zeroDevice: return "it is a device, not a regular file"
        case .huge: return "it holds 257 MB, more than the 256 MB schemalint reads"
        }
    }

    /// The file's kind, links not followed, and its size: what proves it was left alone.
    func kindAndSize(_ url: URL) -> (mode_t, off_t) {
        var info = stat()
        XCTAssertEqual(lstat(url.path, &info), 0)
        return (info.st_mode & S_IFMT, info.st_size)
    }

    // MARK: The reader itself

    func testOnlyRegularFilesOfASaneSizeAreRead() throws {
        let folder = try TestSupport.temporaryDirectory()
        let regular = folder.appendingPathComponent("plain")
        try Data("hello".utf8).write(to: regular)
        XCTAssertEqual(try RegularFile.bytes(regular.path).get(), Array("hello".utf8))
        XCTAssertEqual(try RegularFile.text(regular.path, limit: 5).get(), "hello")
        XCTAssertEqual(RegularFile.bytes(regular.path, limit: 4), .failure(.tooLarge(bytes: 5, limit: 4)))
        XCTAssertEqual(RegularFile.bytes(folder.appendingPathComponent("none").path), .failure(.missing))
        XCTAssertEqual(RegularFile.bytes(folder.path), .failure(.notRegular(kind: "a folder")))
        for special in Special.allCases {
            let url = folder.appendingPathComponent("\(special)")
            try place(special, at: url)
            guard case let .failure(failure) = RegularFile.bytes(url.path) else {
                return XCTFail("\(special) was read")
            }
            XCTAssertTrue(failure.description.contains(reason(special)), failure.description)
            XCTAssertThrowsError(try RegularFile.status(url.path).get())
        }
        // A store is opened by SQLite: its size is not limited, its kind is.
        XCTAssertNoThrow(try RegularFile.status(folder.appendingPathComponent("huge").path, limit: .max).get())
        // Through an open folder, as the walk reads: the same judgement.
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY)
        defer { close(descriptor) }
        var buffer: [UInt8] = []
        guard case .failure(.notRegular) = RegularFile.read("pipe", in: descriptor, name: "pipe", into: &buffer) else {
            return XCTFail("a pipe in an open folder was read")
        }
        guard case .success((5, _)) = RegularFile.read("plain", in: descriptor, name: "plain", into: &buffer) else {
            return XCTFail("a regular file in an open folder was not read")
        }
    }

    // MARK: The lockfile: nothing can be trusted, exit 2, never overwritten

    func testALockfileThatIsNoRegularFileStopsCheckAndLockAndIsLeftAlone() throws {
        for special in Special.allCases {
            let app = try copy("TravelApp")
            let lockfile = app.appendingPathComponent("schemalint.lock")
            try place(special, at: lockfile)
            let before = kindAndSize(lockfile)
            for command in [["check"], ["lock"], ["check", "--reporter", "json"]] {
                let result = try run(command, in: app)
                XCTAssertEqual(result.status, 2, "\(special) \(command): \(result.stderr)")
                XCTAssertTrue(
                    result.stderr.contains("cannot read lockfile schemalint.lock: \(reason(special))"), result.stderr)
                XCTAssertTrue(result.stderr.contains("will not overwrite it"), result.stderr)
            }
            let after = kindAndSize(lockfile)
            XCTAssertEqual(after.0, before.0, "\(special): the lockfile was replaced")
            XCTAssertEqual(after.1, before.1, "\(special): the lockfile was rewritten")
        }
    }

    // MARK: Project files, model files, configuration and baseline

    func testAProjectFileThatIsNoRegularFileIsNamedAndTheCheckGoesOn() throws {
        for special in Special.allCases {
            let app = try copy("Projects/Classic")
            try place(special, at: app.appendingPathComponent("Garden.xcodeproj/project.pbxproj"))
            let result = try run(["check"], in: app)
            XCTAssertEqual(result.status, 0, "\(special): \(result.stderr)")
            XCTAssertTrue(
                result.stderr.contains(
                    "Garden.xcodeproj/project.pbxproj cannot be read (\(reason(special))"), result.stderr)
            XCTAssertTrue(result.stdout.contains("[lockfile_missing]"), result.stdout)
        }
    }

    func testAModelFileThatIsNoRegularFileIsSkippedAndTheOtherVersionsAreRead() throws {
        for special in Special.allCases {
            let app = try copy("CoreData/Apps/Journal")
            let contents = "Journal/Journal.xcdatamodeld/Journal 3.xcdatamodel/contents"
            try place(special, at: app.appendingPathComponent(contents))
            let check = try run(["check", "--verbose"], in: app)
            XCTAssertEqual(check.status, 0, "\(special): \(check.stderr)")
            XCTAssertTrue(
                check.stdout.contains(
                    "\(contents):1:1: warning: Journal 3 of Journal.xcdatamodeld has a contents file schemalint does "
                        + "not read: its hashes go unchecked"), check.stdout)
            XCTAssertTrue(
                check.stdout.contains(
                    "Journal 3 has a contents file schemalint does not read: \(reason(special))"), check.stdout)
            XCTAssertTrue(check.stdout.contains("Put the model file back as a regular file"), check.stdout)
            let hash = try run(["hash"], in: app)
            XCTAssertEqual(hash.status, 0, hash.stderr)
            // The two versions read have a checksum each; the skipped one none, with the reason.
            XCTAssertEqual(hash.stdout.components(separatedBy: "checksum").count - 1, 2, hash.stdout)
            XCTAssertTrue(hash.stdout.contains("unreadable:  \(contents) has a contents file"), hash.stdout)
        }
    }

    func testAConfigurationOrBaselineThatIsNoRegularFileIsAnErrorNotAHang() throws {
        for special in Special.allCases {
            let app = try copy("TravelApp")
            try place(special, at: app.appendingPathComponent(".schemalint.yml"))
            let check = try run(["check"], in: app)
            XCTAssertEqual(check.status, 2, check.stderr)
            XCTAssertTrue(
                check.stderr.contains(".schemalint.yml: the configuration file cannot be read: \(reason(special))"),
                check.stderr)
            try FileManager.default.removeItem(at: app.appendingPathComponent(".schemalint.yml"))
            try place(special, at: app.appendingPathComponent("baseline.json"))
            let baseline = try run(["check", "--baseline", "baseline.json"], in: app)
            XCTAssertEqual(baseline.status, 2, baseline.stderr)
            XCTAssertTrue(
                baseline.stderr.contains("baseline baseline.json cannot be read: \(reason(special))"), baseline.stderr)
        }
    }

    /// A Swift file that is a link to a device is not a source: the walk passes it by, and the run ends.
    func testASourceLinkedToADeviceIsNotRead() throws {
        let app = try copy("TravelApp")
        try place(.zeroDevice, at: app.appendingPathComponent("Models/Zero.swift"))
        try place(.pipe, at: app.appendingPathComponent("Models/Pipe.swift"))
        let hash = try run(["hash"], in: app)
        XCTAssertEqual(hash.status, 0, hash.stderr)
        XCTAssertTrue(hash.stdout.contains("checksum"), hash.stdout)
    }
}
