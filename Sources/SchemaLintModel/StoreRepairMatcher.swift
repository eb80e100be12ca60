/// Joins the failure paths of stores' opens (`ParsedFile.storeRepairPaths`) with the functions that rewrite a store's
/// version metadata (`ParsedFile.metadataRewriters`) in any file: the repair service is often a type of its own.
enum StoreRepairMatcher {
    /// Base name → the rewrite, over the app's files (tests excluded); the first file in path order wins a name.
    static func rewriters(_ files: [ParsedFile]) -> [String: SourceLocation] {
        var result: [String: SourceLocation] = [:]
        for file in files.sorted(by: { $0.path < $1.path })
        where !(file.isTestTarget ?? ContainerPurpose.isTestPath(file.path)) {
            for (name, location) in file.metadataRewriters where result[name] == nil { result[name] = location }
        }
        return result
    }

    /// The repairs `file`'s failure paths reach.
    static func repairs(_ file: ParsedFile, rewriters: [String: SourceLocation]) -> [StoreRepair] {
        file.storeRepairPaths.compactMap { path in
            if let rewrite = path.rewrite {
                return StoreRepair(containers: path.containers, reachedFrom: rewrite, helper: nil, rewrite: rewrite)
            }
            let reached = path.calls.filter { rewriters[$0.key] != nil }.min { $0.value < $1.value }
            guard let (name, call) = reached, let rewrite = rewriters[name] else { return nil }
            return StoreRepair(containers: path.containers, reachedFrom: call, helper: name, rewrite: rewrite)
        }
    }
}
