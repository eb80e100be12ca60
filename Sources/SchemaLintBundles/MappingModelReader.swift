import Foundation
import SchemaLintModel

/// Reads which versions an `.xcmappingmodel` maps. Xcode keeps the source and destination model paths in its
/// `xcmapping.xml`; a file schemalint cannot read that way is matched by a name that ends in two version numbers
/// (`ModelV26toV27`), and otherwise left as "cannot tell".
public enum MappingModelReader {
    public static func read(path: String, display: String, versionNames: [String]) -> MappingModelFile {
        let name = ((display as NSString).lastPathComponent as NSString).deletingPathExtension
        if let data = FileManager.default.contents(atPath: path + "/xcmapping.xml") {
            let text = String(decoding: data, as: UTF8.self)
            let (source, destination) = (modelPath(after: "sourcemodelpath", in: text),
                                         modelPath(after: "destinationmodelpath", in: text))
            if let source, let destination {
                return MappingModelFile(path: display, source: source, destination: destination)
            }
        }
        let numbers = trailingNumbers(name)
        guard numbers.count == 2 else { return MappingModelFile(path: display, source: nil, destination: nil) }
        func version(numbered number: UInt64) -> String? {
            let matching = versionNames.filter { trailingNumbers($0).last == number }
            return matching.count == 1 ? matching[0] : nil
        }
        return MappingModelFile(
            path: display, source: version(numbered: numbers[0]), destination: version(numbered: numbers[1]))
    }

    /// The `.xcdatamodel` name in the text following `key` (`…/Model 26.xcdatamodel` → `Model 26`).
    private static func modelPath(after key: String, in text: String) -> String? {
        guard let keyRange = text.range(of: key, options: .caseInsensitive),
            let end = text.range(of: ".xcdatamodel", range: keyRange.upperBound..<text.endIndex)
        else { return nil }
        let between = text[keyRange.upperBound..<end.lowerBound]
        guard between.count < 2_000 else { return nil }
        let start = between.lastIndex { $0 == "/" || $0 == ">" || $0 == "\"" }.map { between.index(after: $0) }
        return String(between[(start ?? between.startIndex)...])
    }

    /// Runs of digits in a name, as numbers: `WooCommerceModelV26toV27` → [26, 27].
    static func trailingNumbers(_ name: String) -> [UInt64] {
        var numbers: [UInt64] = []
        var digits = ""
        for character in name + " " {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else if !digits.isEmpty {
                numbers.append(UInt64(digits.prefix(18)) ?? 0)
                digits = ""
            }
        }
        return numbers
    }
}
