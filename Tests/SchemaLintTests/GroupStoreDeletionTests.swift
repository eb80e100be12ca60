import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A failed open that deletes `config.url`, the configuration left at `groupContainer: .automatic` in a target
/// entitled to an App Group: the file deleted is the group's store the open failed on, as the store itself is
/// (hauptgang, field test 33 A: once its XcodeGen entitlements were read, the delete was taken for another file).
final class GroupStoreDeletionTests: XCTestCase {
    static func app(entitled: Bool, deleted: String) -> [String: String] {
        var target = TestXcodeProject.Target(name: "Pantry")
        if entitled { target.set("CODE_SIGN_ENTITLEMENTS", "Pantry/Pantry.entitlements") }
        return [
            "Pantry.xcodeproj/project.pbxproj": TestXcodeProject.text([target]),
            "Pantry/Pantry.entitlements": XcodeGenSpecTests.plist(["group.com.example.pantry"]),
            "Pantry/PantryApp.swift": """
                import Foundation
                import SwiftData

                @Model final class Item {
                    var name: String = ""
                    init() {}
                }

                enum Pantry {
                    static let container: ModelContainer = {
                        let schema = Schema([Item.self])
                        let config = ModelConfiguration(schema: schema, isStoredInMemoryOnly: false)
                        do {
                            return try ModelContainer(for: schema, configurations: [config])
                        } catch {
                            try? FileManager.default.removeItem(at: \(deleted))
                        }
                        return try! ModelContainer(for: schema, configurations: [config])
                    }()
                }
                """,
        ]
    }

    func testDeletingTheConfigurationsURLDeletesTheGroupsStore() throws {
        for deleted in ["config.url", "ModelConfiguration(schema: schema).url"] {
            for entitled in [true, false] {
                let analysis = try TestSupport.analyzeOnDisk(Self.app(entitled: entitled, deleted: deleted))
                XCTAssertEqual(
                    analysis.findings.filter { $0.rule == .storeDeletedOnFailure }.count, 1, "\(deleted) \(entitled)")
            }
        }
    }
}
