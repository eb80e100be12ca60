import Foundation
import SchemaLintModel
import SchemaLintSyntax

/// Plans that nothing uses: no container is given them and no code names them outside their own declaration and
/// extensions (a container left in a comment, a template plan never wired up). They migrate no store, so the rules
/// about plans leave them alone and `unused_plan` says so once.
///
/// Only in an app that opens a store (some app container) and only for plans other modules cannot use (not `public`):
/// a library or a code fragment shows no container, and its plan is used elsewhere. Files pass 1 skipped are searched
/// for the plan's name as a whole identifier (comments included): a mention there keeps the plan checked, since a
/// missed use must never silence real findings.
enum PlanReferences {
    static func unreferenced(
        _ project: Project, files: [SourceDiscovery.SourceFile], skipped: [Int], threads: Int?
    ) -> Set<SymbolID> {
        guard project.containers.contains(where: { $0.purpose == .app }) else { return [] }
        let usedByContainers = Set(project.containers.compactMap(\.plan))
        var candidates: [SymbolID: String] = [:]
        for plan in project.plans where !usedByContainers.contains(plan.id) {
            let name = project.symbols[plan.id].name
            if !project.referencedNames.contains(name), !project.publicTypes.contains(name) {
                candidates[plan.id] = name
            }
        }
        guard !candidates.isEmpty else { return [] }
        let names = Set(candidates.values)
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
        let mentioned = mentions.reduce(into: Set<String>()) { $0.formUnion($1) }
        return Set(candidates.filter { !mentioned.contains($0.value) }.keys)
    }
}
