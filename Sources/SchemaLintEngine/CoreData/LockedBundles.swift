import SchemaLintModel

extension Lockfile {
    /// The entry a key names: a SwiftData version's key, or a Core Data version's `Model.xcdatamodeld/Model 2`.
    public func entry(_ key: String) -> LockedVersion? {
        if let entry = versions[key] { return entry }
        guard let (bundle, version) = Self.split(modelKey: key) else { return nil }
        return coreData?[bundle]?.versions[version]
    }

    /// `Model.xcdatamodeld/Model 2` → (`Model.xcdatamodeld`, `Model 2`); nil for other keys.
    static func split(modelKey key: String) -> (bundle: String, version: String)? {
        guard let slash = key.firstIndex(of: "/") else { return nil }
        let bundle = String(key[..<slash])
        guard bundle.hasSuffix(".xcdatamodeld") || bundle.hasSuffix(".xcdatamodel") else { return nil }
        return (bundle, String(key[key.index(after: slash)...]))
    }

    /// Records a Core Data version's entry.
    mutating func setEntry(_ entry: LockedVersion?, bundle: ModelBundle, version name: String) {
        var locked = coreData?[bundle.key] ?? LockedBundle(path: bundle.path, current: nil, versions: [:])
        locked.versions[name] = entry
        locked.path = bundle.path
        coreData = (coreData ?? [:]).merging([bundle.key: locked]) { _, new in new }
    }
}

extension LockedVersion {
    /// A Core Data model version's entry: its name as the type, Xcode's version identifier, and the hashes.
    init(modelVersion version: ModelBundleVersion, analysis: VersionAnalysis) {
        self.init(analysis: analysis, type: version.name, versionIdentifier: version.identifier)
    }
}
