@testable import SchemaLintSyntax
import SwiftParser
import SwiftSyntax
import XCTest

/// An expression as messages show it is built token by token and stops at 60 characters: it must be exactly the
/// whole text put on one line and cut, as it was when the whole text was printed first.
final class ShownTextTests: XCTestCase {
    private func wholeLine(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).map { $0.drop(while: \.isWhitespace) }
            .joined(separator: " ")
        return line.count > 60 ? String(line.prefix(57)) + "..." : line
    }

    func testEachArgumentIsShownAsTheWholeTextOnOneLineCut() throws {
        let source = """
            open(
                a: container,
                b: URL.applicationSupportDirectory.appending(path: "Stores").appending(path: "default.store"),
                c: { context in
                    // a comment that is long enough to cut
                    let rows = try context.fetch(FetchDescriptor<Item>())

                    for row in rows { row.title = row.title.trimmingCharacters(in: .whitespaces) }
                },
                d: flag
                    ? .automatic
                    : .none,
                e: "naïve café – 東京 ✈︎ abcdefghijklmnopqrstuvwxyz012345678 🇫🇷🇫🇷🇫🇷🇫🇷🇫🇷🇫🇷",
                f: [A.self,    B.self,
                    C.self]  /* trailing */
            )
            """
        let file = Parser.parse(source: source)
        let calls = file.statements.compactMap { $0.item.as(FunctionCallExprSyntax.self) }
        let arguments = try XCTUnwrap(calls.first).arguments
        XCTAssertEqual(arguments.count, 6)
        for argument in arguments {
            let expression = argument.expression
            XCTAssertEqual(ShownText.line(of: expression), wholeLine(expression.trimmedDescription))
        }
        XCTAssertEqual(ShownText.line(of: arguments.first!.expression), "container")
        XCTAssertEqual(ShownText.line(of: arguments.last!.expression), "[A.self,    B.self, C.self]")
        XCTAssertTrue(ShownText.line(of: Array(arguments)[2].expression).hasSuffix("..."))
    }
}
