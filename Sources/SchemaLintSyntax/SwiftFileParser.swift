import SchemaLintModel
import SwiftParser
import SwiftSyntax

/// Parses one Swift file into `ParsedFile`. Never throws: a file with syntax errors is read as far as it
/// parsed and carries its first error, so one broken file never hides the rest of a schema.
public enum SwiftFileParser {
    /// `conditions`: what the release builds compiling the file set (`#if USE_APP_GROUP`). `collectingCalls`: walk
    /// the file for containers and call sites even when it names no container (a file pass 2 reads because it
    /// mentions a helper that opens a store: its calls say which store).
    public static func parse(
        path: String, bytes: [UInt8], conditions: CompilationConditions = .unknown, collectingCalls: Bool = false
    ) -> ParsedFile {
        var content = bytes[...]
        if content.starts(with: [0xEF, 0xBB, 0xBF]) { content = content.dropFirst(3) }
        if let reason = NestingGuard.refusal(content) {
            var refused = ParsedFile(path: path)
            refused.syntaxError = SyntaxProblem(
                location: SourceLocation(file: path, line: 1, column: 1),
                message: "\(reason), so schemalint did not parse this file", count: 1)
            return refused
        }
        // Invalid UTF-8 becomes U+FFFD: the file is still analysed and the parser reports the damage.
        let text = String(decoding: content, as: UTF8.self)
        return parse(path: path, source: text, conditions: conditions, collectingCalls: collectingCalls)
    }

    /// Only files that create containers or configurations need the whole-file walk for them.
    static let containerWords: [ByteScanner.Needle] = [
        ByteScanner.Needle("ModelContainer", anchor: UInt8(ascii: "C")),
        ByteScanner.Needle("modelContainer", anchor: UInt8(ascii: "C")),
        ByteScanner.Needle("ModelConfiguration", anchor: UInt8(ascii: "C")),
    ] + coreDataWords

    /// Words of code that rewrites a store's version metadata (`MetadataRewriteFinder`).
    static let metadataWords: [ByteScanner.Needle] = [
        ByteScanner.Needle("Z_METADATA", anchor: UInt8(ascii: "M")),
        ByteScanner.Needle("setMetadata", anchor: UInt8(ascii: "M")),
    ]

    /// Words of a file that may empty a whole store (`StoreWipeUse`), by the anchor each is found from.
    static let wipeWords: [(UInt8, [ByteScanner.Needle])] = [
        (
            UInt8(ascii: "I"),
            [
                ByteScanner.Needle("removeItem", anchor: UInt8(ascii: "I")),
                ByteScanner.Needle("trashItem", anchor: UInt8(ascii: "I")),
            ]
        ),
        (UInt8(ascii: "P"), [ByteScanner.Needle("destroyPersistentStore", anchor: UInt8(ascii: "P"))]),
        (
            UInt8(ascii: "D"),
            [
                ByteScanner.Needle("deleteAllData", anchor: UInt8(ascii: "D")),
                ByteScanner.Needle("NSBatchDeleteRequest", anchor: UInt8(ascii: "D")),
            ]
        ),
        (UInt8(ascii: "("), [ByteScanner.Needle("delete(model:", anchor: UInt8(ascii: "("))]),
    ]

    static func mentionsWipes(_ buffer: UnsafeRawBufferPointer) -> Bool {
        wipeWords.contains { anchor, needles in ByteScanner.occurs(needles, anchor: anchor, in: buffer) }
    }

    /// Words of a file that opens a Core Data stack (`CoreDataStackReader`).
    static let coreDataWords: [ByteScanner.Needle] = [
        ByteScanner.Needle("NSPersistentContainer", anchor: UInt8(ascii: "C")),
        ByteScanner.Needle("NSPersistentCloudKitContainer", anchor: UInt8(ascii: "C")),
        ByteScanner.Needle("NSPersistentStoreCoordinator", anchor: UInt8(ascii: "C")),
    ]

