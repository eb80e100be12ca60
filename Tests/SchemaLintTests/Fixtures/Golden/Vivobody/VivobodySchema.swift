import SwiftData

// The app opens its store with a plain `Schema([...])` and no versions; this version lists the same eight models so
// the checksum can be compared with the store it wrote (vivobody-db99d12.store).
enum VivobodySchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] {
        [
            WorkoutSession.self, Exercise.self, WorkoutSet.self, WorkoutTemplate.self, TemplateExercise.self,
            TemplateSet.self, ExerciseCatalogItem.self, BodyWeightEntry.self,
        ]
    }
}
