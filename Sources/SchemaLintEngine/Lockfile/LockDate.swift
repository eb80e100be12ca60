import Foundation
import SchemaLintFacts
import SchemaLintRules

/// The day `lock` records on new entries, `yyyy-MM-dd` in UTC. `SOURCE_DATE_EPOCH` (seconds), the reproducible-builds
/// convention, pins it, so a lock in a test or a release pipeline writes the same bytes every time.
public enum LockDate {
    public static func today(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let seconds = environment["SOURCE_DATE_EPOCH"].flatMap(TimeInterval.init) ?? Date().timeIntervalSince1970
        let day = Int((seconds / 86_400).rounded(.down))
        return civilDate(daysSinceEpoch: day)
    }

    /// Days since 1970-01-01 to a proleptic Gregorian date, without a calendar or locale (Howard Hinnant's algorithm).
    static func civilDate(daysSinceEpoch days: Int) -> String {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func padded(_ number: Int, _ width: Int) -> String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }
}
