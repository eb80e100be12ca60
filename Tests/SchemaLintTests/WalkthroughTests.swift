import Foundation
import XCTest

/// README's "Changing a model", run as written with the built binary on a copy of Examples/TripJournal.
final class WalkthroughTests: XCTestCase {
    func testChangingAModelRunsAsTheReadmeSays() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(readme.components(separatedBy: "### Changing a model\n").dropFirst().first)
        let block = try XCTUnwrap(section.components(separatedBy: "```sh\n").dropFirst().first?
            .components(separatedBy: "```").first)
        let app = try TestSupport.temporaryDirectory().appendingPathComponent("TripJournal")
        try FileManager.default.copyItem(at: root.appendingPathComponent("Examples/TripJournal"), to: app)
        var ran: [String] = []
        for line in block.split(separator: "\n").map(String.init) {
            if line.hasPrefix("# edit: add `") {
                try edit(line, in: app)
                ran.append("edit")
                continue
            }
            let parts = line.components(separatedBy: "#")
            let words = parts[0].split(separator: " ").map(String.init)
            guard words.first == "schemalint" else { continue }
            let comment = parts.dropFirst().joined(separator: "#")
            let run = try TestSupport.run(Array(words.dropFirst()), in: app)
            let expected: Int32 = comment.contains("fails") ? 1 : 0
            XCTAssertEqual(run.status, expected, "\(line)\n\(run.stdout)\(run.stderr)")
            if comment.contains("duplicate_schema_hash") {
                XCTAssertTrue(run.stdout.contains("[duplicate_schema_hash]"), run.stdout)
            }
            ran.append(words[1])
        }
        XCTAssertEqual(ran, ["bump", "check", "edit", "check", "lock"])
        let lockfile = try String(contentsOf: app.appendingPathComponent("schemalint.lock"), encoding: .utf8)
        XCTAssertTrue(lockfile.contains("\"SchemaV3\""), lockfile)
    }

    /// `# edit: add `var weather: String?` to SchemaV3.Entry`: the property on the first line of that class.
    private func edit(_ line: String, in app: URL) throws {
        let property = try XCTUnwrap(line.components(separatedBy: "`").dropFirst().first)
        let target = try XCTUnwrap(line.components(separatedBy: " to ").last).split(separator: ".")
        let file = app.appendingPathComponent("TripJournal/Schema/\(target[0]).swift")
        var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        let index = try XCTUnwrap(lines.firstIndex { $0.contains("final class \(target[1]) {") })
        lines.insert("        \(property)", at: index + 1)
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
    }
}
