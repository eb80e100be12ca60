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
                for p in 1...properties {
                    body += "        var field\(p): \(["String", "Int", "Date?", "Double", "Bool"][p % 5])\(p % 5 == 2 ? "" : " = \(["\"\"", "0", "", "0.0", "false"][p % 5])")\n"
                }
                if v > 1 || m > 1 { body += "        var added\(v): String?\n" }
                if m > 1 { body += "        var previous: Model\(m - 1)?\n" }
                if m < models { body += "        @Relationship(inverse: \\Model\(m + 1).previous) var next: [Model\(m + 1)] = []\n" }
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
        let stages = versions > 1 ? (1..<versions).map { ".lightweight(fromVersion: SchemaV\($0).self, toVersion: SchemaV\($0 + 1).self)" }.joined(separator: ",\n            ") : ""
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
        let features = root.appendingPathComponent("Features")
        try fm.createDirectory(at: features, withIntermediateDirectories: true)
        for f in 0..<ordinaryFiles {
            try """
            import Foundation

            struct Feature\(f)State: Equatable {
                var items: [String] = []
                var isLoading = false
                var selection: Int?

                mutating func load(_ values: [String]) {
                    isLoading = false
                    items = values.filter { !$0.isEmpty }.sorted()
                    selection = items.isEmpty ? nil : 0
                }
            }

            final class Feature\(f)Controller {
                private(set) var state = Feature\(f)State()
                func refresh(with provider: () -> [String]) {
                    state.isLoading = true
                    state.load(provider())
                }
            }
            """.write(to: features.appendingPathComponent("Feature\(f).swift"), atomically: false, encoding: .utf8)
        }
    }
}
