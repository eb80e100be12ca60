import Foundation
import XCTest

/// The project's own code keeps to its style: lines of at most 120 characters (`.swift-format` sets the same limit
/// for `swift format`). Fixture apps are exempt: they are shaped like real apps, long lines included.
final class SourceStyleTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func testLinesAreAtMost120Characters() throws {
        var long: [String] = []
        for folder in ["Sources", "Plugins", "SchemaLintPlugins", "Tests"] {
            let base = Self.root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let path as String in walker where path.hasSuffix(".swift") && !path.contains("Fixtures/") {
                let text = try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8)
                for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where line.count > 120 {
                    long.append("\(folder)/\(path):\(index + 1) (\(line.count))")
                }
            }
        }
        XCTAssertEqual(long, [], "lines over 120 characters")
    }
}
