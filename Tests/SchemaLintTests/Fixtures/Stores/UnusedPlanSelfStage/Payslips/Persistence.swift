import SwiftData
import SwiftUI

enum PayslipSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Payslip.self] }
    @Model final class Payslip { var month: String = ""; init() {} }
}

typealias Payslip = PayslipSchemaV1.Payslip

@Model final class ParseUsage { var count: Int = 0; init() {} }

enum PayslipPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [PayslipSchemaV1.self] }
    static var stages: [MigrationStage] { [migrateV1toV1] }
    static let migrateV1toV1 = makeStage()
    static func makeStage() -> MigrationStage {
        .lightweight(fromVersion: PayslipSchemaV1.self, toVersion: PayslipSchemaV1.self)
    }
}

enum Persistence {
    static var plan: any SchemaMigrationPlan.Type { PayslipPlan.self }
}

@main struct PayApp: App {
    var body: some Scene {
        WindowGroup { Text("x") }
            .modelContainer(for: Schema([Payslip.self, ParseUsage.self]))
    }
}
