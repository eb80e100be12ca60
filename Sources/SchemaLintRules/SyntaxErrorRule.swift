import SchemaLintFacts
import SchemaLintModel

/// A file that did not parse is analysed as far as it parsed; its schema may be incomplete.
public struct SyntaxErrorRule: Rule {
    public let id = RuleID.syntaxError
    public let defaultSeverity = Severity.warning
    public let summary =
        "A Swift file has syntax errors (analysed as far as it parsed), or a Core Data model file cannot be read."

    public func check(_ context: RuleContext) -> [Finding] {
        // A bundle no target compiles never ships (OpenEmu's orphan `OpenEmuDatabaseTest.xcdatamodeld`): a model file
        // of it that cannot be read breaks no build and no store.
        let models = context.project.modelBundles.filter { $0.isCompiled != false }.flatMap { bundle in
            bundle.versions.compactMap { version in
                version.problem.map { problem in
                    let message: Finding.Message
                    if version.isUnsupportedFormat {
                        message = .modelFormatUnsupported(version.name, bundle: bundle.key, problem)
                    } else if version.isSkippedFile {
                        let file = version.location.file
                        message = .modelFileSkipped(version.name, bundle: bundle.key, problem, file: file)
                    } else {
                        message = .modelFileUnreadable(version.name, bundle: bundle.key, problem)
                    }
                    return finding(version.location, about: .file(version.location.file), message)
                }
            }
        }
        return models + context.project.syntaxProblems.map { problem in
            let more = problem.count > 1 ? " (and \(problem.count - 1) more)" : ""
            return finding(
                problem.location, about: .file(problem.location.file),
                .syntaxError(problem.message, more: more))
        }
    }
}

extension RuleID {
    public static let syntaxError: RuleID = "syntax_error"
}

extension Finding.Message {
    static func syntaxError(_ message: String, more: String) -> Self {
        Self(
            id: "syntax",
            "syntax error: \(message)\(more); versions in this file may be incomplete",
            detail: "schemalint read this file as far as it parsed",
            fix: "Fix the error for a full check")
    }
}

extension Finding.Message {
    /// `problem` is a verb phrase (`is not well-formed XML (…)`) or a clause (`entity Item is declared twice`).
    private static func said(_ version: String, _ problem: String) -> String {
        ["is ", "has ", "cannot ", "names "].contains(where: problem.hasPrefix)
            ? "\(version) \(problem)" : "\(version): \(problem)"
    }

    static func modelFileUnreadable(_ version: String, bundle: String, _ problem: String) -> Self {
        Self(
            id: "model-file",
            "\(version) of \(bundle) cannot be read: schemalint neither locks nor checks its hashes",
            detail: said(version, problem) + ". schemalint skipped it; Xcode's momc refuses it too",
            fix: "Open it in Xcode to repair it")
    }

    /// Not a model file at all (a pipe, a device, a huge file): nothing was read, so nothing of Xcode is claimed.
    static func modelFileSkipped(_ version: String, bundle: String, _ problem: String, file: String) -> Self {
        Self(
            id: "model-file-skipped",
            "\(version) of \(bundle) has a contents file schemalint does not read: its hashes go unchecked",
            detail: said(version, problem) + ". schemalint skipped it",
            fix: "Put the model file back as a regular file (`git checkout -- '\(file)'`)")
    }

    /// Not damage: Xcode compiles the format, so the message asks for no repair and claims nothing of Xcode.
    static func modelFormatUnsupported(_ version: String, bundle: String, _ problem: String) -> Self {
        Self(
            id: "model-format",
            "\(version) of \(bundle) is an Xcode 3 model schemalint cannot read: its hashes go unchecked",
            detail: said(version, problem) + ": its hashes are neither locked nor checked, the other versions' are; "
                + "`lock` records its bytes, so an edit to it is still caught, but not what the edit changes",
            fix: "Nothing needs repair; review edits to this version by hand, as schemalint cannot compare them")
    }
}
