import Foundation
import SchemaLintEngine

/// `SCHEMALINT_SCHEMA_SAMPLES=DIR swift test` leaves in DIR a copy of every configuration the tests use, sorted by
/// whether schemalint accepts it, and of every lockfile schemalint writes in them. `scripts/validate-schemas.sh`
/// then holds `schemas/` to what schemalint does: each accepted configuration and each lockfile is valid against its
/// schema, each rejected configuration is not. Without the variable nothing is recorded.
enum SchemaSamples {
    static let folder = ProcessInfo.processInfo.environment["SCHEMALINT_SCHEMA_SAMPLES"].map {
        URL(fileURLWithPath: $0)
    }

    /// A configuration's text, filed by what schemalint's loader says of it.
    static func configuration(_ text: String) {
        guard folder != nil else { return }
        let accepted = (try? ConfigurationLoader.parse(text, path: ".schemalint.yml")) != nil
        save(Data(text.utf8), in: "configurations/\(accepted ? "accepted" : "rejected")", suffix: ".yml")
    }

    /// The configurations and lockfiles under `directory` (after a run of the binary, or a test's own write).
    static func files(under directory: URL) {
        guard folder != nil, let walk = FileManager.default.enumerator(atPath: directory.path) else { return }
        for case let relative as String in walk {
            let url = directory.appendingPathComponent(relative)
            if url.lastPathComponent == ConfigurationLoader.defaultFileName,
                let data = FileManager.default.contents(atPath: url.path)
            {
                configuration(String(decoding: data, as: UTF8.self))
            } else if url.pathExtension == "lock", let data = FileManager.default.contents(atPath: url.path),
                (try? JSONSerialization.jsonObject(with: data)) != nil
            {
                save(data, in: "lockfiles", suffix: ".json")
            }
        }
    }

    /// Named by content, so a sample the tests use many times is kept once.
    private static func save(_ data: Data, in subfolder: String, suffix: String) {
        guard let folder else { return }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
        for byte in data { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let target = folder.appendingPathComponent(subfolder)
        try? FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try? data.write(to: target.appendingPathComponent(String(hash, radix: 16) + suffix))
    }
}
