import SchemaLintEngine
import XCTest

/// `public` in a file only app targets compile opens it to no other module (no module imports an app), so a plan
/// declared so whose only container was commented out migrates no store (Mokay's example app, field test 21): one
/// `unused_plan` note, none of its errors. In a framework, a package, or a folder no project describes, another
/// module may be given it, and it is checked.
final class PublicTypeInAppTargetTests: XCTestCase {
    private static let schemas = """
        import SwiftData
        @Model final class Item { var timestamp: Date = Date(); init() {} }
        enum ItemsV1: VersionedSchema {
            static var versionIdentifier: Schema.Version { Schema.Version(1, 0, 0) }
            static var models: [any PersistentModel.Type] { [Item.self] }
        }
        enum ItemsV2: VersionedSchema {
            static var versionIdentifier: Schema.Version { Schema.Version(2, 0, 0) }
            static var models: [any PersistentModel.Type] { [Item.self] }
        }
        public enum ItemsPlan: SchemaMigrationPlan {
            public static var schemas: [any VersionedSchema.Type] { [ItemsV1.self, ItemsV2.self] }
            public static var stages: [MigrationStage] { [] }
        }
        """
    private static let app = """
        import SwiftUI
        import SwiftData
        @main struct ExampleApp: App {
            let container = try! ModelContainer(for: Item.self)
        //    let container = try! ModelContainer(for: Item.self, migrationPlan: ItemsPlan.self)
            var body: some Scene { WindowGroup { Text("items") }.modelContainer(container) }
        }
        """

    private func files(planFolder: String, planTarget: String) -> [String: String] {
        var app = TestXcodeProject.Target(name: "Example")
        app.dependencies = planTarget == "Example" ? [] : [planTarget]
        var targets = [app]
        if planTarget != "Example" {
            targets.append(
                TestXcodeProject.Target(
                    name: planTarget, folder: planFolder, productType: "com.apple.product-type.framework"))
        }
        return [
            "Example.xcodeproj/project.pbxproj": TestXcodeProject.text(targets),
            "Example/ExampleApp.swift": Self.app,
            "\(planFolder)/Schemas.swift": Self.schemas,
        ]
    }

    /// The plan's errors, and the container opening its models without it.
    private let checked = [
        "container_without_migration_plan", "duplicate_schema_hash", "historical_schema_uses_live_model",
    ]

    func testAPublicPlanOnlyAnAppCompilesIsUnused() throws {
        // In the app's own folder, or in a folder only its widget compiles.
        for folder in ["Example", "Shared"] {
            var files = files(planFolder: folder, planTarget: "Example")
            if folder == "Shared" {
                let widget = TestXcodeProject.Target(
                    name: "ExampleWidget", folder: "Shared", productType: "com.apple.product-type.app-extension")
                files["Example.xcodeproj/project.pbxproj"] = TestXcodeProject.text(
                    [TestXcodeProject.Target(name: "Example"), widget])
            }
            let analysis = try TestSupport.analyzeOnDisk(files)
            let rules = analysis.findings.map(\.rule.rawValue)
            XCTAssertEqual(rules, ["unused_plan"], "\(folder): \(TestSupport.summary(analysis.findings))")
        }
    }

    func testAPublicPlanAnotherModuleMayUseIsChecked() throws {
        // A framework's plan: the apps embedding it may be given it.
        let framework = try TestSupport.analyzeOnDisk(files(planFolder: "Storage", planTarget: "Storage"))
        XCTAssertEqual(
            Set(framework.findings.map(\.rule.rawValue)), Set(checked),
            TestSupport.summary(framework.findings).joined(separator: ", "))
        // A package's.
        var package = files(planFolder: "Packages/Storage/Sources/Storage", planTarget: "Example")
        package["Packages/Storage/Package.swift"] = """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Storage", products: [.library(name: "Storage", targets: ["Storage"])],
                targets: [.target(name: "Storage")])
            """
        let packaged = try TestSupport.analyzeOnDisk(package)
        XCTAssertEqual(
            Set(packaged.findings.map(\.rule.rawValue)), Set(checked),
            TestSupport.summary(packaged.findings).joined(separator: ", "))
        // No project says who compiles it.
        var loose = files(planFolder: "Example", planTarget: "Example")
        loose["Example.xcodeproj/project.pbxproj"] = nil
        let unknown = try TestSupport.analyzeOnDisk(loose)
        XCTAssertEqual(
            Set(unknown.findings.map(\.rule.rawValue)), Set(checked),
            TestSupport.summary(unknown.findings).joined(separator: ", "))
    }
}
