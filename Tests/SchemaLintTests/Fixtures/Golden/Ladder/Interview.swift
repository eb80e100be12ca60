import Foundation
import SwiftData

enum SpeakerAttribution: String, Codable, Hashable, Sendable {
    case me, them
}

struct Segment: Codable, Hashable, Sendable {
    var speaker: SpeakerAttribution
    var text: String
    var tStart: Double?
    var tEnd: Double?

    init(speaker: SpeakerAttribution, text: String) {
        self.speaker = speaker
        self.text = text
    }
}

struct GroundedRemark: Codable, Hashable, Sendable {
    var text: String
    var quote: String
}

struct MockTask: Codable, Hashable, Sendable {
    var title: String
    var brief: String
}

enum AnswerQuality: String, Codable, CaseIterable, Sendable {
    case strong, adequate, weak
}

@Model
final class Transcript {
    var recordedAt: Date
    var durationSec: Int
    var sourceApp: String?
    var notesSummary: String?
    var segments: [Segment]
    var stage: Stage?

    init(durationSec: Int) {
        self.recordedAt = .now
        self.durationSec = durationSec
        self.segments = []
    }
}

@Model
final class Debrief {
    var generatedAt: Date
    var themes: [GroundedRemark]
    var signals: [GroundedRemark]
    var drills: [String]
    var stage: Stage?
    @Relationship(deleteRule: .cascade, inverse: \DebriefQuestion.debrief) var questions: [DebriefQuestion]

    var orderedQuestions: [DebriefQuestion] { questions.sorted { $0.sortIndex < $1.sortIndex } }

    init() {
        self.generatedAt = .now
        self.themes = []
        self.signals = []
        self.drills = []
        self.questions = []
    }
}

@Model
final class DebriefQuestion {
    var question: String
    var answerSummary: String
    var quality: AnswerQuality
    var quote: String
    var sortIndex: Int
    var debrief: Debrief?
    var missedAmmo: [Achievement]

    init(question: String, sortIndex: Int) {
        self.question = question
        self.answerSummary = ""
        self.quality = .adequate
        self.quote = ""
        self.sortIndex = sortIndex
        self.missedAmmo = []
    }
}

@Model
final class PrepPack {
    var generatedAt: Date
    var likelyQuestions: [String]
    var companyBrief: String?
    var mockTasks: [MockTask]
    var stage: Stage?
    @Relationship(deleteRule: .cascade, inverse: \PrepTalkingPoint.prepPack) var talkingPoints: [PrepTalkingPoint]

    var orderedTalkingPoints: [PrepTalkingPoint] { talkingPoints.sorted { $0.sortIndex < $1.sortIndex } }

    init() {
        self.generatedAt = .now
        self.likelyQuestions = []
        self.mockTasks = []
        self.talkingPoints = []
    }
}

@Model
final class PrepTalkingPoint {
    var text: String
    var sortIndex: Int
    var prepPack: PrepPack?
    var achievements: [Achievement]

    init(text: String, sortIndex: Int) {
        self.text = text
        self.sortIndex = sortIndex
        self.achievements = []
    }
}
