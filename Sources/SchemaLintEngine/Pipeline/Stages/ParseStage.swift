import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules
import SchemaLintSyntax

/// Stage 2: the files that can matter, parsed, and the semantic model built from them. Pass 1 parses the files that
/// hold SwiftData's words (and, where the app has model bundles, Core Data stacks outside tests); pass 2, repeated
/// while it finds more, parses the skipped files that declare names the model uses but pass 1 did not see (a
/// Codable struct used as an attribute, the `enum DataV1 {}` namespace models extend, typealiases into versions).
/// Declarations are looked for, not any mention of the name, and each round looks only for names the last one's
/// files brought in.
struct ParseStage {
    /// The most Swift files an app may have for pass 2 to read its skipped files again from disk only to find the
    /// callers of a Core Data stack (`MissingNames.callers`).
    static let callerSearchLimit = 1500
    /// The most Swift files an app may have for the parameter labels a Core Data stack is given by to be looked for
    /// in its skipped files, read again from disk (`PassTwo.mentioned`): a plain byte search, cheaper than finding
    /// callers, so the limit is higher. iAPS's 1,878 files (its vendored LoopKit's stacks built only by LoopKit's
    /// tests and example app) are searched; woocommerce's 4,043 are not, its stack's note stays "cannot be told".
    static let labelSearchLimit = 2500

    var threads: Int?
    var membership: ProjectMembership?
    /// Whether the app has Core Data model bundles: only then do files naming a stack's types matter.
    var hasModelBundles: Bool
    /// The lockfile records SwiftData states still held (`passOne`).
    var hasShippedSwiftData = false
    /// Pass 1's files parsed beforehand (see `EarlyParses`).
    var early: EarlyParses?

    struct Output {
        var parsed: [ParsedFile]
        var project: Project
        /// By file index: whether it was parsed.
        var relevant: [Bool]
        /// The value types of the last project names were collected from, while no file read since changed it.
        var valueTypes: [SymbolID: ValueTypeCollection]?
    }

