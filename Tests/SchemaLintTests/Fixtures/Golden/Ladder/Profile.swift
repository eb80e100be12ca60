import Foundation
import SwiftData

@Model
final class Profile {
    var name: String
    var headline: String
    var contact: ContactInfo
    var updatedAt: Date
    @Relationship(deleteRule: .cascade, inverse: \Role.profile) var roles: [Role]
    @Relationship(deleteRule: .cascade, inverse: \SkillTag.profile) var skills: [SkillTag]

    init(name: String, headline: String) {
        self.name = name
        self.headline = headline
        self.contact = ContactInfo()
        self.updatedAt = .now
        self.roles = []
        self.skills = []
    }
}

struct ContactInfo: Codable, Hashable {
    var email: String = ""
    var phone: String = ""
    var location: String = ""
    var link: String = ""
}

@Model
final class Role {
    var company: String
    var title: String
    var start: Date
    var end: Date?
    var profile: Profile?
    @Relationship(deleteRule: .cascade, inverse: \Achievement.role) var achievements: [Achievement]

    var orderedAchievements: [Achievement] { achievements.sorted { $0.sortIndex < $1.sortIndex } }

    init(company: String, title: String, start: Date) {
        self.company = company
        self.title = title
        self.start = start
        self.achievements = []
    }
}

@Model
final class Achievement {
    var text: String
    var impactMetric: String?
    var tech: [String]
    var strengthNotes: String?
    var sortIndex: Int
    var role: Role?
    @Relationship var skills: [SkillTag]

    init(text: String, sortIndex: Int) {
        self.text = text
        self.tech = []
        self.sortIndex = sortIndex
        self.skills = []
    }
}

@Model
final class SkillTag {
    var name: String
    var profile: Profile?
    @Relationship(inverse: \Achievement.skills) var achievements: [Achievement]

    init(name: String) {
        self.name = name
        self.achievements = []
    }
}
