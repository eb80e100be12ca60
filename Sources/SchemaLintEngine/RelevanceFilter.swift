import SchemaLintSyntax

/// A byte scan that decides which files can hold schema code, so only those are parsed.
///
/// A file matters when it mentions one of SwiftData's schema words. Types that models use as attributes
/// (a Codable struct in an ordinary file) are found in a second pass by name, see `Analyzer`.
///
/// Each keyword is anchored on one of its bytes that is rare in Swift code, and all keywords sharing an anchor are
/// checked in one `memchr` pass: three passes (`M`, `V`, `y`) cover the six keywords.
enum RelevanceFilter {
    static let keywords = ["VersionedSchema", "SchemaMigrationPlan", "@Model", "MigrationStage", "typealias", "ModelContainer"]

    static let passes: [(anchor: UInt8, needles: [ByteScanner.Needle])] = {
        let anchors: [UInt8] = [UInt8(ascii: "M"), UInt8(ascii: "V"), UInt8(ascii: "y")]
        var passes: [(UInt8, [ByteScanner.Needle])] = anchors.map { ($0, []) }
        for keyword in keywords {
            let index = anchors.firstIndex { keyword.utf8.contains($0) }!
            passes[index].1.append(ByteScanner.Needle(keyword, anchor: anchors[index]))
        }
        return passes.filter { !$0.1.isEmpty }
    }()

    static func mayHoldSchema(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            passes.contains { pass in ByteScanner.occurs(pass.needles, anchor: pass.anchor, in: buffer) }
        }
    }
}
