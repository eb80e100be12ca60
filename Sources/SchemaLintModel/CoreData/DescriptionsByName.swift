/// Descriptions a stack is given by name from another file (TweetNest's `persistentStoreDescriptions =
/// [Self.V3.defaultPersistentStoreDescription]`, the description built in a static property of a nested type in an
/// extension elsewhere): the file each opens is the one that property builds. Each file is read alone, so that
/// description was a stack of its own with no model, and the container's files "given from outside the type";
/// here the container takes the files, with their CloudKit options, and the lone description is no stack.
struct DescriptionsByName {
    /// A description built in a property or function of a type, that no stack of its file takes.
    private struct Built {
        var owner: SymbolID?
        var member: String
        var file: CoreDataStackUse.StoreFile
        var stackLocation: SourceLocation
    }

    private var built: [Built] = []
    /// The stacks' files given by name, by the stack's location: what each opens instead.
    private(set) var adopted: [SourceLocation: [CoreDataStackUse.StoreFile]] = [:]
    /// The lone descriptions a stack takes: no stacks of their own.
    private(set) var taken: Set<SourceLocation> = []
    /// Names given that no description read is built in: the types (`Stores` of `Self.Stores.main`) and bare names
    /// pass 2 looks for, in files pass 1 skipped.
    private(set) var wantedOwners: Set<String> = []
    private(set) var wantedNames: Set<String> = []

    init(_ files: [ParsedFile], symbols: SymbolTable) {
        for file in files {
            for stack in file.coreDataStacks
            where stack.name == nil && stack.model == nil && stack.containerType == nil && stack.stores.count == 1 {
                let store = stack.stores[0]
                guard store.location == stack.location, let member = store.declaredIn else { continue }
                built.append(
                    Built(
                        owner: symbols.scope(store.scope ?? stack.scope, file: file.path), member: member,
                        file: store, stackLocation: stack.location))
            }
        }
        for file in files {
            for stack in file.coreDataStacks {
                let scope = symbols.scope(stack.scope, file: file.path)
                for store in stack.stores where !store.describedBy.isEmpty {
                    var found: [CoreDataStackUse.StoreFile] = []
                    var locations: [SourceLocation] = []
                    for reference in store.describedBy {
                        guard let match = self.match(reference, scope: scope, file: file.path, symbols) else {
                            if let owner = reference.base?.path?.last(where: { $0 != "Self" }) {
                                wantedOwners.insert(owner)
                            } else {
                                wantedNames.insert(reference.name)
                            }
                            break
                        }
                        found.append(match.file)
                        locations.append(match.stackLocation)
                    }
                    // Every name found, or the files stay untold.
                    guard found.count == store.describedBy.count else { continue }
                    adopted[stack.location, default: []] += found
                    taken.formUnion(locations)
                }
            }
        }
    }

    /// The description `reference` names: a member of the type its base names, or for a bare name of the stack's
    /// type, the types around it, or a global.
    private func match(_ reference: ValueReference, scope: SymbolID?, file: String, _ symbols: SymbolTable)
        -> Built?
    {
        let candidates = built.filter { $0.member == reference.name }
        guard !candidates.isEmpty else { return nil }
        if let base = reference.base {
            guard let owner = symbols.resolveSymbol(base, scope: scope, file: file) else { return nil }
            let owned = candidates.filter { $0.owner == owner }
            return owned.count == 1 ? owned[0] : nil
        }
        // The stack's type and those around it, then the globals.
        for owner in (scope.map(symbols.ancestors(of:)) ?? []).map(Optional.some) + [nil] {
            let owned = candidates.filter { $0.owner == owner }
            if !owned.isEmpty { return owned.count == 1 ? owned[0] : nil }
        }
        return nil
    }
}
