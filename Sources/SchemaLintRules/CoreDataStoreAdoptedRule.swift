import SchemaLintFacts
import SchemaLintModel

/// A SwiftData container opens a Core Data store with models that differ from the Core Data model that wrote it.
public struct CoreDataStoreAdoptedRule: Rule {
    public let id = RuleID.coreDataStoreAdopted
    public let defaultSeverity = Severity.error
    /// A note lists what SwiftData migrates by inference, when it can; a warning says what fails only on stores
    /// whose rows hold nil (a property made required), as `lightweight_unsupported_change` says it.
    public let severities: [Severity] = [.error, .warning, .note]
    public let summary =
        "A SwiftData container opens a Core Data store with models that differ from the Core Data model that wrote it."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for adoption in CoreDataAdoption.find(context) where !adoption.opensAsIs {
            guard let analysis = context.analysis(of: adoption.version) else { continue }
            let now = CoreDataAdoption.storeSnapshot(analysis)
            // A property whose storage schemalint cannot map is compared by nothing: it is said, not judged.
            let unmapped = CoreDataAdoption.unmapped(analysis)
            let all = MigrationAssessment.assess(from: adoption.coreData, to: now, convertsNumbers: true)
            let changes = all.filter { change in
                change.property.map { !unmapped.contains("\(change.entity).\($0)") } ?? true
            }
            let untold = Set(all.filter { !changes.contains($0) }.compactMap { change in
                change.property.map { "\(change.entity).\($0)" }
            }).sorted()
            let added = Set(changes.filter { $0.kind == .entityAdded }.map(\.entity))
            let from = "\(adoption.bundle) (\(adoption.coreDataVersion))"
            if let plan = adoption.stagedPlan {
                findings.append(
                    finding(
                        adoption.version.location, about: .version(adoption.version.key),
                        .adoptedByStagedPlan(from: from, plan: plan.name, version: adoption.version.name)))
                continue
            }
            var inferred: [String] = []
            var blocked = 0
            for change in changes {
                if change.kind == .becameRequired, change.failsIf != nil {
                    blocked += 1
                    findings.append(
                        becameRequired(
                            change, in: adoption.version,
                            step: "SwiftData opens the \(adoption.store.named("Core Data store")), written by \(from), "
                                + "migrating it by inference", context))
                    continue
                }
                // Rows of a Core Data entity the models lack are dropped; beside a new entity it is likely a rename.
                let blocker =
                    change.kind == .entityRemoved && !added.isEmpty
                    ? "its rows are dropped: SwiftData matches entities by class name, and no class here is named "
                        + change.entity
                    : change.blocker
                guard let blocker else {
                    inferred.append(change.text)
                    continue
                }
                blocked += 1
                // A dropped entity points at the class that likely replaced it.
                let at = change.kind == .entityRemoved ? (added.sorted().first ?? change.entity) : change.entity
                findings.append(
                    finding(
                        context.location(entity: at, property: change.property, in: adoption.version),
                        about: change.property.map {
                            .property(version: adoption.version.key, entity: change.entity, property: $0)
                        } ?? .entity(version: adoption.version.key, entity: change.entity),
                        .adoptionBlocked(
                            from: from, store: adoption.store.name, change: change.text, blocker: blocker)))
            }
            if blocked == 0, !inferred.isEmpty || !untold.isEmpty {
                findings.append(
                    finding(
                        adoption.store.containers.first?.location ?? adoption.version.location,
                        about: .version(adoption.version.key),
                        .adoptionInferred(from: from, store: adoption.store.name, changes: inferred, untold: untold),
                        severity: .note))
            }
        }
        return findings
    }
}

extension RuleID {
    public static let coreDataStoreAdopted: RuleID = "core_data_store_adopted"
}

extension Finding.Message {
    static func adoptionBlocked(from: String, store: String, change: String, blocker: String) -> Self {
        Self(
            id: "adoption-blocked",
            "SwiftData cannot infer this change from the Core Data model: users' data is lost or the store fails to "
                + "open (134110)",
            detail: store.prefix(1).uppercased() + store.dropFirst()
                + " was written by the Core Data model \(from), and SwiftData opens it with these models by "
                + "inference, but \(change): \(blocker)",
            fix: "Declare the models as the Core Data model declares them (names, types, optionality), and change them "
                + "afterwards in a versioned schema")
    }

    static func adoptionInferred(from: String, store: String, changes: [String], untold: [String]) -> Self {
        let counts =
            (changes.isEmpty ? [] : ["\(changes.count) change\(changes.count == 1 ? "" : "s")"])
            + (untold.isEmpty ? [] : ["\(untold.count) propert\(untold.count == 1 ? "y" : "ies") not judged"])
        let told = changes.isEmpty ? [] : ["Differences it migrates: \(changes.joined(separator: "; "))"]
        let unknown =
            untold.isEmpty
            ? []
            : ["schemalint cannot tell how \(untold.joined(separator: ", ")) are stored, so it does not judge them"]
        return Self(
            id: "adoption-inferred",
            "SwiftData migrates this Core Data store by inference when it first opens it "
                + "(\(counts.joined(separator: ", ")))",
            detail: ([store.prefix(1).uppercased() + store.dropFirst() + " was written by the Core Data model \(from)"]
                + told + unknown).joined(separator: ". "))
    }

    static func adoptedByStagedPlan(from: String, plan: String, version: String) -> Self {
        Self(
            id: "adoption-staged",
            "No version of \(plan) hashes like the Core Data model that wrote this store: it fails to open (134504)",
            detail: "This store was written by the Core Data model \(from), whose hashes no version of \(plan) has; "
                + "the plan runs stages, so SwiftData refuses the store (134504 \"unknown model version\") instead of "
                + "migrating it by inference",
            fix: "Make \(version) declare the models exactly as the Core Data model does")
    }
}
