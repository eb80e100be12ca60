/// Binds parsed declarations into the semantic `Project`: finds SwiftData versions, plans and models, and
/// resolves every type name, model reference, stage and inverse key path from where it is written.
public enum ProjectBuilder {
    /// `labelsWrittenNowhere`: labels of `Project.unpassedLabels` that no file pass 1 and 2 skipped mentions.
    /// `stackPropertiesReadNowhere`: of `Project.stackPropertiesUnread`, those no file mentions.
    public static func build(
        files: [ParsedFile], labelsWrittenNowhere: Set<String> = [], stackPropertiesReadNowhere: Set<String> = []
    ) -> Project {
        let sorted = files.sorted { $0.path < $1.path }
        let symbols = SymbolTable(files: sorted)
        let context = Context(symbols: symbols, files: sorted)
        var project = Project(symbols: symbols, entities: [:], versions: [], plans: [], syntaxProblems: [])
        project.labelsWrittenNowhere = labelsWrittenNowhere
        project.stackPropertiesReadNowhere = stackPropertiesReadNowhere
        project.syntaxProblems = sorted.compactMap(\.syntaxError)
        for file in sorted where !file.suppressions.isEmpty { project.suppressions[file.path] = file.suppressions }
        for file in sorted where !file.imports.isEmpty { project.fileImports[file.path] = file.imports }
        project.testFiles = Set(
            sorted.filter { file in
                file.imports.contains("XCTest") || file.imports.contains("Testing")
                    || (file.isTestTarget ?? ContainerPurpose.isTestPath(file.path))
            }.map(\.path))
        project.referencedNames = sorted.reduce(into: Set<String>()) { $0.formUnion($1.referencedNames) }
        project.propertyReads = sorted.reduce(into: PropertyReads()) { $0.formUnion($1.propertyReads) }
        project.namesOutsidePreviews = sorted.reduce(into: Set<String>()) { $0.formUnion($1.namesOutsidePreviews) }
        project.declaredPublicTypes = sorted.reduce(into: Set<String>()) { $0.formUnion($1.publicTypes) }
        project.publicTypes = sorted.filter { !$0.compiledOnlyByApps }
            .reduce(into: Set<String>()) { $0.formUnion($1.publicTypes) }

        let versionIDs = symbols.symbols.filter { context.conforms($0, to: "VersionedSchema") }.map(\.id)
        let versionSet = Set(versionIDs)
        for symbol in symbols.symbols where context.isModel(symbol) {
            project.entities[symbol.id] = EntityBuilder(context: context).entity(for: symbol, versions: versionSet)
        }
        project.versions = versionIDs.map {
            VersionBuilder.version(symbols[$0], context: context, entities: project.entities, versions: versionSet)
        }
        for owner in project.versions.compactMap(\.modelsUnread?.wantedOwner) { project.unresolvedOwners.insert(owner) }
        assignKeys(&project.versions, symbols: symbols)
        for symbol in symbols.symbols where context.conforms(symbol, to: "SchemaMigrationPlan") {
            project.plans.append(PlanBuilder.plan(symbol, context: context))
        }
        PlanOrder.apply(to: &project)
        ContainerBuilder.bind(sorted, values: context.values, into: &project)
        ImplicitVersions.add(to: &project)
        return project
    }

    /// Shared facts about the sources that every builder needs.
    struct Context {
        let symbols: SymbolTable
        /// Files that declare their own `protocol VersionedSchema` etc. (another persistence framework).
        let foreignProtocolNames: Set<String>
        let filesImportingSwiftData: Set<String>
        let declaresOwnModelMacro: Bool
        /// The constants containers and plans may name instead of writing a type.
        let values: NamedValueIndex

        init(symbols: SymbolTable, files: [ParsedFile]) {
            self.symbols = symbols
            values = NamedValueIndex(files, symbols: symbols)
            foreignProtocolNames = files.reduce(into: []) { $0.formUnion($1.declaredProtocols) }
            filesImportingSwiftData = Set(files.filter { $0.imports.contains("SwiftData") }.map(\.path))
            declaresOwnModelMacro = files.contains { $0.declaredMacros.contains("Model") }
        }

        /// Whether a type conforms to SwiftData's protocol (not a same-named protocol the project declares).
        func conforms(_ symbol: SymbolTable.Symbol, to protocolName: String) -> Bool {
            symbol.inherited.contains { inherited in
                guard let last = inherited.value.path?.last, last == protocolName else { return false }
                if inherited.value.path == ["SwiftData", protocolName] { return true }
                guard foreignProtocolNames.contains(protocolName) else { return true }
                return symbols.resolveSymbol(inherited.value, scope: inherited.scope, file: inherited.file) == nil
            }
        }

        func isModel(_ symbol: SymbolTable.Symbol) -> Bool {
            guard symbol.kind == .class, symbol.attributes.contains("Model") else { return false }
            return !declaresOwnModelMacro || filesImportingSwiftData.contains(symbol.file)
        }

        func isModel(_ id: SymbolID) -> Bool { isModel(symbols[id]) }
    }

    /// Keys are the version's qualified name; when two apps in one tree share a name, the first directory
    /// that tells their files apart is put in front (`AppA/SchemaV1`, `AppB/SchemaV1`).
    static func assignKeys(_ versions: inout [SchemaVersion], symbols: SymbolTable) {
        let groups = Dictionary(grouping: versions.indices, by: { versions[$0].name })
        for (_, indices) in groups where indices.count > 1 {
            let directories = indices.map {
                versions[$0].location.file.split(separator: "/").dropLast().map(String.init)
            }
            let common = directories.dropFirst().reduce(directories[0]) { prefix, next in
                Array(zip(prefix, next).prefix { $0 == $1 }.map(\.0))
            }
            for (offset, index) in indices.enumerated() {
                let distinct = directories[offset].dropFirst(common.count).first ?? versions[index].location.file
                versions[index].key = "\(distinct)/\(versions[index].name)"
            }
        }
        versions.sort { a, b in
            let x = (identifier: a.identifier?.description, name: a.key)
            let y = (identifier: b.identifier?.description, name: b.key)
            if VersionOrder.precedes(x, y) { return true }
            if VersionOrder.precedes(y, x) { return false }
            return a.location < b.location
        }
    }
}
