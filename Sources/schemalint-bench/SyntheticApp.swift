import Foundation

/// Writes a synthetic app shaped like real ones: one file per version, one file per model declared in
/// `extension SchemaVn { ... }`, a plan with a stage per step, and ordinary Swift files that never mention SwiftData.
struct SyntheticApp {
    var versions: Int
    var models: Int
    var properties: Int
    var ordinaryFiles: Int

    func write(to root: URL) throws {
        let fm = FileManager.default
        try fm.createDirectory(at: root, withIntermediateDirectories: true)
        if versions > 0 && models > 0 { try writeSchema(to: root) }
        try writeOrdinaryFiles(to: root)
    }

    private func writeSchema(to root: URL) throws {
        let fm = FileManager.default
        for v in 1...versions {
            let folder = root.appendingPathComponent("Schema/V\(v)")
            try fm.createDirectory(at: folder, withIntermediateDirectories: true)
            let list = (1...models).map { "Model\($0).self" }.joined(separator: ", ")
            try """
            import SwiftData

            enum SchemaV\(v): VersionedSchema {
                static var versionIdentifier = Schema.Version(\(v), 0, 0)
                static var models: [any PersistentModel.Type] { [\(list)] }
            }
            """.write(to: folder.appendingPathComponent("SchemaV\(v).swift"), atomically: false, encoding: .utf8)
            for m in 1...models {
                var body = ""
                let types = ["String", "Int", "Date?", "Double", "Bool"]
                let defaults = [" = \"\"", " = 0", "", " = 0.0", " = false"]
                for p in 1...properties {
                    body += "        var field\(p): \(types[p % 5])\(defaults[p % 5])\n"
                }
                if v > 1 || m > 1 { body += "        var added\(v): String?\n" }
                if m > 1 { body += "        var previous: Model\(m - 1)?\n" }
                if m < models {
                    body += "        @Relationship(inverse: \\Model\(m + 1).previous) var next: [Model\(m + 1)] = []\n"
                }
                try """
                import Foundation
                import SwiftData

                extension SchemaV\(v) {
                    @Model
                    final class Model\(m) {
                \(body)
                        init() {}
                    }
                }
                """.write(to: folder.appendingPathComponent("Model\(m).swift"), atomically: false, encoding: .utf8)
            }
        }
        let schemas = (1...versions).map { "SchemaV\($0).self" }.joined(separator: ", ")
        let stages =
            versions > 1
            ? (1..<versions).map { ".lightweight(fromVersion: SchemaV\($0).self, toVersion: SchemaV\($0 + 1).self)" }
                .joined(separator: ",\n            ") : ""
        try """
        import SwiftData

        enum AppMigrationPlan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [\(schemas)] }
            static var stages: [MigrationStage] {
                [
                    \(stages)
                ]
            }
        }
        """.write(to: root.appendingPathComponent("Schema/Plan.swift"), atomically: false, encoding: .utf8)
    }

    private func writeOrdinaryFiles(to root: URL) throws {
        let fm = FileManager.default
        let features = root.appendingPathComponent("Features")
        try fm.createDirectory(at: features, withIntermediateDirectories: true)
        for f in 0..<ordinaryFiles {
            try Self.ordinaryFile(f).write(
                to: features.appendingPathComponent("Feature\(f).swift"), atomically: false, encoding: .utf8)
        }
    }

    /// About 5 KB of everyday Swift that never mentions SwiftData's own words but is as noisy as real app code:
    /// every file has typealiases, extensions of UIKit, SwiftUI and Foundation types, and identifiers, comments and
    /// strings containing Model, Schema, Container, Stage and Migration; one file in ten is Core Data code.
    static func ordinaryFile(_ index: Int) -> String {
        let extendable = ["UIView", "String", "Color", "Date", "UIViewController", "View", "URLSession", "Array"]
        let extended = extendable[index % extendable.count]
        var text = """
            import Foundation
            \(index % 10 == 0 ? "import CoreData\n" : "")
            typealias Feature\(index)Completion = (Result<[String], Error>) -> Void
            typealias Feature\(index)Identifier = String

            /// The view model of feature \(index): its schema of fields, its onboarding stage and its migration notes.
            struct Feature\(index)ViewModel: Equatable {
                var items: [String] = []
                var isLoading = false
                var selection: Int?
                var query = ""
                var schemaVersion = "v2"
                var stage: OnboardingStage\(index) = .welcome
            }

            enum OnboardingStage\(index): String, CaseIterable {
                case welcome, permissions, migrationNotice = "MigrationNotice", done
            }

            extension \(extended) {
                /// Container and model helpers used by feature \(index).
                static var feature\(index)ContainerIdentifier: String { "Feature\(index)ContainerView.schemaStage" }
            }

            final class Feature\(index)Controller {
                private(set) var model = Feature\(index)ViewModel()
                private let containerName = "com.example.container.\(index)"

            """
        for method in 0..<8 {
            text += """
                    /// Refreshes part \(method) of the screen from the provider, keeping the selection stable.
                    func refresh\(method)(with provider: () -> [String],
                                          completion: Feature\(index)Completion? = nil) -> Int {
                        model.isLoading = true
                        let values = provider().filter { !$0.isEmpty && $0.count > \(method % 5) }.sorted()
                        model.items = values
                        model.selection = values.isEmpty ? nil : min(model.selection ?? 0, values.count - 1)
                        model.isLoading = false
                        completion?(.success(values))
                        return values.reduce(0) { $0 + $1.count * \(method + 1) }
                    }


                """
        }
        text += "}\n"
        if index % 10 == 0 {
            text += """

                /// The app's older Core Data store, kept until its migration to the new schema has run everywhere.
                final class LegacyItem\(index): NSManagedObject {
                    @NSManaged var title: String?
                    @NSManaged var createdAt: Date?
                }

                enum LegacyStore\(index) {
                    static let container: NSPersistentContainer = {
                        let container = NSPersistentContainer(name: "LegacyModel\(index)")
                        container.loadPersistentStores { _, error in if let error { print("store: \\(error)") } }
                        return container
                    }()
                }

                """
        }
        return text
    }
}
