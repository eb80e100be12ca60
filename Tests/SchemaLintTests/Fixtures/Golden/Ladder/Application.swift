import Foundation
import SwiftData

enum ApplicationStatus: String, Codable, CaseIterable, Sendable {
    case draft, applied, active, offer, rejected, withdrawn
}

enum StageOutcome: String, Codable, CaseIterable, Sendable {
    case pending, passed, failed, noResponse
}

/// Not Codable and not stored: `Stage.kind` is computed over `kindRaw`.
enum StageKind {
    case phone, onsite
    case other(String)
}

@Model
final class Application {
    var company: String
    var roleTitle: String
    var jobDescription: String
    var source: String?
    var status: ApplicationStatus
    var appliedAt: Date?
    var cvSnapshot: Data?
    var cvSelectionRationale: String?
    var createdAt: Date
    var notes: String = ""
    @Relationship(deleteRule: .cascade, inverse: \Stage.application) var stages: [Stage]

    var orderedStages: [Stage] { stages.sorted { $0.sortIndex < $1.sortIndex } }

    init(company: String, roleTitle: String, jobDescription: String) {
        self.company = company
        self.roleTitle = roleTitle
        self.jobDescription = jobDescription
        self.status = .draft
        self.createdAt = .now
        self.stages = []
    }
}

@Model
final class Stage {
    var kindRaw: String
    var scheduledAt: Date?
    var calendarEventID: String?
    var meetingURL: URL?
    var prepContext: String
    var outcome: StageOutcome
    var heardBackAt: Date?
    var sortIndex: Int
    var application: Application?
    @Relationship(deleteRule: .cascade, inverse: \Transcript.stage) var transcript: Transcript?
    @Relationship(deleteRule: .cascade, inverse: \Debrief.stage) var debrief: Debrief?
    @Relationship(deleteRule: .cascade, inverse: \PrepPack.stage) var prepPack: PrepPack?

    var kind: StageKind {
        get { kindRaw == "onsite" ? .onsite : .phone }
        set { kindRaw = "\(newValue)" }
    }

    init(kindRaw: String, sortIndex: Int) {
        self.kindRaw = kindRaw
        self.prepContext = ""
        self.outcome = .pending
        self.sortIndex = sortIndex
    }
}

@Model
final class DismissedEvent {
    var calendarEventID: String
    var dismissedAt: Date

    init(calendarEventID: String) {
        self.calendarEventID = calendarEventID
        self.dismissedAt = .now
    }
}