    /// Parses again, walking their calls, the files parsed for their schema words alone (a file of store paths
    /// whose comment says `@Model`) that name a function whose parameters decide a value and no call read passes:
    /// the calls may be there. True when a file was.
    private func walkCalls(
        in parsed: inout [ParsedFile], of functions: Set<String>, _ files: [SourceDiscovery.SourceFile],
        conditions: @escaping @Sendable (String) -> CompilationConditions,
        markTests: ([ParsedFile]) -> [ParsedFile]
    ) -> Bool {
        guard !functions.isEmpty else { return false }
        let unwalked = parsed.indices.filter {
            !parsed[$0].callsCollected && !parsed[$0].referencedNames.isDisjoint(with: functions)
        }
        guard !unwalked.isEmpty else { return false }
        let sources = Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let again = unwalked.compactMap { sources[parsed[$0].path]?.loaded() }
        let walked = markTests(
            ParallelParser.parse(again, threads: threads, conditions: conditions, collectingCalls: true))
        let byPath = Dictionary(walked.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for index in unwalked {
            if let file = byPath[parsed[index].path] { parsed[index] = file }
            // Marked walked either way (a file that could not be read again too): a file is walked once.
            parsed[index].callsCollected = true
        }
        return !byPath.isEmpty
    }

    func run(_ files: [SourceDiscovery.SourceFile], testTargetFiles: [String: Bool]) -> Output {
        let membership = membership
        let markTests: ([ParsedFile]) -> [ParsedFile] = { parsed in
            testTargetFiles.isEmpty && membership == nil ? parsed : parsed.map { file in
                var marked = file
                if !testTargetFiles.isEmpty { marked.isTestTarget = testTargetFiles[file.path] }
                // The app and extension targets compiling it: a library's or package's files are every app's.
                marked.targets =
                    membership?.targets(for: file.path).filter { [.app, .appExtension].contains($0.kind) }
                    .map(\.name).sorted() ?? []
                marked.compiledOnlyByApps = membership?.onlyAppsCompile(file.path) ?? false
                return marked
            }
        }
        var relevant = passOne(files, testTargetFiles: testTargetFiles)
        // What each file's release builds set for its `#if` clauses (`#if USE_APP_GROUP`), from its targets.
        let deciding = membership.flatMap { $0.decidesOnlySome ? nil : $0 }
        let conditions: @Sendable (String) -> CompilationConditions = { path in
            deciding?.conditions(for: path) ?? .unknown
        }
        let selected = files.indices.filter { relevant[$0] }.map { files[$0] }
        // Parsed beforehand the same way: with no project deciding conditions (`deciding` nil), pass 1.
        let ready = deciding == nil ? early?.parsed(selected) ?? [:] : [:]
        let rest = selected.indices.filter { ready[$0] == nil }
        var restParsed = ParallelParser.parse(rest.map { selected[$0] }, threads: threads, conditions: conditions)
            .makeIterator()
        var parsed = markTests(selected.indices.map { ready[$0] ?? restParsed.next()! })
        var project = ProjectBuilder.build(files: parsed)
        var searched = MissingNames()
        var passTwo = PassTwo()
        var valueTypes: [SymbolID: ValueTypeCollection]?
        for _ in 0..<3 {
            var wanted = MissingNames.collect(project)
            let toWalk = wanted.callers.union(project.callersToWalk)
            if walkCalls(in: &parsed, of: toWalk, files, conditions: conditions, markTests: markTests) {
                project = ProjectBuilder.build(files: parsed)
                wanted = MissingNames.collect(project)
            }
            valueTypes = wanted.valueTypes
            wanted.subtract(searched)
            wanted.stackCallers = stackCallers(project, testTargetFiles: testTargetFiles)
                .filter { !searched.stackCallers.keys.contains($0.key) }
            // Callers tell a stack's file, no schema: read again from disk only in an app small enough that
            // reading every skipped file again costs little (woocommerce's 4,000 files took a run from 1.2x a grep
            // to 2.8x for one store name, which stays "cannot be told").
            if files.count > Self.callerSearchLimit, files.contains(where: \.isDeferred) {
                wanted.callers = []
                wanted.stackCallers = [:]
            }
            guard !wanted.isEmpty else { break }
            searched.formUnion(wanted)
            searched.stackCallers.merge(wanted.stackCallers) { $0.union($1) }
            let skipped = files.indices.filter { !relevant[$0] }
            // The functions each skipped file may call for a Core Data stack: those of stacks in its targets, and
            // in a framework's file (a framework's code runs in the apps that embed it: `Storage` making the stacks
            // `Common` declares), every one. Another app target that does not compile the stack (a framework's
            // example app) builds no user's store of it.
            var stackCallersIn: [Int: Set<String>] = [:]
            // No project saying which targets compile the stack (no targets): any file outside tests may build it.
            if !wanted.stackCallers.isEmpty {
                for index in skipped where testTargetFiles[files[index].path] != true {
                    let path = files[index].path
                    if ContainerPurpose.isTestPath(path), testTargetFiles[path] == nil { continue }
                    let targets = Set(membership?.targetNames(for: path) ?? [])
                    let framework = membership?.frameworkCompiles(path) ?? false
                    let called = wanted.stackCallers.filter {
                        $0.value.isEmpty || framework || !$0.value.isDisjoint(with: targets)
                    }.keys
                    if !called.isEmpty { stackCallersIn[index] = Set(called) }
                }
            }
            let extra = passTwo.select(
                files, among: skipped, wanted: wanted, stackCallers: stackCallersIn, threads: threads)
            guard !extra.isEmpty else { break }
            for index in extra { relevant[index] = true }
            parsed += markTests(
                ParallelParser.parse(
                    extra.compactMap { files[$0].loaded() }, threads: threads, conditions: conditions,
                    collectingCalls: true))
            project = ProjectBuilder.build(files: parsed)
            valueTypes = nil
        }
        // Labels a Core Data stack's file is given by that no call read passes: when no file but those reading the
        // parameter writes one either, the code opening that stack runs nowhere (an initialiser nothing calls).
        // Looked for as mentions, comments and strings included, never read as calls, and in an app small enough to
        // read its skipped files again, as callers are.
        let searchable = files.count <= Self.labelSearchLimit || !files.contains(where: \.isDeferred)
        var nowhere: Set<String> = []
        if !project.unpassedLabels.isEmpty, searchable {
            let mentions = passTwo.mentioned(
                Set(project.unpassedLabels.keys), in: files, among: Array(files.indices), threads: threads)
            // A label written only in tests, or only in files no target compiling the stack compiles (a framework's
            // example app), builds no user's stack.
            let isTest = { (path: String) in testTargetFiles[path] ?? ContainerPurpose.isTestPath(path) }
            nowhere = Set(
                project.unpassedLabels.filter { label, reading in
                    let targets = Set(reading.flatMap { membership?.targetNames(for: $0) ?? [] })
                    return !mentions.contains { index, labels in
                        let path = files[index].path
                        guard labels.contains(label), !reading.contains(path), !isTest(path) else { return false }
                        guard let membership, !targets.isEmpty else { return true }
                        return !targets.isDisjoint(with: membership.targetNames(for: path))
                    }
                }.keys)
        }
        // A `lazy var` making a Core Data stack, or a property holding a store description, that no parsed file
        // reads: one no skipped file mentions either is never made or never given (comments and strings count).
        var unread: Set<String> = []
        if !project.stackPropertiesUnread.isEmpty, searchable {
            let skipped = files.indices.filter { !relevant[$0] }
            let mentioned = passTwo.mentioned(
                project.stackPropertiesUnread, in: files, among: skipped, threads: threads
            ).values.reduce(into: Set<String>()) { $0.formUnion($1) }
            unread = project.stackPropertiesUnread.subtracting(mentioned)
        }
        if !nowhere.isEmpty || !unread.isEmpty {
            project = ProjectBuilder.build(
                files: parsed, labelsWrittenNowhere: nowhere, stackPropertiesReadNowhere: unread)
            valueTypes = nil
        }
        unsettleReach(&project, files, relevant: relevant, passTwo: passTwo)
        return Output(parsed: parsed, project: project, relevant: relevant, valueTypes: valueTypes)
    }

    /// The targets opening a container are those compiling the files its calls enter from
    /// (`ContainerModel.reachedFrom`), as far as the parsed files show: where a file not parsed names a function on
    /// the way, it may call it too, so every target compiling the container's file is taken. In an app too large to
    /// read its skipped files again, always.
    private func unsettleReach(
        _ project: inout Project, _ files: [SourceDiscovery.SourceFile], relevant: [Bool], passTwo: PassTwo
    ) {
        let names = Set(project.containers.filter { $0.reachedFrom != nil }.flatMap(\.reachedThrough))
        guard !names.isEmpty else { return }
        let skipped = files.indices.filter { !relevant[$0] }
        var unsure = names
        if skipped.isEmpty {
            unsure = []
        } else if files.count <= Self.labelSearchLimit || !files.contains(where: \.isDeferred) {
            unsure = passTwo.mentioned(names, in: files, among: skipped, threads: threads).values
                .reduce(into: Set<String>()) { $0.formUnion($1) }
        }
        for index in project.containers.indices
        where project.containers[index].reachedThrough.contains(where: unsure.contains) {
            project.containers[index].reachedFrom = nil
        }
    }

    /// By file index, whether pass 1 parses it: the files holding SwiftData's words, and the Core Data stacks outside
    /// tests where they can matter.
    func passOne(_ files: [SourceDiscovery.SourceFile], testTargetFiles: [String: Bool]) -> [Bool] {
        var relevant = files.map(\.mayHoldSchema)
        // A stack in a test target opens no user's store. Without a model bundle, a SwiftData app's Core Data code
        // that copies a store is how it carries one to another file (`replacePersistentStore` from the old
        // default.store into an App Group): read too, so a carried store is not called left behind.
        // An app whose lockfile holds SwiftData states and whose code names SwiftData no more may open that store
        // with Core Data now (heritg's model built in code, on SwiftData's own `default.store`): its stacks are read.
        let swiftData = files.contains(where: \.mayHoldSchema)
        let replacedSwiftData = hasShippedSwiftData && !swiftData
        if hasModelBundles || swiftData || replacedSwiftData {
            for index in files.indices
            where files[index].mayOpenStack && (hasModelBundles || replacedSwiftData || files[index].mayCopyStore) {
                let path = files[index].path
                relevant[index] = !(testTargetFiles[path] ?? ContainerPurpose.isTestPath(path))
            }
        }
        return relevant
    }

    /// The functions a Core Data stack is given its file by with no call read (`Project.unseenStackCallers`), with
    /// the targets, tests left out, that compile the files reading their parameters; with no targets where no
    /// project says (any file outside tests is then read for their calls).
    private func stackCallers(_ project: Project, testTargetFiles: [String: Bool]) -> [String: Set<String>] {
        var found: [String: Set<String>] = [:]
        for (function, paths) in project.unseenStackCallers {
            let app = paths.filter { !(testTargetFiles[$0] ?? ContainerPurpose.isTestPath($0)) }
            guard !app.isEmpty else { continue }
            found[function] = app.reduce(into: Set<String>()) {
                $0.formUnion(membership?.targetNames(for: $1) ?? [])
            }
        }
        return found
    }
}
