import Foundation

/// Xcode project files read in the background from the moment discovery's walk has found them: a large
/// `project.pbxproj` takes longer than the rest of reading the app's model bundles, and it can start while discovery
/// still reads the Swift files. `ProjectMembership` takes each one from here instead of reading it again.
public final class ProjectFileReading: @unchecked Sendable {
    private var results: [String: Result<XcodeProject, XcodeProject.Failure>] = [:]
    private let lock = NSLock()
    private let done = DispatchGroup()

    /// `projectFiles`: discovery's project files by folder (`SourceDiscovery.Result.projectFiles`); each `.xcodeproj`
    /// among them is read.
    public init(projectFiles: [String: [String]]) {
        for (folder, names) in projectFiles.sorted(by: { $0.key < $1.key }) {
            for name in names where name.hasSuffix(".xcodeproj") {
                let path = folder + "/" + name + "/project.pbxproj"
                DispatchQueue.global().async(group: done) { [self] in
                    let result: Result<XcodeProject, XcodeProject.Failure>
                    do {
                        result = .success(try XcodeProject.read(path))
                    } catch let failure as XcodeProject.Failure {
                        result = .failure(failure)
                    } catch {
                        result = .failure(XcodeProject.Failure(description: "cannot be read"))
                    }
                    lock.lock()
                    results[path] = result
                    lock.unlock()
                }
            }
        }
    }

    /// The project at `pbxproj` once read; nil when this reading does not cover it.
    func project(at pbxproj: String) -> Result<XcodeProject, XcodeProject.Failure>? {
        done.wait()
        lock.lock()
        defer { lock.unlock() }
        return results[pbxproj]
    }
}
