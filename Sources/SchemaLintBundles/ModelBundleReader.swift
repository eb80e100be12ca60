import Foundation
import SchemaLintModel

/// Reads a model bundle folder from disk: every `.xcdatamodel` version of an `.xcdatamodeld` and its
/// `.xccurrentversion`, or a standalone `.xcdatamodel`. Never throws: what cannot be read is said in the result (a
/// version's `problem`, `CurrentVersion.unreadable`).
public enum ModelBundleReader {
    /// One version folder to read: where it is on disk and as output shows it, and its name.
    public struct VersionFolder: Sendable {
        public var path: String
        public var display: String
        public var name: String
    }

    /// `path`: the folder on disk; `display`: the same path as output shows it.
    public static func read(path: String, display: String) -> ModelBundle {
        let folders = versionFolders(path: path, display: display)
        let memo = EntityMemo()
        return assemble(path: path, display: display, versions: folders.map { readVersion($0, memo: memo) })
    }

    /// The versions of a bundle, in no particular order: read them (on any thread) with `readVersion`, then
    /// `assemble`.
    public static func versionFolders(path: String, display: String) -> [VersionFolder] {
        let fileName = (display as NSString).lastPathComponent
        if fileName.hasSuffix(".xcdatamodel") {
            return [VersionFolder(path: path, display: display, name: (fileName as NSString).deletingPathExtension)]
        }
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
        return entries.filter { $0.hasSuffix(".xcdatamodel") }.map { entry in
            VersionFolder(
                path: path + "/" + entry, display: display + "/" + entry,
                name: (entry as NSString).deletingPathExtension)
        }
    }

    public static func assemble(path: String, display: String, versions: [ModelBundleVersion]) -> ModelBundle {
        assemble(
            path: path, display: display, versions: versions,
            current: currentVersion(path: path + "/.xccurrentversion", display: display + "/.xccurrentversion"))
    }

    /// `current`: the bundle's `.xccurrentversion` as `currentVersion(path:display:)` read it.
    public static func assemble(
        path: String, display: String, versions: [ModelBundleVersion], current: CurrentVersion
    ) -> ModelBundle {
        let fileName = (display as NSString).lastPathComponent
        let name = (fileName as NSString).deletingPathExtension
        if fileName.hasSuffix(".xcdatamodel"), let version = versions.first {
            return ModelBundle(
                name: name, path: display, versions: [version],
                current: .named(version.name, version.location))
        }
        return ModelBundle(
            name: name, path: display,
            versions: VersionNameOrder.sorted(versions, by: \.name), current: current)
    }

    /// A version folder's `contents` bytes and their `ContentsDigest`: what decides whether the XML is read at all.
    public struct VersionContents: Sendable {
        public var folder: VersionFolder
        /// Nil when the file cannot be read, or when it was read for its digest alone (`digest` is set then):
        /// `readVersion` reads it again.
        public var bytes: [UInt8]?
        public var digest: String?
        /// The line of the `<model>` tag (`modelLine(in:)`).
        public var modelLine = 1
        /// Why `contents` was not read, when it is there but not a regular file of a sane size.
        public var failure: RegularFile.Failure?
        /// The bytes are Xcode 3's binary `elements` file, read because the folder has no `contents`
        /// (`LegacyElementsReader`); `digest` is then `LegacyElementsReader.digest(of:)`.
        public var isElements = false
        /// `contents` (or `elements`) as output shows it.
        public var file: String { folder.display + (isElements ? "/elements" : "/contents") }
    }

    /// `memo`: entities read in other versions (see `EntityMemo`).
    public static func readVersion(_ folder: VersionFolder, memo: EntityMemo? = nil) -> ModelBundleVersion {
        readVersion(contents(of: folder), memo: memo)
    }

    public static func contents(of folder: VersionFolder) -> VersionContents {
        var buffer: [UInt8] = []
        return contents(of: folder, keepingBytes: true, buffer: &buffer)
    }

