import Foundation
import SchemaLintFacts
import SchemaLintRules

/// Where paths resolve: command-line paths against the working directory, paths written in a configuration
/// (`included`, `excluded`, `stores`, `lockfile`) against the configuration file's folder. One place for both.
extension Paths {
    /// `path` made absolute against `directory` and normalised (`.` and `..` removed).
    public static func absolute(_ path: String, in directory: String) -> String {
        SourceDiscovery.normalise(path.hasPrefix("/") ? path : directory + "/" + path)
    }
}

extension Configuration {
    /// The folder the configuration's own paths are relative to: its file's folder, else the app's root.
    public func baseFolder(workingDirectory: String, root: String) -> String {
        path.map { (Paths.absolute($0, in: workingDirectory) as NSString).deletingLastPathComponent } ?? root
    }

    /// A path written in the configuration, absolute.
    public func resolve(_ written: String, workingDirectory: String, root: String) -> String {
        Paths.absolute(written, in: baseFolder(workingDirectory: workingDirectory, root: root))
    }
}
