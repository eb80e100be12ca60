import Foundation
import SchemaLintFacts
import SchemaLintRules

/// Xcode project files read in the background from the moment discovery's walk has found them: a large
/// `project.pbxproj` takes longer than the rest of reading the app's model bundles, and it can start while discovery
/// still reads the Swift files. `ProjectMembership` takes each one from here instead of reading it again.
public final class ProjectFileReading: @unchecked Sendable {
    private var results: [String: Result<XcodeProject, XcodeProject.Failure>] = [:]
    /// Project files left unread, with the file names their bytes were found not to list.
    private var notListing: [String: Set<String>] = [:]
    private let lock = NSLock()
    private let done = DispatchGroup()

    /// `projectFiles`: discovery's project files by folder (`SourceDiscovery.Result.projectFiles`); each `.xcodeproj`
    /// among them is read.
    /// `for`: when given, the files (absolute) whose membership is wanted first, such as the model bundles: only
    /// projects in a folder above one of them, or whose bytes may list one (`ProjectFileMentions`), are read here.
    public init(projectFiles: [String: [String]], for files: [String]? = nil) {
        let names = files.map { Set($0.map { ($0 as NSString).lastPathComponent }) }
        // Every folder walked is listed, most with no project: only those with one are sorted.
        let holding = projectFiles.filter { $0.value.contains { $0.hasSuffix(".xcodeproj") } }
        for (folder, projectNames) in holding.sorted(by: { $0.key < $1.key }) {
            let above = files?.contains { $0.hasPrefix(folder + "/") } ?? true
            for name in projectNames where name.hasSuffix(".xcodeproj") {
                let path = folder + "/" + name + "/project.pbxproj"
                DispatchQueue.global().async(group: done) { [self] in
                    let onlyListing = above ? nil : names
                    let result = XcodeProject.read(path, onlyListing: onlyListing)
                    lock.lock()
                    if let result { results[path] = result } else { notListing[path] = onlyListing }
                    lock.unlock()
                }
            }
        }
    }

    /// Whether the project at `pbxproj` was left unread because its bytes cannot list any of `names`.
    func leftUnread(_ pbxproj: String, notListing names: Set<String>) -> Bool {
        done.wait()
        lock.lock()
        defer { lock.unlock() }
        return notListing[pbxproj] == names
    }

    /// The project at `pbxproj` once read; nil when this reading does not cover it (or left it for not listing the
    /// files it was given).
    func project(at pbxproj: String) -> Result<XcodeProject, XcodeProject.Failure>? {
        done.wait()
        lock.lock()
        defer { lock.unlock() }
        return results[pbxproj]
    }
}
