/// A byte scan that decides which files can hold schema code, so only those are parsed.
///
/// A file matters when it mentions one of SwiftData's schema words. Types that models use as attributes
/// (a Codable struct in an ordinary file) are found in a second pass by name, see `Analyzer`.
enum RelevanceFilter {
    static let keywords: [[UInt8]] = [
        "VersionedSchema", "SchemaMigrationPlan", "@Model", "MigrationStage", "typealias", "ModelContainer",
    ].map { Array($0.utf8) }

    static func mayHoldSchema(_ bytes: [UInt8]) -> Bool {
        keywords.contains { contains(bytes, $0) }
    }

    /// Whether `needle` occurs in `haystack` (first-byte scan then compare; no allocation).
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        return haystack.withUnsafeBufferPointer { buffer in
            let last = buffer.count - needle.count
            var index = 0
            while index <= last {
                if buffer[index] == first {
                    var matched = true
                    for offset in 1..<needle.count where buffer[index + offset] != needle[offset] {
                        matched = false
                        break
                    }
                    if matched { return true }
                }
                index += 1
            }
            return false
        }
    }
}
