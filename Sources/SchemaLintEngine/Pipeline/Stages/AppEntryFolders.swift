import Foundation
import SchemaLintFacts
import SchemaLintModel

/// Apps told apart by their entry points where no project file says which target compiles a file: two `@main` types
/// (`A/AApp.swift`, `B/BApp.swift`) cannot be in one target, so each is an app of its own, with its own sandbox, and
/// the files under its folder are its (SwiftUIStudy's three sample apps side by side). A file under no entry point's
/// folder, or under several at one depth, is left to no app in particular.
struct AppEntryFolders {
    /// Each entry point's folder (its file's, relative as discovery displays paths) with its type's name.
    private let entries: [(folder: String, name: String)]

    init(_ project: Project) {
        let found = project.symbols.symbols.filter { symbol in
            symbol.parent == nil && symbol.attributes.contains("main")
                && !project.testFiles.contains(symbol.location.file)
        }
        entries = found.map { ((($0.location.file as NSString).deletingLastPathComponent), $0.name) }
    }

    /// The app whose entry point's folder holds `file` most closely, as a target, when the sources have two entry
    /// points or more in different folders; none otherwise.
    func target(of file: String) -> [StoreTopology.ProjectTarget] {
        guard Set(entries.map(\.folder)).count > 1 else { return [] }
        let folder = (file as NSString).deletingLastPathComponent
        let holding = entries.filter { entry in
            entry.folder.isEmpty || folder == entry.folder || folder.hasPrefix(entry.folder + "/")
        }
        guard let deepest = holding.map(\.folder.count).max() else { return [] }
        let closest = holding.filter { $0.folder.count == deepest }
        guard closest.count == 1 else { return [] }
        return [StoreTopology.ProjectTarget(name: closest[0].name, kind: .app)]
    }
}
