import Foundation
import XCTest

/// `upgrades` on a long history: one line per state, versions in natural order, the full chain with `--verbose`, and a
/// Markdown report grouped by store that stays short.
final class UpgradesReportTests: XCTestCase {
    /// Twelve versions `V1p0` … `V1p11` (identifiers 1.0.0 … 1.11.0), each adding a property; every third step is
    /// a custom stage, the others lightweight.
    static func longHistory() -> String {
        var text = "import SwiftData\n\n"
        for minor in 0..<12 {
            let fields = (0..<minor).map { "        var field\($0): Int = 0\n" }.joined()
            text += """
                enum V1p\(minor): VersionedSchema {
                    static var versionIdentifier = Schema.Version(1, \(minor), 0)
                    static var models: [any PersistentModel.Type] { [Item.self] }
                    @Model final class Item {
                        var name: String = ""
                \(fields)        init() {}
                    }
                }

                """
        }
        let stages = (1..<12).map { minor in
            let kind = minor % 3 == 0 ? "custom" : "lightweight"
            let closures = kind == "custom" ? ", willMigrate: nil, didMigrate: nil" : ""
            return "        MigrationStage.\(kind)(fromVersion: V1p\(minor - 1).self, toVersion: V1p\(minor).self"
                + "\(closures))"
        }
        text += """
            enum ItemsPlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] {
                    [\((0..<12).map { "V1p\($0).self" }.joined(separator: ", "))]
                }
                static var stages: [MigrationStage] {
                    [
            \(stages.joined(separator: ",\n"))
                    ]
                }
            }

            let container = try! ModelContainer(for: V1p11.Item.self, migrationPlan: ItemsPlan.self)

            """
        return text
    }

    func app() throws -> URL {
        let root = try TestSupport.temporaryDirectory()
        try Data(Self.longHistory().utf8).write(to: root.appendingPathComponent("Items.swift"))
        return root
    }

    func testVersionsAreListedInNaturalOrderEverywhere() throws {
        let root = try app()
        defer { try? FileManager.default.removeItem(at: root) }
        let lock = try TestSupport.run(["lock"], in: root)
        XCTAssertEqual(lock.status, 0, lock.stderr)
        let natural = (0..<12).map { "V1p\($0)" }
        let locked = lock.stdout.split(separator: "\n").map { String($0.split(separator: " ")[1]) }
        XCTAssertEqual(locked, natural)
        let hash = try TestSupport.run(["hash"], in: root)
        XCTAssertEqual(
            hash.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map {
                String($0.split(separator: " ")[0])
            },
            natural)
        let upgrades = try TestSupport.run(["upgrades"], in: root)
        XCTAssertEqual(
            upgrades.stdout.split(separator: "\n").map { String($0.split(separator: " ")[0]) }, natural,
            upgrades.stdout)
    }

    func testOneLinePerStateAndTheFullChainWithVerbose() throws {
        let root = try app()
        defer { try? FileManager.default.removeItem(at: root) }
        XCTAssertEqual(try TestSupport.run(["lock"], in: root).status, 0)
        let upgrades = try TestSupport.run(["upgrades"], in: root)
        XCTAssertEqual(upgrades.status, 0, upgrades.stdout)
        let lines = upgrades.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 12, upgrades.stdout)
        XCTAssertEqual(
            lines.first, "V1p0 in default.store: migrates from V1p0: 11 steps (3 custom, 8 lightweight)")
        XCTAssertEqual(
            lines[10], "V1p10 in default.store: migrates from V1p10: V1p10 → V1p11 (lightweight)")
        XCTAssertEqual(lines.last, "V1p11 in default.store: opens as is (V1p11)")

        let verbose = try TestSupport.run(["upgrades", "--verbose"], in: root)
        let chain = verbose.stdout.split(separator: "\n").filter { $0.hasPrefix("V1p0 in default.store:") }
        XCTAssertEqual(chain.count, 12, verbose.stdout)
        XCTAssertEqual(chain[1], "V1p0 in default.store:   V1p0 → V1p1 (lightweight)")
        XCTAssertEqual(chain[3], "V1p0 in default.store:   V1p2 → V1p3 (custom)")
    }

    func testMarkdownIsGroupedByStoreAndPutsFailuresFirst() throws {
        let root = try app()
        defer { try? FileManager.default.removeItem(at: root) }
        XCTAssertEqual(try TestSupport.run(["lock"], in: root).status, 0)
        // V1p4 is edited after it shipped: stores it wrote are unknown to the plan.
        let file = root.appendingPathComponent("Items.swift")
        let text = try String(contentsOf: file, encoding: .utf8)
        let edited = text.replacingOccurrences(
            of: "static var versionIdentifier = Schema.Version(1, 4, 0)\n    static var models: "
                + "[any PersistentModel.Type] { [Item.self] }\n    @Model final class Item {\n",
            with: "static var versionIdentifier = Schema.Version(1, 4, 0)\n    static var models: "
                + "[any PersistentModel.Type] { [Item.self] }\n    @Model final class Item {\n        var extra = 0\n")
        XCTAssertNotEqual(edited, text)
        try Data(edited.utf8).write(to: file)
        let markdown = try TestSupport.run(["upgrades", "--format", "markdown"], in: root)
        XCTAssertEqual(markdown.status, 1, markdown.stdout)
        let lines = markdown.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines[2], "#### default.store: 12 states, 1 ❌ fail, 11 ✅ open")
        XCTAssertTrue(lines[6].hasPrefix("| `V1p4` | ❌ | fails: edited since it was locked"), markdown.stdout)
        XCTAssertEqual(lines[8], "<details><summary>11 more states</summary>")
        XCTAssertLessThan(lines.map(\.count).max() ?? 0, 300, markdown.stdout)
    }
}
