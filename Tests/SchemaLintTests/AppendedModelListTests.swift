import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A version's `models` built by appending to a local list (KubbCoach, field test 32: three models and seventeen
/// `allModels.append(...)` lines, and appends inside `#if os(iOS)`): read however long the run, and an `#if` clause
/// every build of the app takes is read as its statements.
final class AppendedModelListTests: XCTestCase {
    private static func models(count: Int) -> String {
        (0..<count).map { "@Model final class M\($0) { var v: Int = 0; init() {} }" }.joined(separator: "\n")
    }

    private static func version(_ body: String) -> String {
        """
        import SwiftData
        enum SchemaV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] {
        \(body)
            }
        }
        func open() throws -> ModelContainer { try ModelContainer(for: Schema(versionedSchema: SchemaV1.self)) }
        """
    }

    func testALongRunOfAppendsIsRead() {
        let appends = (3..<20).map { "        allModels.append(M\($0).self)" }.joined(separator: "\n")
        let body = "        var allModels: [any PersistentModel.Type] = [M0.self, M1.self, M2.self]\n\(appends)\n"
            + "        return allModels"
        let analysis = TestSupport.analyze(["Models.swift": Self.models(count: 20), "Schema.swift": Self.version(body)])
        XCTAssertEqual(analysis.notes, [])
        XCTAssertEqual(analysis.project.versions.first?.listedEntities.count, 20)
    }

    func testAnAppendInAClauseEveryBuildTakesIsRead() throws {
        let body = """
                    var allModels: [any PersistentModel.Type] = [M0.self]
                    #if os(iOS)
                    allModels.append(M1.self)
                    #endif
                    return allModels
            """
        let analysis = try TestSupport.analyzeOnDisk([
            "Coach.xcodeproj/project.pbxproj": TestXcodeProject.text([TestXcodeProject.Target(name: "Coach")]),
            "Coach/Models.swift": Self.models(count: 2),
            "Coach/Schema.swift": Self.version(body),
        ])
        XCTAssertEqual(analysis.notes, [])
        XCTAssertEqual(analysis.project.versions.first?.listedEntities.count, 2)
        // Control: a target built for the watch too takes the clause on one platform only: the list stays unread.
        var both = TestXcodeProject.Target(name: "Coach")
        both.set("SUPPORTED_PLATFORMS", "iphoneos watchos")
        let twoPlatforms = try TestSupport.analyzeOnDisk([
            "Coach.xcodeproj/project.pbxproj": TestXcodeProject.text([both]),
            "Coach/Models.swift": Self.models(count: 2),
            "Coach/Schema.swift": Self.version(body),
        ])
        XCTAssertEqual(twoPlatforms.unreadNotes.count, 1, "\(twoPlatforms.notes)")
    }
}
