import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// A shipping model bundle when the sources read open no store at all (LikePics, field test 30: its stacks are
/// built by the `PersistentStack` package it links): which files hold the bundle's versions cannot be told, and plain
/// `check` says so instead of listing no store and nothing else.
final class UnopenedBundleNoteTests: XCTestCase {
    private static let bundle = [
        "Kit/Sources/Persistence/Model.xcdatamodeld/Model.xcdatamodel/contents":
            CoreDataModelText.oneEntity("Clip", attribute: "title")
    ]

    func testABundleNoStackOpensIsSaid() throws {
        var files = Self.bundle
        files["App/Container.swift"] = """
            import PersistentStack
            final class AppContainer {
                let stack = PersistentStack(configuration: .init(persistentContainerName: "Model"))
            }
            """
        let analysis = try TestSupport.analyzeOnDisk(files)
        XCTAssertEqual(analysis.unopenedBundleNotes.count, 1, "\(analysis.notes)")
    }

    /// Control: a stack the sources read opens the bundle.
    func testABundleAStackOpensIsNotSaid() throws {
        var files = Self.bundle
        files["App/Stack.swift"] = """
            import CoreData
            final class Stack {
                let container = NSPersistentContainer(name: "Model")
                init() { container.loadPersistentStores { _, _ in } }
            }
            """
        XCTAssertEqual(try TestSupport.analyzeOnDisk(files).unopenedBundleNotes, [])
    }
}
