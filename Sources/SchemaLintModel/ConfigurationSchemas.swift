/// Stores split by their configurations' own schemas. A container given several configurations, each with a
/// `schema:` of its own (`ModelContainer(for: Profile.self, Entry.self, configurations: profiles, entries)`, where
/// `profiles` stores `Schema([Profile.self])` and `entries` `Schema([Entry.self])`), routes every model to the
/// configuration whose schema holds it: each file holds its own configuration's models, never the container's whole
/// list. Such a container is read as one container per store, each given its configuration's models, so the state a
/// file holds, and what a later release drops from it, is that file's own.
///
/// Only where every store's configuration is known and lists models that are all resolved and all among the
/// container's, and the container names no plan or versioned schema: anything else stays one container, as written.
enum ConfigurationSchemas {
    static func split(_ project: inout Project) {
        var split: [ContainerModel] = []
        for container in project.containers {
            split += perStore(container, project.configurations) ?? [container]
        }
        project.containers = split
    }

    private static func perStore(
        _ container: ContainerModel, _ configurations: [ConfigurationModel]
    ) -> [ContainerModel]? {
        guard container.stores.count > 1, container.plan == nil, container.versionedSchema == nil,
            !container.hasMigrationPlanArgument, container.storeConfigurations.count == container.stores.count,
            let all = container.models, all.allSatisfy({ $0.entity != nil })
        else { return nil }
        let listed = Set(all.compactMap(\.entity))
        var models: [[ModelReference]] = []
        for location in container.storeConfigurations {
            guard let location, let configuration = configurations.first(where: { $0.location == location }),
                configuration.versionedSchema == nil, let own = configuration.models, !own.isEmpty,
                own.allSatisfy({ $0.entity.map(listed.contains) == true })
            else { return nil }
            models.append(own)
        }
        return container.stores.indices.map { index in
            var one = container
            one.models = models[index]
            one.stores = [container.stores[index]]
            one.storeConfigurations = [container.storeConfigurations[index]]
            one.configurationLocations = container.storeConfigurations[index].map { [$0] } ?? []
            one.storeConfigurationAlternatives = container.storeConfigurationAlternatives[index].map { [0: $0] } ?? [:]
            one.storeSyncs = container.storeSyncs[index].map { [0: $0] } ?? [:]
            return one
        }
    }
}