    /// The `contents` file read into `buffer` (reused from file to file: a hundred fresh arrays cost more in page
    /// faults than the reading), its digest and `<model>` line worked out, and its bytes kept only when asked.
    public static func contents(of folder: VersionFolder, keepingBytes: Bool, buffer: inout [UInt8])
        -> VersionContents
    {
        let count: Int
        switch fill(&buffer, from: folder.path + "/contents") {
        case let .success(filled): count = filled
        case .failure(.missing):
            // Saved before Xcode 4: a binary `elements` file (with `layout`), which momc still compiles. Always kept
            // whole: it is small, and read each time (its digest only tells an edit of a version that cannot be read).
            guard case let .success(elements) = RegularFile.bytes(folder.path + "/elements") else {
                var unread = VersionContents(folder: folder, bytes: nil, digest: nil)
                unread.failure = .missing
                return unread
            }
            var legacy = VersionContents(
                folder: folder, bytes: elements, digest: LegacyElementsReader.digest(of: elements))
            legacy.isElements = true
            return legacy
        case let .failure(failure):
            var unread = VersionContents(folder: folder, bytes: nil, digest: nil)
            unread.failure = failure
            return unread
        }
        return buffer.withUnsafeBufferPointer { whole in
            let read = UnsafeBufferPointer(rebasing: whole[0..<count])
            return VersionContents(
                folder: folder, bytes: keepingBytes ? Array(read) : nil, digest: ContentsDigest.of(read),
                modelLine: modelLine(in: read))
        }
    }

    public static func readVersion(_ contents: VersionContents, memo: EntityMemo? = nil) -> ModelBundleVersion {
        var contents = contents
        if contents.bytes == nil, contents.digest != nil {
            // Read for its digest alone: read again now that it is needed.
            contents = Self.contents(of: contents.folder)
        }
        if contents.isElements, let bytes = contents.bytes {
            return LegacyElementsReader.read(bytes, name: contents.folder.name, file: contents.file)
        }
        guard let bytes = contents.bytes else {
            // Models saved before Xcode 4 are a binary `elements` archive (with `layout`), which momc still compiles.
            let legacy =
                contents.failure.map { $0 == .missing } ?? true
                && FileManager.default.fileExists(atPath: contents.folder.path + "/elements")
            let file = legacy ? contents.folder.display + "/elements" : contents.file
            var version = ModelBundleVersion(
                name: contents.folder.name, location: SourceLocation(file: file, line: 1, column: 1),
                identifier: nil, schema: ManagedModel(entities: []), details: ModelDetails(), uncertainties: [],
                problem: legacy
                    ? "is an Xcode 3 model (a binary `elements` file, no `contents`) that schemalint cannot read: "
                        + "the file cannot be opened"
                    : contents.failure.map { "has a contents file schemalint does not read: \($0)" }
                        ?? "has no readable contents file")
            version.isUnsupportedFormat = legacy
            version.isSkippedFile = !legacy && contents.failure.map { $0 != .missing } ?? false
            return version
        }
        var version = ModelContentsReader.read(bytes, name: contents.folder.name, file: contents.file, memo: memo)
        version.contentsDigest = contents.digest
        return version
    }

    /// The line of the `<model` tag, where findings about a version as a whole point: 1 when there is none.
    public static func modelLine(in bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { modelLine(in: $0) }
    }

    static func modelLine(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let tag = Array("<model".utf8)
        var line = 1
        var index = 0
        while index + tag.count <= bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
            } else if bytes[index] == tag[0], bytes[index..<(index + tag.count)].elementsEqual(tag) {
                // `<model>`, `<model ...`, not `<modelling`.
                let next = index + tag.count < bytes.count ? bytes[index + tag.count] : UInt8(ascii: ">")
                if [0x20, 0x09, 0x0A, 0x0D, 0x3E, 0x2F].contains(next) { return line }
            }
            index += 1
        }
        return 1
    }

    /// A regular file of a sane size (`RegularFile`) read into the front of `buffer`, grown as needed; how many
    /// bytes it holds, or why it was not read.
    static func fill(_ buffer: inout [UInt8], from path: String) -> Result<Int, RegularFile.Failure> {
        RegularFile.read(path, into: &buffer).map(\.count)
    }

    /// A regular file's bytes, read straight into an array (no `Data` to copy from); nil when it cannot be read.
    public static func bytes(of path: String) -> [UInt8]? {
        try? RegularFile.bytes(path).get()
    }

    /// `.xccurrentversion` is a property list whose `_XCCurrentVersionName` names the version's folder.
    public static func currentVersion(path: String, display: String) -> CurrentVersion {
        let location = SourceLocation(file: display, line: 1, column: 1)
        let bytes: [UInt8]
        switch RegularFile.bytes(path) {
        case let .success(read): bytes = read
        case .failure(.missing): return .missing
        case let .failure(failure): return .unreadable("cannot be read: \(failure)", location)
        }
        let root: XMLElement
        do {
            root = try XMLReader.read(bytes)
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
        // No name at all (an empty dictionary): momc takes a one-version bundle's only version.
        return .unnamed(location)
    }
}
