typealias Workout = SchemaV2.Workout
