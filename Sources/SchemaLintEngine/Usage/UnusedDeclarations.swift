import Foundation
import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules
import SchemaLintSyntax

/// Declarations that nothing uses, so the rules about them leave them alone:
/// - plans no container is given and no code names outside their own declaration and extensions (a container left in a
///   comment, a template plan never wired up): they migrate no store, and `unused_plan` says so once;
/// - models no version stores that no code names (a class written and never used, a deprecated model left in a
///   file): nothing inserts or fetches them, so a version or a container leaving them out cannot fail.
///
/// Only in an app that opens a store (some app container): a library or a code fragment shows no container, and its
/// types are used elsewhere; and only for plans other modules cannot use (not `public`, or `public` in a file only
/// app targets compile), since another module's container may be given them (a model another module inserts must be
/// in the models of this repository's container all the same). Files pass 1 skipped are searched for each
/// candidate's name as a whole identifier (comments included): a mention there keeps it checked, since a missed use
/// must never silence real findings.
enum UnusedDeclarations {
    static func unreferenced(
        _ project: Project, files: [SourceDiscovery.SourceFile], skipped: [Int], threads: Int?
    ) -> Set<SymbolID> {
        // Without a container in these sources (a library's plan, opened by the app's module) nothing is called
        // unused; a container only a debug build opens still shows the app's containers are here.
        guard project.containers.contains(where: { $0.purpose == .app }) || !project.debugOnlyContainers.isEmpty
        else { return [] }
        let usedByContainers = Set(project.containers.compactMap(\.plan))
        let candidates = project.plans.filter {
            !usedByContainers.contains($0.id) && !project.publicTypes.contains(project.symbols[$0.id].name)
        }.map(\.id)
        return unnamed(candidates, project: project, files: files, skipped: skipped, threads: threads)
    }

    static func unusedModels(
        _ project: Project, files: [SourceDiscovery.SourceFile], skipped: [Int], threads: Int?
    ) -> Set<SymbolID> {
        guard project.containers.contains(where: { $0.purpose == .app }) else { return [] }
        // Only models no version stores can matter, and there are usually none: the skipped files are read again
        // only for those. A container listing a model uses it.
        let stored = Set(project.versions.flatMap(\.allEntities))
            .union(project.containers.flatMap { ($0.models ?? []).compactMap(\.entity) })
        let candidates = project.entities.values.filter { !stored.contains($0.id) }.map(\.id).sorted()
        return unnamed(candidates, project: project, files: files, skipped: skipped, threads: threads)
    }

    /// The candidates whose name no parsed code uses and no skipped file mentions.
    private static func unnamed(
        _ candidates: [SymbolID], project: Project, files: [SourceDiscovery.SourceFile], skipped: [Int], threads: Int?
    ) -> Set<SymbolID> {
        var names: [SymbolID: String] = [:]
        for id in candidates {
            let name = project.symbols[id].name
            if !project.referencedNames.contains(name) { names[id] = name }
        }
        guard !names.isEmpty else { return [] }
        let mentioned = mentions(of: Set(names.values), in: files, skipped: skipped, threads: threads)
        return Set(names.filter { !mentioned.contains($0.value) }.keys)
    }

    private static func mentions(
        of names: Set<String>, in files: [SourceDiscovery.SourceFile], skipped: [Int], threads: Int?
    ) -> Set<String> {
        let newBuffer: @Sendable () -> [UInt8] = { [UInt8](repeating: 0, count: 1 << 16) }
        let mentions = Workers.map(skipped.count, threads: threads, state: newBuffer) { slot, buffer -> Set<String> in
            let file = files[skipped[slot]]
            let found: (UnsafeBufferPointer<UInt8>) -> Set<String> = { content in
                Set(names.filter { DeclarationScanner.mentionsIdentifier(content, in: [$0]) })
            }
            guard file.isDeferred, let path = file.absolutePath else {
                return file.bytes.withUnsafeBufferPointer(found)
            }
            guard case let .success((count, _)) = SourceDiscovery.read(path, into: &buffer) else { return [] }
            return buffer.withUnsafeBufferPointer { found(UnsafeBufferPointer(rebasing: $0[0..<count])) }
        }
        return mentions.reduce(into: Set<String>()) { $0.formUnion($1) }
    }
}
