#!/usr/bin/env python3
"""Writes Tests/SchemaLintTests/RuleExampleTests.swift: one test per rule document in Rules/, so a failing example
names its rule and `swift test --filter RuleExampleTests.test_<rule_id>` runs one rule's examples. Run it after adding
a rule; RuleExampleTests.testEveryRuleHasItsOwnTest fails until then."""
import pathlib

root = pathlib.Path(__file__).resolve().parent.parent
rules = sorted(p.stem for p in (root / "Rules").glob("*.md") if p.name != "README.md")
lines = [
    "import SchemaLintEngine",
    "import XCTest",
    "",
    "/// Each rule's document is its tests: every example in `Rules/<rule_id>.md` behaves as documented, a failing one",
    "/// exactly where its `↓` marks say (`RuleDocumentationTests.assertExamples`). Written by",
    "/// scripts/generate-rule-example-tests.py, one test per rule.",
    "final class RuleExampleTests: XCTestCase {",
]
for rule in rules:
    lines += [f"    func test_{rule}() throws {{", f"        try RuleDocumentationTests.assertExamples(of: \"{rule}\")", "    }", ""]
lines += [
    "    /// A rule added without a test here would go untested: regenerate this file.",
    "    func testEveryRuleHasItsOwnTest() throws {",
    "        let source = try String(contentsOfFile: #filePath, encoding: .utf8)",
    "        for rule in RuleRegistry.all {",
    "            XCTAssertTrue(",
    "                source.contains(\"func test_\\(rule.id)()\"),",
    "                \"no test for \\(rule.id): run scripts/generate-rule-example-tests.py\")",
    "        }",
    "    }",
    "}",
    "",
]
(root / "Tests/SchemaLintTests/RuleExampleTests.swift").write_text("\n".join(lines))
