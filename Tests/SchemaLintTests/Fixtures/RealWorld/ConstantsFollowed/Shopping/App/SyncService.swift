import Foundation
import SwiftData

/// Merges a peer's list; counts merges per peer.
struct SyncService {
    let context: ModelContext

    func recordMerge(from peer: String) throws {
        let counters = try context.fetch(FetchDescriptor<PeerMergeCounter>())
        if let counter = counters.first(where: { $0.peer == peer }) {
            counter.count += 1
        } else {
            context.insert(PeerMergeCounter(peer: peer))
        }
    }

    /// Sends a peer a copy of the list, opened with the app's plan.
    func exportCopy(to url: URL) throws -> ModelContainer { try Self.openCopy(at: url) }

    /// Opens a copy of the store at another location, with the same schema and plan.
    static func openCopy(at url: URL, plan: any SchemaMigrationPlan.Type = SchemaDefinition.migrationPlan) throws
        -> ModelContainer
    {
        try ModelContainer(
            for: SchemaDefinition.schema, migrationPlan: plan,
            configurations: [ModelConfiguration(schema: SchemaDefinition.schema, url: url)])
    }
}
