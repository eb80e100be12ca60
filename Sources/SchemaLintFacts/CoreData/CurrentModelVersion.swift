import SchemaLintModel

/// What is wrong with a bundle's `.xccurrentversion`, if anything: `momc` compiles the version it names as the model
/// every store is opened (and migrated) with.
package enum CurrentModelVersion {
    /// Nil when it names a version the bundle has.
    package static func problem(of bundle: ModelBundle) -> String? {
        switch bundle.current {
        case .missing:
            return bundle.versions.count > 1
                ? "the bundle has \(bundle.versions.count) versions and no .xccurrentversion naming the current one"
                : nil
        case .unnamed:
            return bundle.versions.count > 1 ? ".xccurrentversion has no _XCCurrentVersionName" : nil
        case let .unreadable(reason, _):
            return ".xccurrentversion \(reason)"
        case let .named(name, _):
            return bundle.version(named: name) == nil
                ? ".xccurrentversion names \(name), which the bundle does not have" : nil
        }
    }

    /// Where a finding about it points: the `.xccurrentversion` line, or the bundle's first version.
    package static func location(of bundle: ModelBundle) -> SourceLocation {
        switch bundle.current {
        case let .named(_, location), let .unreadable(_, location), let .unnamed(location): return location
        case .missing:
            return bundle.versions.first?.location ?? SourceLocation(file: bundle.path, line: 1, column: 1)
        }
    }
}
