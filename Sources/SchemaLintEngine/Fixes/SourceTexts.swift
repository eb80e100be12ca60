import Foundation
import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules

/// The texts edits are planned against: the newest edited text, else the bytes discovery kept, else the file read
/// again (discovery does not keep files that hold no schema vocabulary).
enum SourceTexts {
    static func read(
        _ paths: some Sequence<String>, files: [SourceDiscovery.SourceFile], edited: [String: String] = [:],
        workingDirectory: String
    ) -> [String: String] {
        var sources: [String: String] = [:]
        for path in Set(paths) {
            if let text = edited[path] {
                sources[path] = text
            } else if let file = files.first(where: { $0.path == path }), !file.bytes.isEmpty {
                sources[path] = String(decoding: file.bytes, as: UTF8.self)
            } else if case let .success(text) = RegularFile.text(Paths.absolute(path, in: workingDirectory)) {
                sources[path] = text
            }
        }
        return sources
    }
}
