import Foundation

/// A path as a Mac finds it: APFS and HFS+ volumes are case-insensitive by default, so a project that names
/// `App/app.entitlements` builds on the developer's Mac when the folder is `app/`. On Linux CI the same lookup fails;
/// where the exact path does not exist, each missing component is matched without regard to case, when exactly one
/// entry of its folder matches.
enum CaseInsensitivePath {
    static func resolve(_ path: String, fileManager: FileManager = .default) -> String? {
        if fileManager.fileExists(atPath: path) { return path }
        let absolute = path.hasPrefix("/")
        var resolved = absolute ? "" : "."
        for component in path.split(separator: "/", omittingEmptySubsequences: true).map(String.init) {
            let exact = resolved + "/" + component
            if component == "." || component == ".." || fileManager.fileExists(atPath: exact) {
                resolved = exact
                continue
            }
            let folder = resolved.isEmpty ? "/" : resolved
            guard let entries = try? fileManager.contentsOfDirectory(atPath: folder) else { return nil }
            let matches = entries.filter { $0.lowercased() == component.lowercased() }
            guard matches.count == 1 else { return nil }
            resolved += "/" + matches[0]
        }
        return absolute ? resolved : String(resolved.dropFirst(2))
    }
}
