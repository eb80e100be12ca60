import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A shipped Core Data model version edited in place (Grandparent-Memories added three optional attributes to its
/// only version): where every target compiling the bundle runs on iOS 12, macOS 10.14 or later, each store carries
/// its model and automatic lightweight migration infers the step from that copy, so the stores open. That is a
/// warning; an older system, a change inference cannot make, a migrator or inference turned off keep the error.
final class CachedModelEditTests: XCTestCase {
    private typealias Target = TestXcodeProject.Target

    private static let stack = """
        import CoreData

        final class Persistence {
            static let shared = Persistence()
            let container: NSPersistentContainer
            init() {
                container = NSPersistentContainer(name: "Keeper")
                container.loadPersistentStores { _, error in
                    if let error { fatalError("\\(error)") }
                }
            }
        }
        """

    private static let shipped = CoreDataModelText.oneEntity("Memory", attribute: "title")

    /// The same version with `added` inserted after its attribute.
    private static func edited(_ added: String) -> String {
        shipped.replacingOccurrences(
            of: "attributeType=\"String\"/>", with: "attributeType=\"String\"/>\n        \(added)")
    }

    private static let optionalAdded = "<attribute name=\"heartbeats\" optional=\"YES\" attributeType=\"Boolean\"/>"

    /// The app's files: the project (if any), the stack, the bundle's one version.
    private static func app(
        project: String?, model: String = shipped, stack: String = stack, folder: String = "Keeper"
    ) -> [String: String] {
        var files = [
            "\(folder)/Persistence.swift": stack,
            "\(folder)/Keeper.xcdatamodeld/Keeper.xcdatamodel/contents": model,
        ]
        if let project { files["Keeper.xcodeproj/project.pbxproj"] = project }
        return files
    }

    private static func iOSApp(_ version: String) -> String {
        TestXcodeProject.text([Target(name: "Keeper", settings: ["Release": ["IPHONEOS_DEPLOYMENT_TARGET": version]])])
    }

    /// Locks the app as shipped, applies `edit` to its files, and returns the findings of `shipped_schema_edited`.
    private func editFindings(
        _ files: [String: String], edit: (inout [String: String]) -> Void
    ) throws -> [Finding] {
        let lockfile = TestSupport.lock(try TestSupport.analyzeOnDisk(files))
        var next = files
        edit(&next)
        return try TestSupport.analyzeOnDisk(next, lockfile: lockfile).findings
            .filter { $0.rule == .shippedSchemaEdited }
    }

    private func addOptional(_ files: inout [String: String]) {
        files["Keeper/Keeper.xcdatamodeld/Keeper.xcdatamodel/contents"] = Self.edited(Self.optionalAdded)
    }

    private func assertWarning(_ findings: [Finding], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(findings.map(\.severity), [.warning], file: file, line: line)
        XCTAssertEqual(findings.first?.message.id, "shipped-model-version-cached", file: file, line: line)
    }

    private func assertError(_ findings: [Finding], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(findings.map(\.severity), [.error], file: file, line: line)
        XCTAssertEqual(findings.first?.message.id, "shipped-model-version", file: file, line: line)
    }

    // MARK: Stores that carry their model

    func testATargetOnIOS17OpensItsStoresThroughTheirModel() throws {
        let findings = try editFindings(Self.app(project: Self.iOSApp("17.0")), edit: addOptional)
        assertWarning(findings)
        XCTAssertTrue(findings[0].message.detail.contains("iOS 17.0 or later"), findings[0].message.detail)
    }

    func testTheProjectsSettingCountsForATargetThatSetsNone() throws {
        let project = TestXcodeProject.text(
            [Target(name: "Keeper")], projectSettings: ["Release": ["IPHONEOS_DEPLOYMENT_TARGET": "12.0"]])
        assertWarning(try editFindings(Self.app(project: project), edit: addOptional))
    }

    func testAMacTargetFrom10_14OpensItsStoresThroughTheirModel() throws {
        let project = TestXcodeProject.text([
            Target(name: "Keeper", settings: ["Release": ["SDKROOT": "macosx", "MACOSX_DEPLOYMENT_TARGET": "10.14"]])
        ])
        assertWarning(try editFindings(Self.app(project: project), edit: addOptional))
    }

    /// The app and a widget compiling the same folder, each deploying at its own iOS version.
    private static func appAndWidget(app: String, widget: String) -> String {
        let app = Target(name: "Keeper", settings: ["Release": ["IPHONEOS_DEPLOYMENT_TARGET": app]])
        var widget = Target(
            name: "KeeperWidget", productType: "com.apple.product-type.app-extension",
            settings: ["Release": ["IPHONEOS_DEPLOYMENT_TARGET": widget]])
        widget.folder = "Keeper"
        return TestXcodeProject.text([app, widget])
    }

    func testAnAppAndItsWidgetBothOnIOS16() throws {
        let project = Self.appAndWidget(app: "16.0", widget: "16.4")
        assertWarning(try editFindings(Self.app(project: project), edit: addOptional))
    }

    // MARK: Controls: the error stays

    func testATargetOnIOS11KeepsTheError() throws {
        assertError(try editFindings(Self.app(project: Self.iOSApp("11.4")), edit: addOptional))
    }

    func testAMacTargetOn10_13KeepsTheError() throws {
        let project = TestXcodeProject.text([
            Target(name: "Keeper", settings: ["Release": ["SDKROOT": "macosx", "MACOSX_DEPLOYMENT_TARGET": "10.13"]])
        ])
        assertError(try editFindings(Self.app(project: project), edit: addOptional))
    }

    func testOneOlderTargetKeepsTheError() throws {
        let project = Self.appAndWidget(app: "16.0", widget: "11.0")
        assertError(try editFindings(Self.app(project: project), edit: addOptional))
    }

    func testNoProjectKeepsTheError() throws {
        assertError(try editFindings(Self.app(project: nil), edit: addOptional))
    }

    func testADeploymentLeftToAnUnreadXcconfigKeepsTheError() throws {
        let project = TestXcodeProject.text([Target(name: "Keeper", xcconfig: true)])
        assertError(try editFindings(Self.app(project: project), edit: addOptional))
    }

    func testAChangeInferenceCannotMakeKeepsTheError() throws {
        let required = "<attribute name=\"heartbeats\" attributeType=\"Boolean\"/>"
        let findings = try editFindings(Self.app(project: Self.iOSApp("17.0"))) {
            $0["Keeper/Keeper.xcdatamodeld/Keeper.xcdatamodel/contents"] = Self.edited(required)
        }
        assertError(findings)
    }

    func testInferenceTurnedOffKeepsTheError() throws {
        let off = Self.stack.replacingOccurrences(
            of: "        container.loadPersistentStores",
            with: "        container.persistentStoreDescriptions.first?.shouldInferMappingModelAutomatically = false\n"
                + "        container.loadPersistentStores")
        assertError(try editFindings(Self.app(project: Self.iOSApp("17.0"), stack: off), edit: addOptional))
    }
}
