import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules
import SchemaLintSyntax

/// Stage 1 of `Analyzer.analyze(files:)`: which of the files found ship. Files the repository's projects compile in
/// no target never reach a device and are left out (verbose output lists them); the rest are marked as a test
/// target's or not.
struct CompiledFilesStage {
    var membership: ProjectMembership?
    var threads: Int?

    struct Output {
        var files: [SourceDiscovery.SourceFile]
        /// Whether a project compiles the file only in test targets, for files a project decides.
        var testTargetFiles: [String: Bool]
        /// Files no target compiles, by project.
        var notCompiled: [String: [String]]
    }

    func run(_ found: [SourceDiscovery.SourceFile]) -> Output {
        var output = Output(files: found, testTargetFiles: [:], notCompiled: [:])
        // A membership built for the model bundles and the Core Data stack files alone (no file holds SwiftData's
        // words) is asked about those files only: a stack in a file no target compiles opens nothing (SoundFonts'
        // framework kept one in its folder for years). Every file is asked about, on every core.
        guard let membership else { return output }
        let decisions = Workers.map(found.count, threads: threads, state: {}) { index, _ in
            membership.decides(found[index].path) ? membership.decision(for: found[index].path) : .unknown
        }
        output.files = zip(found, decisions).filter { file, decision in
            switch decision {
            case let .notCompiled(project):
                output.notCompiled[project, default: []].append(file.path)
                return false
            case let .compiled(testOnly):
                output.testTargetFiles[file.path] = testOnly
                return true
            case .unknown:
                return true
            case .manifest:
                return false
            }
        }.map(\.0)
        return output
    }
}
