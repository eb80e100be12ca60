import SchemaLintFacts
import SchemaLintRules
import SchemaLintSyntax

/// A byte scan that decides which files can hold schema code, so only those are parsed.
///
/// A file matters when it mentions one of SwiftData's own schema words, as a word: `@ModelActor` and
/// `viewModelConfigurationMismatch` do not make a file worth parsing. Types that models use as attributes (a
/// Codable struct in an ordinary file), namespaces that models extend and typealiases into the versions are found in
/// a second pass by declaration, see `MissingNames`. `typealias` is not a word of its own: real apps have hundreds.
///
/// Each keyword is anchored on one of its bytes that is rare in Swift code, and all keywords sharing an anchor are
/// checked in one `memchr` pass: two passes (`M`, `V`) cover them all (`C` for `modelContainer`).
///
/// A file without them that names a Core Data stack's types may say which file a model bundle's stores are in
/// (`Relevance.stack`): it is parsed only where an app has a model bundle (see `Analyzer`), so an app without one
/// pays one more pass over its files' `C`s and nothing else.
enum RelevanceFilter {
    enum Relevance {
        case none
        /// A Core Data stack's words and none of SwiftData's.
        case stack
        case schema
    }

    static let keywords = [
        "VersionedSchema", "SchemaMigrationPlan", "@Model", "MigrationStage", "ModelContainer",
        "modelContainer", "ModelConfiguration",
    ]

    /// A Core Data stack: which store file a model bundle's stores are in.
    static let stackKeywords = [
        "NSPersistentContainer", "NSPersistentCloudKitContainer", "NSPersistentStoreCoordinator",
    ]

    static let passes = RelevanceFilter.passes(for: keywords)
    static let stackPasses = RelevanceFilter.passes(for: stackKeywords)

    private static func passes(for keywords: [String]) -> [(anchor: UInt8, needles: [ByteScanner.Needle])] {
        let anchors: [UInt8] = [UInt8(ascii: "M"), UInt8(ascii: "V"), UInt8(ascii: "C")]
        var passes: [(UInt8, [ByteScanner.Needle])] = anchors.map { ($0, []) }
        for keyword in keywords {
            let index = anchors.firstIndex { keyword.utf8.contains($0) }!
            passes[index].1.append(ByteScanner.Needle(keyword, anchor: anchors[index], wholeWord: true))
        }
        return passes.filter { !$0.1.isEmpty }
    }

    static func mayHoldSchema(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { mayHoldSchema($0) }
    }

    static func mayHoldSchema(_ buffer: UnsafeRawBufferPointer) -> Bool {
        passes.contains { pass in ByteScanner.occurs(pass.needles, anchor: pass.anchor, in: buffer) }
    }

    static func relevance(_ bytes: [UInt8]) -> Relevance {
        bytes.withUnsafeBytes { relevance($0) }
    }

    static func relevance(_ buffer: UnsafeRawBufferPointer) -> Relevance {
        if mayHoldSchema(buffer) { return .schema }
        let stack = stackPasses.contains { pass in ByteScanner.occurs(pass.needles, anchor: pass.anchor, in: buffer) }
        return stack ? .stack : .none
    }
}
