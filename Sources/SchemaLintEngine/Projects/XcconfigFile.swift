import Foundation
import SchemaLintModel

/// The build settings an `.xcconfig` file assigns, as Xcode reads it: `NAME = value` and its conditional forms
/// (`NAME[sdk=iphoneos*] = value`), `//` starting a comment anywhere on a line (Xcode's rule, which is why URLs in
/// xcconfig files are written `https:/$()/`), `#include "other.xcconfig"` (relative to the including file) and
/// `#include? "optional.xcconfig"`. A later assignment replaces an earlier one; `$(inherited)` in it takes the
/// earlier value of the same name from the files read so far, and stays for the level below when there is none.
enum XcconfigFile {
    struct Failure: Error, Equatable {
        var path: String
        var reason: String
    }

    /// The settings of the file at `path`, its includes read in place.
    static func settings(at path: String) -> Result<[String: PropertyListValue], Failure> {
        var settings: [String: String] = [:]
        var reading = Reading()
        if let failure = reading.read(path, into: &settings, depth: 0) { return .failure(failure) }
        return .success(settings.mapValues { .string($0) })
    }

    private struct Reading {
        /// Files on the include path now: a file including itself is named, never followed forever.
        var open: Set<String> = []

        mutating func read(_ path: String, into settings: inout [String: String], depth: Int) -> Failure? {
            guard depth < 16, !open.contains(path) else {
                return Failure(path: path, reason: "includes itself")
            }
            let text: String
            switch RegularFile.text(path) {
            case let .success(read): text = read
            case let .failure(failure): return Failure(path: path, reason: "cannot be read (\(failure))")
            }
            open.insert(path)
            defer { open.remove(path) }
            let folder = (path as NSString).deletingLastPathComponent
            for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
                var line = Substring(rawLine)
                if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty { continue }
                if trimmed.hasPrefix("#include") {
                    let optional = trimmed.hasPrefix("#include?")
                    guard let included = Self.quoted(trimmed) else { continue }
                    let written = included.hasPrefix("/") ? included : folder + "/" + included
                    let target = CaseInsensitivePath.resolve(written) ?? written
                    if optional, !FileManager.default.fileExists(atPath: target) { continue }
                    if let failure = read(target, into: &settings, depth: depth + 1) {
                        // Said of the file the configuration names: the include is what it cannot take in.
                        guard failure.path == target else { return failure }
                        return Failure(path: path, reason: "includes \(included), which \(failure.reason)")
                    }
                    continue
                }
                // `NAME[sdk=iphoneos*] = value`: the `=` that assigns comes after the condition's brackets.
                let conditionEnd = trimmed.firstIndex(of: "]") ?? trimmed.startIndex
                guard let equals = trimmed[conditionEnd...].firstIndex(of: "=") else { continue }
                let name = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty else { continue }
                var value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                if let earlier = settings[name] {
                    for inherited in ["$(inherited)", "${inherited}"] {
                        value = value.replacingOccurrences(of: inherited, with: earlier)
                    }
                }
                settings[name] = value
            }
            return nil
        }

        /// `"file"` or `<file>` after `#include`.
        private static func quoted(_ line: String) -> String? {
            guard let open = line.firstIndex(where: { $0 == "\"" || $0 == "<" }) else { return nil }
            let close: Character = line[open] == "\"" ? "\"" : ">"
            let rest = line[line.index(after: open)...]
            guard let end = rest.firstIndex(of: close) else { return nil }
            let name = String(rest[..<end])
            return name.isEmpty ? nil : name
        }
    }
}
