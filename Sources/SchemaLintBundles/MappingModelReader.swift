import Foundation
import SchemaLintModel
import SchemaLintStore

/// Reads which versions an `.xcmappingmodel` maps. Xcode keeps the source and destination model paths in its
/// `xcmapping.xml`; a file schemalint cannot read that way is matched by a name that ends in two version numbers
/// (`ModelV26toV27`), and otherwise left as "cannot tell".
public enum MappingModelReader {
    /// The source and destination version names `xcmapping.xml` gives, and the models it embeds (base64 text of
    /// Xcode's archives, `sourcemodeldata` and `destinationmodeldata`), when it has them.
    public struct ModelPaths: Sendable {
        public var source: String
        public var destination: String
        /// The embedded models' base64 text, made from the file's bytes when asked for: most runs take what decoding
        /// them gave from the lockfile (`embeddedDigest`), and the megabytes of text are then never copied.
        public var sourceData: String? { sourceText?.string(in: document) }
        public var destinationData: String? { destinationText?.string(in: document) }
        private let sourceText: EmbeddedText?
        private let destinationText: EmbeddedText?
        /// `xcmapping.xml`'s bytes when a text is a span of them (shared, not copied).
        private let document: [UInt8]
        /// `ContentsDigest` of both embedded models' text, so a lockfile can vouch for what decoding them gave
        /// (decoding a large app's embedded models cost a fifth of a `check` that found nothing); nil when the file
        /// does not embed both. Worked out once, where the file is read (off the main path).
        public let embeddedDigest: String?
        /// What its entity mappings set (`MappingExpressions`); nil when the file holds none.
        public var entityMappings: [MappingModelFile.EntityMapping]?

        public init(
            source: String, destination: String, sourceData: String?, destinationData: String?,
            entityMappings: [MappingModelFile.EntityMapping]? = nil
        ) {
            self.init(
                source: source, destination: destination, sourceText: sourceData.map(EmbeddedText.text),
                destinationText: destinationData.map(EmbeddedText.text), document: [], entityMappings: entityMappings)
        }

        init(
            source: String, destination: String, sourceText: EmbeddedText?, destinationText: EmbeddedText?,
            document: [UInt8], entityMappings: [MappingModelFile.EntityMapping]?
        ) {
            self.entityMappings = entityMappings
            self.source = source
            self.destination = destination
            self.sourceText = sourceText
            self.destinationText = destinationText
            self.document = document
            embeddedDigest = sourceText.flatMap { source in
                destinationText.map { destination in
                    // The digest of the two texts joined by a zero byte, taken over them where they lie: the texts
                    // are megabytes, and each copy was pages to fault in.
                    source.withUTF8(in: document) { source in
                        destination.withUTF8(in: document) { destination in
                            [UInt8(0)].withUnsafeBytes { zero in
                                ContentsDigest.of(pieces: [source, zero, destination])
                            }
                        }
                    }
                }
            }
        }
    }

    /// An embedded model's text: read out, or a plain run of the file's bytes (`XMLElement.textSpan`).
    enum EmbeddedText: Sendable {
        case text(String)
        case span(Range<Int>)

        func string(in document: [UInt8]) -> String {
            switch self {
            case let .text(text): return text
            case let .span(range): return String(decoding: document[range], as: UTF8.self)
            }
        }

