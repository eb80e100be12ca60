import Foundation
import SwiftData

@Model
final class WorkoutTemplate: Identifiable {
    var id: UUID = UUID()
    var name: String = "New Template"
    var createdAt: Date = Date()
    var sortOrder: Int = 0
    var lastUsedAt: Date?
    var scheduledWeekdays: [Int] = []
    @Relationship(deleteRule: .cascade, inverse: \TemplateExercise.template) var exercises: [TemplateExercise] = []

    var isScheduled: Bool { !scheduledWeekdays.isEmpty }

    init() {}
}

@Model
final class TemplateExercise: Identifiable {
    var id: UUID = UUID()
    var name: String = ""
    var catalogItemID: UUID? = nil
    var catalogID: String? = nil
    var familyID: String? = nil
    var muscleGroupRaw: String = MuscleGroup.chest.rawValue
    var plannedSets: Int = 3
    var plannedReps: Int = 8
    var plannedWeight: Double = 0
    var muscleInvolvementSnapshot: [String: Double] = [:]
    var equipmentRaw: String? = nil
    var mechanicRaw: String? = nil
    var trainingRoleRaw: String? = nil
    var patternRaw: String? = nil
    var directionRaw: String? = nil
    var planeRaws: [String] = []
    var lateralityRaw: String? = nil
    var trackingModeRaw: String = TrackingMode.reps.rawValue
    var modalityRaw: String = ExerciseModality.dynamicStrength.rawValue
    var loadModeRaw: String = ExerciseLoadMode.external.rawValue
    var bodyweightFraction: Double = 0
    var plannedDuration: TimeInterval = 0
    var sortOrder: Int = 0
    var supersetID: UUID? = nil
    var template: WorkoutTemplate?
    @Relationship(deleteRule: .cascade, inverse: \TemplateSet.exercise) var sets: [TemplateSet] = []

    var hasPerSetData: Bool { !sets.isEmpty }

    init(name: String) { self.name = name }
}

@Model
final class TemplateSet: Identifiable {
    var id: UUID = UUID()
    var weight: Double = 0
    var reps: Int = 0
    var duration: TimeInterval = 0
    var sortOrder: Int = 0
    var exercise: TemplateExercise?

    init() {}
}

@Model
final class ExerciseCatalogItem: Identifiable {
    #Index<ExerciseCatalogItem>([\.catalogID])

    var id: UUID = UUID()
    var catalogID: String? = nil
    var familyID: String? = nil
    var name: String = ""
    var muscleGroupRaw: String = MuscleGroup.chest.rawValue
    var defaultWeight: Double = 0
    var defaultReps: Int = 8
    var defaultWeightKg: Double? = nil
    var trackingModeRaw: String = TrackingMode.reps.rawValue
    var modalityRaw: String = ExerciseModality.dynamicStrength.rawValue
    var loadModeRaw: String = ExerciseLoadMode.external.rawValue
    var bodyweightFraction: Double = 0
    var defaultDuration: TimeInterval = 0
    var oneRepMax: Double? = nil
    var equipmentRaw: String = Equipment.barbell.rawValue
    var mechanicRaw: String = Mechanic.compound.rawValue
    var trainingRoleRaw: String? = nil
    var patternRaw: String? = nil
    var directionRaw: String? = nil
    var planeRaws: [String] = [MovementPlane.sagittal.rawValue]
    var lateralityRaw: String = Laterality.bilateral.rawValue
    var aliases: [String] = []
    var execution: ExecutionInstructions? = nil
    var muscleInvolvementSnapshot: [String: Double] = [:]
    var createdAt: Date = Date()
    var isUserCreated: Bool = false
    var isFavorite: Bool = false

    var equipment: Equipment {
        get { Equipment(rawValue: equipmentRaw) ?? .barbell }
        set { equipmentRaw = newValue.rawValue }
    }

    init(name: String) { self.name = name }
}
