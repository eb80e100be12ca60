import Foundation
import SchemaLintEngine
import XCTest

/// Tests that edit a scratch copy of Fixtures/CoreData/Apps/Journal and analyse it from disk, as `schemalint check`
/// run inside it would: the copy, writing a file into it, and the analysis.
class JournalAppTestCase: XCTestCase {
    var app: URL!

    override func setUpWithError() throws {
        app = try TestSupport.copy(ofFixture: "CoreData/Apps/Journal")
    }

    func write(_ path: String, _ text: String) throws {
        let url = app.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func analyze(_ lockfile: Lockfile? = nil) throws -> Analysis {
        let analysis = try Analyzer(workingDirectory: app, threads: 2).analyze(paths: [], lockfile: lockfile)
        TestSupport.assertMessagesAreShaped(analysis.findings)
        return analysis
    }
}
