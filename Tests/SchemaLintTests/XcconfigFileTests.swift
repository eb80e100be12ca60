import XCTest

@testable import SchemaLintEngine

/// `.xcconfig` files as Xcode reads them: comments anywhere on a line, later assignments replacing earlier ones with
/// `$(inherited)` taking the earlier value in, includes relative to the including file, optional includes, and a
/// file including itself named instead of followed forever.
final class XcconfigFileTests: XCTestCase {
    private func settings(_ files: [String: String], _ path: String = "App.xcconfig") throws
        -> Result<[String: String], XcconfigFile.Failure>
    {
        let root = try TestSupport.writeTree(files)
        defer { try? FileManager.default.removeItem(at: root) }
        return XcconfigFile.settings(at: root.appendingPathComponent(path).path).map { read in
            read.compactMapValues(\.string)
        }.mapError { failure in
            XcconfigFile.Failure(path: String(failure.path.dropFirst(root.path.count + 1)), reason: failure.reason)
        }
    }

    func testAssignmentsCommentsAndInheritance() throws {
        let read = try settings([
            "App.xcconfig": """
                // The app's settings
                #include "Shared/Base.xcconfig"
                #include? "Local.xcconfig"
                FLAGS = $(inherited) APP // the app's own flag
                SDK_ONLY[sdk=iphoneos*] = phone
                URL = https:/$()/example.com
                """,
            "Shared/Base.xcconfig": "FLAGS = BASE\nNAME = Tallies\n",
        ])
        XCTAssertEqual(
            try read.get(),
            [
                "FLAGS": "BASE APP", "NAME": "Tallies", "SDK_ONLY[sdk=iphoneos*]": "phone",
                "URL": "https:/$()/example.com",
            ])
    }

    func testAMissingIncludeOrACycleIsNamed() throws {
        XCTAssertEqual(
            try settings(["App.xcconfig": "#include \"Gone.xcconfig\"\n"]),
            .failure(
                XcconfigFile.Failure(
                    path: "App.xcconfig", reason: "includes Gone.xcconfig, which cannot be read (it does not exist)")))
        XCTAssertEqual(
            try settings([
                "App.xcconfig": "#include \"Loop.xcconfig\"\n", "Loop.xcconfig": "#include \"App.xcconfig\"\n",
            ]),
            .failure(
                XcconfigFile.Failure(
                    path: "App.xcconfig",
                    reason: "includes Loop.xcconfig, which includes App.xcconfig, which includes itself")))
        XCTAssertEqual(
            try settings([:]),
            .failure(XcconfigFile.Failure(path: "App.xcconfig", reason: "cannot be read (it does not exist)")))
    }
}
