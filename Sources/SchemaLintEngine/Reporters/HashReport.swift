import SchemaLintModel

/// `schemalint hash` output: each version's identifier, store checksum, entity hashes and fingerprint.
public enum HashReport {
    public static func text(_ analysis: Analysis) -> String {
        var output = ""
        for version in analysis.versions {
            let source = analysis.project.version(key: version.key)
            output += "\(version.key) (\(source?.identifier?.description ?? "no versionIdentifier"))\n"
            output += "  checksum     \(version.hashes.checksum)\(version.isCertain ? "" : "  (uncertain)")\n"
            output += "  fingerprint  \(version.fingerprint)\n"
            for name in version.hashes.entityHashes.keys.sorted() {
                output += "  entity       \(name) \(Hex.encode(version.hashes.entityHashes[name]!))\n"
            }
            for reason in version.uncertainties { output += "  uncertain:   \(reason)\n" }
            // What settles them is a store: the instrument names the storage that reproduces it (docs/hashing.md).
            if !version.uncertainties.isEmpty {
                output += "  settle:      `schemalint verify-store <a store this version wrote>` names the storage "
                    + "SwiftData chose\n"
            }
        }
        return output
    }

    public static func json(_ analysis: Analysis) -> String {
        JSONValue.object([
            "versions": .array(
                analysis.versions.map { version in
                    let source = analysis.project.version(key: version.key)
                    return .object([
                        ("key", .string(version.key)),
                        ("type", source.map { .string($0.name) }),
                        ("versionIdentifier", source?.identifier.map { .string($0.description) }),
                        ("checksum", .string(version.hashes.checksum)),
                        ("digest", .string(version.hashes.digest)),
                        ("certain", .bool(version.isCertain)),
                        ("uncertainties", .strings(version.uncertainties)),
                        ("entityHashes", .object(version.hashes.entityHashes.mapValues { .string(Hex.encode($0)) })),
                        ("fingerprint", .string(version.fingerprint)),
                        ("models", .strings(version.models)),
                    ])
                })
        ]).rendered()
    }
}
