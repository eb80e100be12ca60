import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules

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
        for version in analysis.unreadVersions {
            let why = version.modelsUnread.map { "\($0.reason) (\($0.location))" } ?? ""
            output += "\(version.key) (\(version.identifier?.description ?? "no versionIdentifier"))\n"
            output += "  unreadable:  its `models` list cannot be read: \(why); no checksum\n"
        }
        for bundle in analysis.project.modelBundles {
            let current = bundle.currentVersion?.name
            for version in bundle.versions {
                let key = bundle.key(of: version)
                let marks = [version.name == current ? "current" : nil, version.identifier.map { "identifier \($0)" }]
                    .compactMap { $0 }
                output += "\(key)\(marks.isEmpty ? "" : " (\(marks.joined(separator: ", ")))")\n"
                guard let hashed = analysis.modelVersions.first(where: { $0.key == key }) else {
                    output += "  unreadable:  \(version.location.file) \(version.problem ?? "")\n"
                    continue
                }
                output += "  checksum     \(hashed.hashes.checksum)\(hashed.isCertain ? "" : "  (uncertain)")\n"
                for name in hashed.hashes.entityHashes.keys.sorted() {
                    output += "  entity       \(name) \(Hex.encode(hashed.hashes.entityHashes[name]!))\n"
                }
                for reason in hashed.uncertainties { output += "  uncertain:   \(reason)\n" }
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
                }),
            "unreadVersions": .array(
                analysis.unreadVersions.map { version in
                    .object([
                        ("key", .string(version.key)),
                        ("type", .string(version.name)),
                        ("versionIdentifier", version.identifier.map { .string($0.description) }),
                        (
                            "problem",
                            version.modelsUnread.map { .string("its `models` list cannot be read: \($0.reason)") }
                        ),
                        ("location", version.modelsUnread.map { .string("\($0.location)") }),
                    ])
                }),
            "coreData": .array(
                analysis.project.modelBundles.flatMap { bundle in
                    bundle.versions.map { version -> JSONValue in
                        let hashed = analysis.modelVersions.first { $0.key == bundle.key(of: version) }
                        return .object([
                            ("key", .string(bundle.key(of: version))),
                            ("bundle", .string(bundle.path)),
                            ("version", .string(version.name)),
                            ("current", .bool(bundle.currentVersion?.name == version.name)),
                            ("identifier", version.identifier.map { .string($0) }),
                            ("problem", version.problem.map { .string($0) }),
                            ("checksum", hashed.map { .string($0.hashes.checksum) }),
                            ("digest", hashed.map { .string($0.hashes.digest) }),
                            ("uncertainties", .strings(hashed?.uncertainties ?? [])),
                            (
                                "entityHashes",
                                hashed.map { .object($0.hashes.entityHashes.mapValues { .string(Hex.encode($0)) }) }
                            ),
                        ])
                    }
                }),
        ]).rendered()
    }
}
