import SchemaLintModel

/// The file `schemalint bump` writes when an unversioned app adopts a plan: its first `VersionedSchema`, listing the
/// models the app already stores (their classes move into it where they stand), and a plan with that one version and
/// no stages, which opens every store the app has written so far exactly as before.
public struct AdoptionWriter {
    public var versionName: String
    public var planName: String
    /// The stored models, in the order the container names them, then the ones they reach.
    public var models: [String]
    /// `public` when a model is: a public model nested in an internal type would not compile.
    public var isPublic: Bool

    public init(versionName: String, planName: String, models: [String], isPublic: Bool) {
        self.versionName = versionName
        self.planName = planName
        self.models = models
        self.isPublic = isPublic
    }

    public func file() throws -> String {
        let access = isPublic ? "public " : ""
        var models = self.models.map { "\($0).self" }.joined(separator: ", ")
        if models.count > 80 {
            // One per line, as long lists are written.
            models = "\n" + self.models.map { "            \($0).self,\n" }.joined() + "        "
        }
        let text = """
            import SwiftData

            /// \(versionName): the models as the app stored them before it had a migration plan. Its checksum is the
            /// one users' stores already carry, so they open as before. Never edit it once a release has shipped it:
            /// `schemalint bump` starts the next version.
            \(access)enum \(versionName): VersionedSchema {
                \(access)static let versionIdentifier = Schema.Version(1, 0, 0)

                \(access)static var models: [any PersistentModel.Type] {
                    [\(models)]
                }
            }

            /// Every version users' stores may hold, oldest first, and the stages between them. With no stages,
            /// SwiftData still migrates lightweight changes by itself, as it did before the app had a plan.
            \(access)enum \(planName): SchemaMigrationPlan {
                \(access)static var schemas: [any VersionedSchema.Type] {
                    [\(versionName).self]
                }

                \(access)static var stages: [MigrationStage] {
                    []
                }
            }

            """
        if SyntaxErrorCounter.count(text) > 0 { throw RewriteRefusal("cannot write \(versionName) for \(models)") }
        return text
    }
}
