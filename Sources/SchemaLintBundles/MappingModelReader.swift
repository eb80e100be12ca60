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
        public var sourceData: String?
        public var destinationData: String?
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
            self.entityMappings = entityMappings
            self.source = source
            self.destination = destination
            self.sourceData = sourceData
            self.destinationData = destinationData
            embeddedDigest = sourceData.flatMap { source in
                destinationData.map { destination in
                    // One buffer, filled once: the texts are megabytes, and each copy was pages to fault in.
                    var joined: [UInt8] = []
                    joined.reserveCapacity(source.utf8.count + 1 + destination.utf8.count)
                    joined += source.utf8
                    joined.append(0)
                    joined += destination.utf8
                    return ContentsDigest.of(joined)
                }
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
                    return modelPathNames.contains(named) || modelDataNames.contains(named)
                        || MappingExpressions.names.contains(named)
                })
        else { return nil }
        var paths: [String: String] = [:]
        collectModelPaths(root, into: &paths, depth: 0)
        guard let source = paths["sourcemodelpath"], let destination = paths["destinationmodelpath"] else { return nil }
        let mappings = MappingExpressions.entityMappings(in: root)
        return ModelPaths(
            source: source, destination: destination, sourceData: paths["sourcemodeldata"],
            destinationData: paths["destinationmodeldata"], entityMappings: mappings.isEmpty ? nil : mappings)
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
    private static func collectModelPaths(_ element: XMLElement, into paths: inout [String: String], depth: Int) {
        guard depth < 16 else { return }
        if element.name == "attribute", let name = element["name"]?.lowercased(), modelDataNames.contains(name) {
            paths[name] = element.text
        } else if element.name == "attribute", let name = element["name"]?.lowercased(), modelPathNames.contains(name) {
            let text = element.text.trimmingCharacters(in: .whitespacesAndNewlines)
            let file = text.split(separator: "/").last.map(String.init) ?? text
            paths[name] = file.hasSuffix(".xcdatamodel") ? String(file.dropLast(".xcdatamodel".count)) : file
        }
        for child in element.children { collectModelPaths(child, into: &paths, depth: depth + 1) }
    }
}
