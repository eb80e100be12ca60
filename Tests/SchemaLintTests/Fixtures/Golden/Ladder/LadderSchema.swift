import SwiftData

// The app built its container from a plain `Schema([...])`; this version lists the same twelve models so the
// checksum can be compared with the store it wrote (ladder-phase4prep.store).
enum LadderSchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] {
        [
            Profile.self, Role.self, Achievement.self, SkillTag.self, Application.self, Stage.self,
            DismissedEvent.self, Transcript.self, Debrief.self, DebriefQuestion.self, PrepPack.self,
            PrepTalkingPoint.self,
        ]
    }
}
