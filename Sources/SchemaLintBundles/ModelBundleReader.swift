import Foundation
import SchemaLintModel

/// Reads a model bundle folder from disk: every `.xcdatamodel` version of an `.xcdatamodeld` and its
/// `.xccurrentversion`, or a standalone `.xcdatamodel`. Never throws: what cannot be read is said in the result (a
/// version's `problem`, `CurrentVersion.unreadable`).
public enum ModelBundleReader {
    /// `path`: the folder on disk; `display`: the same path as output shows it.
    public static func read(path: String, display: String) -> ModelBundle {
        let fileName = (display as NSString).lastPathComponent
        let name = (fileName as NSString).deletingPathExtension
        if fileName.hasSuffix(".xcdatamodel") {
            let version = readVersion(folder: path, display: display, name: name)
            var bundle = ModelBundle(
                name: name, path: display, isVersioned: false, versions: [version],
                current: .named(name, version.location))
            bundle.isCompiled = nil
            return bundle
        }
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
        var versions: [ModelBundleVersion] = []
        for entry in entries where entry.hasSuffix(".xcdatamodel") {
            let versionName = (entry as NSString).deletingPathExtension
            versions.append(readVersion(folder: path + "/" + entry, display: display + "/" + entry, name: versionName))
        }
        versions.sort { VersionNameOrder.precedes($0.name, $1.name) }
        return ModelBundle(
            name: name, path: display, isVersioned: true, versions: versions,
            current: currentVersion(path: path + "/.xccurrentversion", display: display + "/.xccurrentversion"))
    }

    static func readVersion(folder: String, display: String, name: String) -> ModelBundleVersion {
        let file = display + "/contents"
        guard let data = FileManager.default.contents(atPath: folder + "/contents") else {
            return ModelBundleVersion(
                name: name, location: SourceLocation(file: file, line: 1, column: 1), identifier: nil,
                schema: StoreSchema(entities: []), details: ModelDetails(), uncertainties: [],
                problem: "has no readable contents file")
        }
        return ModelContentsReader.read([UInt8](data), name: name, file: file)
    }

    /// `.xccurrentversion` is a property list whose `_XCCurrentVersionName` names the version's folder.
    static func currentVersion(path: String, display: String) -> CurrentVersion {
        guard FileManager.default.fileExists(atPath: path) else { return .missing }
        let location = SourceLocation(file: display, line: 1, column: 1)
        guard let data = FileManager.default.contents(atPath: path) else {
            return .unreadable("cannot be read", location)
        }
        let root: XMLElement
        do {
            root = try XMLReader.read([UInt8](data))
        } catch {
            return .unreadable("is not a property list schemalint can read (\(error))", location)
        }
        guard let dictionary = root.child(named: "dict") else {
            return .unreadable("holds no dictionary", location)
        }
        let children = dictionary.children
        for (index, child) in children.enumerated()
        where child.name == "key" && child.text == "_XCCurrentVersionName" && index + 1 < children.count {
            let value = children[index + 1]
            let named = value.text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard value.name == "string", !named.isEmpty else {
                return .unreadable("names no version", SourceLocation(file: display, line: value.line, column: 1))
            }
            let version = named.hasSuffix(".xcdatamodel") ? String(named.dropLast(".xcdatamodel".count)) : named
            return .named(version, SourceLocation(file: display, line: value.line, column: 1))
        }
        return .unreadable("has no _XCCurrentVersionName", location)
    }
}
