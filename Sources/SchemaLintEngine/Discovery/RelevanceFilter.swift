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

    /// A stack's words that copy a store to another file (`SourceFile.mayCopyStore`).
    static let copyWords = [
        ByteScanner.Needle("replacePersistentStore", anchor: UInt8(ascii: "P")),
        ByteScanner.Needle("migratePersistentStore", anchor: UInt8(ascii: "P")),
    ]

    static func copiesStore(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { ByteScanner.occurs(copyWords, anchor: UInt8(ascii: "P"), in: $0) }
    }

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

    /// The passes for SwiftData's words but the one anchored on `C`, which `cPass` makes with the stack's words.
    static let schemaPassesButC = passes.filter { $0.anchor != UInt8(ascii: "C") }
    /// SwiftData's words anchored on `C` (`modelContainer`) first, then the stack's: `C` is the commonest anchor in
    /// Swift code, so one pass over it answers both questions (a file holds neither, most of the time).
    static let cPass: (needles: [ByteScanner.Needle], schemaCount: Int) = {
        let schema = passes.filter { $0.anchor == UInt8(ascii: "C") }.flatMap(\.needles)
        let stack = stackPasses.flatMap { pass in
            precondition(pass.anchor == UInt8(ascii: "C"), "the stack's words are anchored on C")
            return pass.needles
        }
        return (schema + stack, schema.count)
    }()

    static func relevance(_ buffer: UnsafeRawBufferPointer) -> Relevance {
        if schemaPassesButC.contains(where: { ByteScanner.occurs($0.needles, anchor: $0.anchor, in: buffer) }) {
            return .schema
        }
        var (schema, stack) = (false, false)
        let (needles, schemaCount) = cPass
        ByteScanner.forEachMatch(needles, anchor: UInt8(ascii: "C"), in: buffer) { which in
            if which < schemaCount {
                schema = true
                return false
            }
            stack = true
            return true
        }
        return schema ? .schema : stack ? .stack : .none
    }
}
