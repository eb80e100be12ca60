import Foundation

// Stored only as their raw strings (`muscleGroupRaw`, ...): the models expose them through computed properties.
enum MuscleGroup: String, CaseIterable { case chest, back, legs }
enum TrackingMode: String { case reps, duration }
enum ExerciseModality: String { case dynamicStrength, isometric }
enum ExerciseLoadMode: String { case external, bodyweight }
enum Equipment: String { case barbell, dumbbell }
enum Mechanic: String { case compound, isolation }
enum MovementPlane: String { case sagittal, frontal }
enum Laterality: String { case bilateral, unilateral }

enum ExerciseLoad {
    static let unknownBodyweight: Double = 0
}

nonisolated struct ExecutionInstructions: Codable, Equatable {
    let startingPosition: String
    let movement: String
    let endpoint: String
    let returnPhase: String?
    let controlledJoints: String
    let supportAndPosture: String
    let disqualifyingCompensations: [String]
    let sideOrDirection: String?
}
