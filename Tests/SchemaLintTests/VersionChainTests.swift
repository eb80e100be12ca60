import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// Versions written as a chain, each adding one model to the list of the version before it, down to the first
/// version's literal list: every version reads whole however long the chain (50 versions here), in each way Swift
/// lets a step be written. A chain that comes back to a version already on it is unknown, never a list.
final class VersionChainTests: XCTestCase {
    /// A greenhouse app: version `n` adds the plant model `Plant<n>` to version `n - 1`'s list; the plan lists them
    /// all, the app's container opens the last. `step(n)` writes version `n`'s `models` (n >= 2); `extra`: more files.
    static func greenhouse(
        versions count: Int, first: String = "[Plant1.self]", extra: [String: String] = [:],
        step: (Int) -> String
    ) -> [String: String] {
        var models = "import SwiftData\n"
        var versions = "import SwiftData\n"
        for n in 1...count {
            models += "@Model final class Plant\(n) {\n    var name: String = \"\"\n    init() {}\n}\n"
            let list = n == 1 ? "static var models: [any PersistentModel.Type] { \(first) }" : step(n)
            versions += """
                enum Greenhouse\(n): VersionedSchema {
                    static var versionIdentifier = Schema.Version(\(n), 0, 0)
                    \(list)
                }

                """
        }
        let schemas = (1...count).map { "Greenhouse\($0).self" }.joined(separator: ", ")
        let stages = (1..<count).map {
            "        .lightweight(fromVersion: Greenhouse\($0).self, toVersion: Greenhouse\($0 + 1).self),"
        }.joined(separator: "\n")
        var files = [
            "Greenhouse/Plants.swift": models,
            "Greenhouse/Versions.swift": versions,
            "Greenhouse/Plan.swift": """
            import SwiftData

            enum GreenhousePlan: SchemaMigrationPlan {
                static var schemas: [any VersionedSchema.Type] { [\(schemas)] }
                static var stages: [MigrationStage] {
                    [
            \(stages)
                    ]
                }
            }
            """,
            "App/GreenhouseApp.swift": """
            import SwiftData
            import SwiftUI

            @main struct GreenhouseApp: App {
                let container = try! ModelContainer(
                    for: Schema(versionedSchema: Greenhouse\(count).self), migrationPlan: GreenhousePlan.self)
                var body: some Scene { WindowGroup { Text("Plants") }.modelContainer(container) }
            }
            """,
        ]
        files.merge(extra) { _, new in new }
        return files
    }

    /// The ways a step is written: the version before plus the new model, the new model first, a local list the
    /// step appends to, and a list each version takes from a constant of another type built the same way.
    typealias Spelling = (name: String, step: @Sendable (Int) -> String, extra: @Sendable (Int) -> [String: String])
    static let spellings: [Spelling] = [
        (
            "the version before plus a literal",
            { "static var models: [any PersistentModel.Type] { Greenhouse\($0 - 1).models + [Plant\($0).self] }" },
            { _ in [:] }
        ),
        (
            "a literal plus the version before",
            { "static var models: [any PersistentModel.Type] { [Plant\($0).self] + Greenhouse\($0 - 1).models }" },
            { _ in [:] }
        ),
        (
            "a local list appended to",
            {
                "static var models: [any PersistentModel.Type] { var list = Greenhouse\($0 - 1).models; "
                    + "list.append(contentsOf: [Plant\($0).self]); return list }"
            },
            { _ in [:] }
        ),
        (
            "a static let of another type, each built on the one before",
            { "static var models: [any PersistentModel.Type] { Beds.bed\($0) }" },
            { count in
                var beds = "import SwiftData\n\nenum Beds {\n"
                beds += "    static let bed1: [any PersistentModel.Type] = [Plant1.self]\n"
                for n in 2...count {
                    beds += "    static let bed\(n): [any PersistentModel.Type] = bed\(n - 1) + [Plant\(n).self]\n"
                }
                return ["Greenhouse/Beds.swift": beds + "}\n"]
            }
        ),
    ]

    func testAChainOfFiftyVersionsReadsWholeInEverySpelling() {
        let count = 50
        for (name, step, extra) in Self.spellings {
            let first = name.hasPrefix("a static let") ? "Beds.bed1" : "[Plant1.self]"
            let analysis = TestSupport.analyze(
                Self.greenhouse(versions: count, first: first, extra: extra(count), step: step))
            XCTAssertEqual(analysis.unreadVersions.map(\.key), [], name)
            XCTAssertEqual(analysis.unreadNotes, [], name)
            for n in [2, 9, 10, 30, count] {
                let models = analysis.project.version(key: "Greenhouse\(n)")?.models?.map(\.written.description)
                XCTAssertEqual(Set(models ?? []), Set((1...n).map { "Plant\($0)" }), "\(name): Greenhouse\(n)")
                XCTAssertEqual(models?.count, n, "\(name): Greenhouse\(n)")
            }
            XCTAssertEqual(analysis.versions.count, count, name)
            XCTAssertEqual(Set(analysis.versions.map(\.hashes.checksum)).count, count, "\(name): one store each")
            // The last version's new model is in it: never "in no version".
            XCTAssertEqual(analysis.findings.filter { $0.rule == .unversionedModel }.map(\.message.headline), [], name)
        }
    }

    /// The same app with the chain closed on itself (the first version built on the last): no version's list can
    /// be read, each says so, none is hashed, and no finding rests on them (no model is said to be in no version).
    func testAChainThatComesBackToItselfCannotBeTold() {
        let count = 12
        for (name, step, extra) in Self.spellings {
            let first =
                name.hasPrefix("a static let")
                ? "Beds.bed\(count)" : "Greenhouse\(count).models + [Plant1.self]"
            var files = Self.greenhouse(versions: count, first: first, extra: extra(count), step: step)
            if name.hasPrefix("a static let") {
                files["Greenhouse/Beds.swift"] = files["Greenhouse/Beds.swift"]?.replacingOccurrences(
                    of: "static let bed1: [any PersistentModel.Type] = [Plant1.self]",
                    with: "static let bed1: [any PersistentModel.Type] = bed\(count) + [Plant1.self]")
            }
            let analysis = TestSupport.analyze(files)
            XCTAssertEqual(analysis.unreadVersions.count, count, name)
            XCTAssertEqual(analysis.versions.count, 0, name)
            for version in analysis.unreadVersions {
                let reason = version.modelsUnread?.reason ?? ""
                XCTAssertTrue(reason.hasSuffix("refers back to itself"), "\(name): \(version.key): \(reason)")
            }
            XCTAssertEqual(analysis.findings.filter { $0.rule == .unversionedModel }.map(\.message.headline), [], name)
        }
    }

    /// Longer than any app writes (`FoldGuard.chainLimit`): the last versions say they cannot be read, never a
    /// shorter list; the versions within the limit read.
    func testAChainLongerThanTheLimitSaysSoAtItsEnd() {
        let count = 130
        let analysis = TestSupport.analyze(
            Self.greenhouse(versions: count, step: Self.spellings[0].step))
        XCTAssertEqual(analysis.project.version(key: "Greenhouse100")?.models?.count, 100)
        let unread = analysis.unreadVersions
        XCTAssertFalse(unread.isEmpty)
        XCTAssertTrue(unread.allSatisfy { $0.modelsUnread?.reason.contains("too many steps") == true })
        XCTAssertTrue(unread.contains { $0.key == "Greenhouse\(count)" })
        XCTAssertEqual(analysis.findings.filter { $0.rule == .unversionedModel }.map(\.message.headline), [])
    }
}