        /// The text's UTF-8, as `string(in:)` gives it: a span's bytes as they are when they are ASCII (base64 is),
        /// else the string made of them (invalid UTF-8 repaired, as reading it as text does).
        func withUTF8<Result>(in document: [UInt8], _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
            if case let .span(range) = self, Self.isASCII(document, range) {
                return document.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[range])) }
            }
            var text = string(in: document)
            return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        }

        private static func isASCII(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
            bytes.withUnsafeBytes { raw in
                var high: UInt64 = 0
                var position = range.lowerBound
                while position + 8 <= range.upperBound {
                    high |= raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)
                    position += 8
                }
                while position < range.upperBound {
                    high |= UInt64(raw[position])
                    position += 1
                }
                return high & 0x8080_8080_8080_8080 == 0
            }
        }
    }

    public static func read(path: String, display: String, versionNames: [String]) -> MappingModelFile {
        read(display: display, modelPaths: modelPaths(path: path), versionNames: versionNames)
    }

    /// The `<attribute>` names that hold a mapping model's source and destination versions.
    private static let modelPathNames: Set<String> = ["sourcemodelpath", "destinationmodelpath"]
    /// The `<attribute>` names that hold the models it embeds.
    private static let modelDataNames: Set<String> = ["sourcemodeldata", "destinationmodeldata"]

    /// The versions `xcmapping.xml` names, when it can be read and names both (on any thread).
    public static func modelPaths(path: String) -> ModelPaths? {
        guard let bytes = ModelBundleReader.bytes(of: path + "/xcmapping.xml"),
            let root = try? XMLReader.read(
                bytes,
                keepingTextWhere: { name, attributes in
                    guard name == "attribute", let named = attributes["name"]?.lowercased() else { return false }
                    return modelPathNames.contains(named) || MappingExpressions.names.contains(named)
                },
                spanningTextWhere: { name, attributes in
                    guard name == "attribute", let named = attributes["name"]?.lowercased() else { return false }
                    return modelDataNames.contains(named)
                })
        else { return nil }
        var paths: [String: String] = [:]
        var data: [String: EmbeddedText] = [:]
        collectModelPaths(root, into: &paths, data: &data, depth: 0)
        guard let source = paths["sourcemodelpath"], let destination = paths["destinationmodelpath"] else { return nil }
        let mappings = MappingExpressions.entityMappings(in: root)
        let (sourceText, destinationText) = (data["sourcemodeldata"], data["destinationmodeldata"])
        let spanned = [sourceText, destinationText].contains { if case .span? = $0 { true } else { false } }
        return ModelPaths(
            source: source, destination: destination, sourceText: sourceText, destinationText: destinationText,
            document: spanned ? bytes : [], entityMappings: mappings.isEmpty ? nil : mappings)
    }

    /// `modelPaths`: what `modelPaths(path:)` read; else the name decides.
    public static func read(display: String, modelPaths: ModelPaths?, versionNames: [String]) -> MappingModelFile {
        let name = ((display as NSString).lastPathComponent as NSString).deletingPathExtension
        if let modelPaths {
            var file = MappingModelFile(path: display, source: modelPaths.source, destination: modelPaths.destination)
            file.embeddedDigest = modelPaths.embeddedDigest
            file.entityMappings = modelPaths.entityMappings
            return file
        }
        let numbers = VersionNameOrder.numbers(in: name)
        guard numbers.count == 2 else { return MappingModelFile(path: display, source: nil, destination: nil) }
        func version(numbered number: UInt64) -> String? {
            let matching = versionNames.filter { VersionNameOrder.numbers(in: $0).last == number }
            return matching.count == 1 ? matching[0] : nil
        }
        return MappingModelFile(
            path: display, source: version(numbered: numbers[0]), destination: version(numbered: numbers[1]))
    }

    /// `<attribute name="sourcemodelpath">Model/App.xcdatamodeld/Model 9.xcdatamodel</attribute>` (and the
    /// destination's) as version names: `Model 9`.
    private static func collectModelPaths(
        _ element: XMLElement, into paths: inout [String: String], data: inout [String: EmbeddedText], depth: Int
    ) {
        guard depth < 16 else { return }
        if element.name == "attribute", let name = element["name"]?.lowercased(), modelDataNames.contains(name) {
            data[name] = element.textSpan.map(EmbeddedText.span) ?? .text(element.text)
        } else if element.name == "attribute", let name = element["name"]?.lowercased(), modelPathNames.contains(name) {
            let text = element.text.trimmingCharacters(in: .whitespacesAndNewlines)
            let file = text.split(separator: "/").last.map(String.init) ?? text
            paths[name] = file.hasSuffix(".xcdatamodel") ? String(file.dropLast(".xcdatamodel".count)) : file
        }
        for child in element.children { collectModelPaths(child, into: &paths, data: &data, depth: depth + 1) }
    }
}
