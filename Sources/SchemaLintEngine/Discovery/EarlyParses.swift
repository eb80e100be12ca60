import Dispatch
import Foundation
import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules
import SchemaLintSyntax

/// Files parsed in the background as soon as discovery is done, before the stage that needs them asks: in an app
/// whose files hold none of SwiftData's words but that has a model bundle, pass 1 (`ParseStage`) parses exactly the
/// Core Data stack files outside tests, with no `#if` conditions (no project decides them, see `ProjectMembership`'s
/// `decidesOnlySome`). They are known the moment the walk is done, and parsing them took a tenth of a `check` on a
/// large Core Data app after every other stage, on one core; now it runs while the project files and the model
/// bundles are read. `ParseStage` takes a file from here only when it would parse it the same way (same path and
/// bytes, conditions unknown, pass 1); anything else is parsed there as before.
final class EarlyParses: @unchecked Sendable {
    private let done = DispatchGroup()
    private let files: [SourceDiscovery.SourceFile]
    private var results: [ParsedFile] = []

    /// The files that pass 1 parses in an app with model bundles whose files hold none of SwiftData's words, or nil
    /// when that is not the case.
    static func start(_ files: [SourceDiscovery.SourceFile], hasModelBundles: Bool, threads: Int?) -> EarlyParses? {
        guard hasModelBundles, !files.contains(where: \.mayHoldSchema) else { return nil }
        let stacks = files.filter { $0.mayOpenStack && !ContainerPurpose.isTestPath($0.path) }
        return stacks.isEmpty ? nil : EarlyParses(stacks, threads: threads)
    }

    private init(_ files: [SourceDiscovery.SourceFile], threads: Int?) {
        self.files = files
        DispatchQueue.global().async(group: done) { [self] in
            // Conditions unknown and pass 1: what `ParseStage` does when no project decides a file's conditions.
            results = ParallelParser.parse(files, threads: threads)
            StageTrace.mark("early parses done")
        }
    }

    /// Each of `wanted` parsed early, by its place in `wanted`; waits for the parsing to end.
    func parsed(_ wanted: [SourceDiscovery.SourceFile]) -> [Int: ParsedFile] {
        done.wait()
        var byPath: [String: Int] = [:]
        for (index, file) in files.enumerated() { byPath[file.path] = index }
        var found: [Int: ParsedFile] = [:]
        for (place, file) in wanted.enumerated() {
            guard let index = byPath[file.path], files[index].bytes == file.bytes else { continue }
            found[place] = results[index]
        }
        return found
    }
}
