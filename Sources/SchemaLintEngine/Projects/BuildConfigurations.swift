import Foundation

/// A project's build configurations with what their `.xcconfig` files set: a configuration based on a file
/// (`baseConfigurationReference`, or Xcode 16's `baseConfigurationReferenceAnchor` folder and relative path) has the
/// file's settings under its own, as Xcode resolves them (the project file's
/// value wins; `$(inherited)` in it takes the file's). Each file is read once per project. A file that cannot be read
/// leaves the configuration `fromFile`: what it may set stays unknown, and why is kept (`unreadFile`).
final class BuildConfigurations {
    private let objects: [String: [String: PropertyListValue]]
    /// A file reference's path on disk (the project's `PathResolver`).
    private let path: (String) -> String?
    private var files: [String: Result<[String: PropertyListValue], XcconfigFile.Failure>] = [:]

    init(objects: [String: [String: PropertyListValue]], path: @escaping (String) -> String?) {
        self.objects = objects
        self.path = path
    }

    /// The configurations of a configuration list, in its order.
    func configurations(_ listID: String?) -> [TargetEntitlements.Configuration] {
        guard let listID, let list = objects[listID] else { return [] }
        return (list["buildConfigurations"]?.strings ?? []).compactMap { id in
            guard let object = objects[id], let name = object["name"]?.string else { return nil }
            let own = object["buildSettings"]?.dictionary ?? [:]
            // Xcode 16 names the file by a synchronized folder and a path inside it.
            let anchor = object["baseConfigurationReferenceAnchor"]?.string
            guard let reference = object["baseConfigurationReference"]?.string ?? anchor else {
                return TargetEntitlements.Configuration(name: name, settings: own, fromFile: false)
            }
            let located =
                object["baseConfigurationReference"] != nil
                ? path(reference)
                : path(reference).flatMap { folder in
                    object["baseConfigurationReferenceRelativePath"]?.string.map { folder + "/" + $0 }
                }
            guard let file = located.map(settings(at:)), case let .success(fileSettings) = file else {
                var unread = TargetEntitlements.Configuration(name: name, settings: own, fromFile: true)
                if case let .failure(failure)? = located.map(settings(at:)) { unread.unreadFile = failure }
                return unread
            }
            return TargetEntitlements.Configuration(
                name: name, settings: Self.merged(own, over: fileSettings), fromFile: false)
        }
    }

    /// The `Release` configuration of a configuration list, nil when it has none.
    func release(_ listID: String?) -> TargetEntitlements.Configuration? {
        configurations(listID).first { $0.name == "Release" }
    }

    private func settings(at path: String) -> Result<[String: PropertyListValue], XcconfigFile.Failure> {
        if let known = files[path] { return known }
        // Named with another case than the folder has (the Mac finds it): read where it is.
        let read = XcconfigFile.settings(at: CaseInsensitivePath.resolve(path) ?? path)
        files[path] = read
        return read
    }

    /// The project file's settings over the file's: its own value wins, with `$(inherited)` in a string taking the
    /// file's value of the same name.
    static func merged(
        _ own: [String: PropertyListValue], over file: [String: PropertyListValue]
    ) -> [String: PropertyListValue] {
        var result = file
        for (name, value) in own {
            guard case let .string(text) = value, case let .string(below)? = file[name] else {
                result[name] = value
                continue
            }
            var combined = text
            for inherited in ["$(inherited)", "${inherited}"] {
                combined = combined.replacingOccurrences(of: inherited, with: below)
            }
            result[name] = .string(combined)
        }
        return result
    }
}
