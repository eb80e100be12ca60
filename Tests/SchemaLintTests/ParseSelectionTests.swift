import SchemaLintEngine
import SchemaLintSyntax
import XCTest

/// Only files that can hold or feed a schema are parsed: those with SwiftData's own words, those that declare a type
/// the schema uses, and those with typealiases into the versions. Nothing else, however noisy.
final class ParseSelectionTests: XCTestCase {
    func testOnlyFilesThatHoldOrFeedTheSchemaAreParsed() throws {
        let files: [String: String] = [
            // SwiftData's words: parsed in pass 1.
            "Schema/SchemaV1.swift": """
            import SwiftData
            enum SchemaV1: VersionedSchema {
                static var versionIdentifier = Schema.Version(1, 0, 0)
                static var models: [any PersistentModel.Type] { [Trip.self] }
                @Model final class Trip {
                    var name: String = ""
                    var origin: Coordinates?
                    var kind: TripKind = TripKind.leisure
                    init() {}
                }
            }
            """,
            "App/TripsApp.swift": """
            import SwiftUI
            struct TripsApp: App {
                var body: some Scene { WindowGroup { Text("") }.modelContainer(for: Trip.self) }
            }
            """,
            // Declarations of types the schema uses: parsed in pass 2.
            "Model/Coordinates.swift": """
            struct Coordinates: Codable, Hashable {
                var latitude: Double
                var longitude: Double
            }
            """,
            "Model/TripKind.swift": "enum TripKind: String, Codable { case leisure, business }\n",
            // A typealias into the versions, and an extension of a version: parsed in pass 2.
            "Model/Aliases.swift": "typealias Trip = SchemaV1.Trip\n",
            "Schema/SchemaV1+Legacy.swift": "extension SchemaV1 {\n    typealias Journey = Trip\n}\n",
            // Noise that used to be parsed: never.
            "UI/UIView+Layout.swift": """
            import UIKit
            typealias LayoutHandler = (UIView) -> Void
            extension UIView { func pin(to other: UIView) {} }
            extension String { var isBlank: Bool { trimmingCharacters(in: .whitespaces).isEmpty } }
            """,
            "UI/TripViewModel.swift": """
            /// Shows a Trip's origin (Coordinates) at its current onboarding stage; the schema of the form is fixed.
            struct TripViewModel {
                var trip: Trip
                var origin: Coordinates? { trip.origin }
                let containerName = "ModelStore"
                var migrationNotice = "Schema updated"
                var viewModelConfigurationMismatch = false
                var showsModelContainerSheet = false
            }
            """,
            "Sync/SyncActor.swift": """
            import SwiftData
            @ModelActor actor SyncActor {
                func run(_ storeModelConfigurations: Int) {}
            }
            """,
            // A Core Data stack in an app without a model bundle: no store of a bundle is in its file, never parsed
            // (CoreDataStoreFileTests: parsed where there is a bundle).
            "Legacy/LegacyItem.swift": """
            import CoreData
            final class LegacyItem: NSManagedObject { @NSManaged var title: String? }
            let legacyContainer = NSPersistentContainer(name: "LegacyModel")
            """,
        ]
        let analysis = TestSupport.analyze(files)
        XCTAssertEqual(analysis.statistics.filesFound, 10)
        XCTAssertEqual(analysis.statistics.filesParsed, 6)
        XCTAssertEqual(analysis.findings.map(\.rule), [])
        let trip = try XCTUnwrap(analysis.versions.first?.snapshot.first { $0.name == "Trip" })
        XCTAssertEqual(trip.properties.first { $0.name == "origin" }?.type.hasPrefix("Composite(Coordinates)"), true)
        // TripKind was found and read (its raw-value storage is issue 13's to make certain), not left unknown.
        XCTAssertFalse(
            analysis.versions.first?.uncertainties.contains { $0.contains("not declared") } ?? true,
            "\(analysis.versions.first?.uncertainties ?? [])")
    }

    /// The callers of a stack whose file an initialiser's parameter gives (`MissingNames.callers`): a file calling it
    /// (`Stack(`, `Stack.init(`, `Stack (`) is read; one naming it as a type or in prose is not (woocommerce: 18
    /// files mention its stack, 6 call it, 1 outside tests).
    func testACallerIsAFileThatCallsTheName() {
        let calls = { (text: String) in
            Array(text.utf8).withUnsafeBufferPointer { DeclarationScanner.callsIdentifier($0, in: ["Stack"]) }
        }
        for text in [
            "let stack = Stack(name: \"Journal\")", "let stack = try Stack.init(url)", "return Stack (name: n)",
        ] {
            XCTAssertTrue(calls(text), text)
        }
        for text in ["let stack: Stack", "var stacks: [Stack] = []", "// the Stack opens it", "StackView(name: n)"] {
            XCTAssertFalse(calls(text), text)
        }
    }

    /// A value pass 2 looks for by its declaration (`MissingNames.values`): a global `let`, `var` or `func`, or a
    /// `static` or `class` member anywhere; never a function's local, a parameter or a mere mention.
    func testAValueIsFoundWhereItIsDeclaredGloballyOrStatically() {
        func declares(_ text: String, _ name: String = "storeName") -> Bool {
            Array(text.utf8).withUnsafeBufferPointer { DeclarationScanner.declaresValue($0, in: [name]) }
        }
        XCTAssertTrue(declares("import Foundation\nlet storeName = \"Notes\"\n"))
        XCTAssertTrue(declares("var storeName: String { \"Notes\" }"))
        XCTAssertTrue(declares("func storeName() -> String { \"Notes\" }"))
        XCTAssertTrue(declares("enum Names {\n    static let storeName = \"Notes\"\n}\n"))
        XCTAssertTrue(declares("extension Store {\n    private static var `storeName`: String { \"Notes\" }\n}"))
        XCTAssertTrue(declares("final class Store {\n    class var storeName: String { \"Notes\" }\n}"))
        XCTAssertFalse(declares("func open() {\n    let storeName = \"Notes\"\n    print(storeName)\n}"))
        XCTAssertFalse(declares("struct Store {\n    let storeName: String\n}"))
        XCTAssertFalse(declares("func open(storeName: String) { print(storeName) }"))
        XCTAssertFalse(declares("let storeNames = [\"Notes\"]\nlet other = storeName\n"))
        XCTAssertFalse(declares("enum Names {\n    static func make() {\n        let storeName = 1\n    }\n}"))
    }
}
