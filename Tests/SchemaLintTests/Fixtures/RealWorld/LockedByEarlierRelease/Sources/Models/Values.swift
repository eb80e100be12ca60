import Foundation

enum SessionKind: String, Codable, CaseIterable {
    case strength, cardio, mobility
}

enum Intensity: Int, Codable {
    case easy = 1, moderate, hard
}

struct Lap: Codable, Hashable {
    var distance: Double
    var duration: TimeInterval
}
