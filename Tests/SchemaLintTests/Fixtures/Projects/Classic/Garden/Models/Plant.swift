typealias Plant = PlantSchemaV2.Plant