    public static func parse(
        path: String, source: String, conditions: CompilationConditions = .unknown, collectingCalls: Bool = false
    ) -> ParsedFile {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        var parsed = ParsedFile(path: path)
        var reader = DeclarationReader(converter: converter, path: path)
        reader.conditions = conditions
        reader.read(tree, into: &parsed)
        (
            parsed.referencedNames, parsed.publicTypes, parsed.assignedNames, parsed.namesOutsidePreviews,
            parsed.propertyReads
        ) = ReferenceCollector.collect(tree)
        let values = NamedValueCollector(reader: reader)
        values.walk(tree)
        parsed.namedValues = values.values
        parsed.optionalUnwrappers = CoreDataStackReader.optionalUnwrappers(tree)
        parsed.neverReturning = NeverReturningFunctions.names(in: tree)
        var source = source
        let mentionsContainers =
            collectingCalls
            || source.withUTF8 {
                ByteScanner.occurs(containerWords, anchor: UInt8(ascii: "C"), in: UnsafeRawBufferPointer($0))
            }
        if source.withUTF8({
            ByteScanner.occurs(
                [ByteScanner.Needle("schemalint:", anchor: UInt8(ascii: ":"))], anchor: UInt8(ascii: ":"),
                in: UnsafeRawBufferPointer($0))
        }) {
            parsed.suppressions = SuppressionReader.read(tree, converter: converter, path: path)
        }
        if mentionsContainers {
            let temporary = source.withUTF8 {
                ByteScanner.occurs(
                    [ByteScanner.Needle("emporaryDirectory", anchor: UInt8(ascii: "y"))], anchor: UInt8(ascii: "y"),
                    in: UnsafeRawBufferPointer($0))
            }
            let collector = ContainerCollector(
                reader: reader, imports: parsed.imports, mentionsTemporaryFolder: temporary)
            collector.collect(tree)
            parsed.containers = collector.containers
            parsed.debugOnlyContainers = collector.debugOnlyContainers
            parsed.configurations = collector.configurations
            parsed.callSites = collector.callSites
            parsed.callsCollected = true
            parsed.coreDataStacks = collector.coreDataStacks
            parsed.coreDataFolders = collector.coreDataFolders
            parsed.storeCopies = collector.storeCopies
            parsed.storeMoves = collector.storeMoves
            parsed.storeMigrators = collector.storeMigrators
            parsed.migrationFlags = collector.migrationFlags
            let deletions = StoreDeletionCollector(reader: reader, imports: parsed.imports)
            deletions.collect(tree)
            parsed.storeDeletions = deletions.found
            parsed.storeRepairPaths = deletions.repairPaths
            parsed.storeWipes = deletions.wipes
        } else if source.withUTF8({ Self.mentionsWipes(UnsafeRawBufferPointer($0)) }) {
            // A file that empties a store opened elsewhere (a logout, a reset): its wipes only.
            let deletions = StoreDeletionCollector(reader: reader, imports: parsed.imports)
            deletions.collect(tree)
            parsed.storeWipes = deletions.wipes
        }
        // What rewrites a store's version metadata (a repair service), for failure paths in this file and others:
        // walked only in a file that names the metadata, as few do.
        if source.withUTF8({
            ByteScanner.occurs(metadataWords, anchor: UInt8(ascii: "M"), in: UnsafeRawBufferPointer($0))
        }) {
            parsed.metadataRewriters = MetadataRewriteFinder.rewriters(in: tree).mapValues { reader.location($0) }
        }
        // An Xcode template (`<#name#>` placeholders) is never compiled: its "errors" are the blanks to fill in.
        if tree.hasError && !Self.hasEditorPlaceholders(tree) {
            let error = SyntaxErrorFinder.firstError(in: tree, converter: converter)
            parsed.syntaxError = SyntaxProblem(
                location: SourceLocation(file: path, line: error?.line ?? 1, column: error?.column ?? 1),
                message: error?.message ?? "the file did not parse", count: error?.count ?? 1)
        }
        return parsed
    }

    private static func hasEditorPlaceholders(_ tree: SourceFileSyntax) -> Bool {
        tree.tokens(viewMode: .sourceAccurate).contains { $0.text.hasPrefix("<#") && $0.text.hasSuffix("#>") }
    }
}
