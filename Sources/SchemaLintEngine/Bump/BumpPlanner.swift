import Foundation
import SchemaLintFacts
import SchemaLintModel
import SchemaLintRules

/// Decides, in model terms, what `schemalint bump` writes to start the next version of a plan: the new version's
/// name, identifier and file, and the edits to existing files (schemas, stages, typealiases, containers, and the
/// frozen copies of live models). `Bumper` carries the plan out and proves it safe.
struct BumpPlanner {
    struct Request {
        var plan: String?
        var identifier: VersionNumber?
        var name: String?
    }

    struct Plan {
        var planName: String
        var old: SchemaVersion
        var oldName: String
        var newName: String
        var identifier: VersionNumber
        var newFile: String
        /// The declaration and extensions the new file copies.
        var typeLocation: SourceLocation
        var extensionLocations: [SourceLocation]
        var edits: [SourceEdit]
        /// One line per edit, for the change list.
        var summaries: [String]
        /// Live models frozen into the outgoing version (the layout where the newest version lists them).
        var frozen: [String]
        /// Why no stage was written, when none was.
        var stageNote: String?
    }

    struct Refusal: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    let analysis: Analysis
    let existingPaths: Set<String>

    func plan(_ request: Request) throws -> Plan {
        let project = analysis.project
        let plan = try selectPlan(request.plan)
        let steps = PlanSteps(plan: plan, project: project)
        guard let old = steps.newest, let schemasList = plan.schemasLocation, let listed = plan.schemas,
            let oldReference = listed.last(where: { $0.version == old.id })
        else {
            throw Refusal("\(plan.name).schemas is not an array literal of versions schemalint can read and add to")
        }
        let oldName = project.symbols[old.id].name
        guard let newName = request.name ?? VersionNaming.next(after: oldName) else {
            throw Refusal("\(oldName) does not end in a number, so the next name is not obvious: pass --name")
        }
        guard !project.symbols.symbols.contains(where: { $0.parent == nil && $0.name == newName }) else {
            throw Refusal("a type named \(newName) already exists: pass --name")
        }
        let identifier = try nextIdentifier(request.identifier, versions: steps.versions)
        var edits: [SourceEdit] = []
        var summaries: [String] = []
        // A list written newest first (read in identifier order, `PlanOrder`) gets the new version first too.
        var position = SourceEdit.ListPosition.after(oldReference.location)
        if let written = plan.writtenSchemas, let index = written.firstIndex(where: { $0.version == old.id }) {
            position = index == 0 ? .first : .after(written[index - 1].location)
        }
        edits.append(.insertElement(list: schemasList, position: position, element: "\(newName).self"))
        summaries.append("\(schemasList): listed \(newName) in \(plan.name).schemas")

        var stageNote: String?
        if (plan.stages ?? []).isEmpty && plan.stages != nil {
            stageNote = "\(plan.name) lists no stages, so none was added: SwiftData infers a lightweight migration "
                + "for \(oldName) → \(newName) as for its other steps"
        } else {
            let stage = PlanEdits.addLightweightStage(
                from: oldName, to: newName, index: steps.versions.count - 1, in: plan, steps: steps)
            if let refusal = stage.refusal { throw Refusal(refusal) }
            edits += stage.edits
            summaries.append("\(plan.stagesLocation.map { "\($0): " } ?? "")\(stage.summary)")
        }

        let live = old.allEntities.compactMap { project.entity($0) }.filter { $0.enclosingVersion == nil }
        if !live.isEmpty {
            let comment =
                "Frozen by `schemalint bump`: \(oldName)'s models as they shipped. Never edit them;\n"
                + "change the live models, which \(newName) lists."
            edits.append(
                .copyClasses(
                    into: old.location,
                    declarations: live.sorted { $0.location < $1.location }.map {
                        SourceEdit.CopiedClass(location: $0.location, keepsSuperclass: $0.superclass != nil)
                    }, comment: comment))
            summaries.append(
                "\(old.location): froze \(live.map(\.name).sorted().joined(separator: ", ")) inside \(oldName)")
        }
        let retargets = retargeting(old: old, oldName: oldName, newName: newName)
        edits += retargets.edits
        summaries += retargets.summaries

        let symbol = project.symbols[old.id]
        return Plan(
            planName: plan.name, old: old, oldName: oldName, newName: newName, identifier: identifier,
            newFile: try newFilePath(for: old.location.file, oldName: oldName, newName: newName),
            typeLocation: symbol.location, extensionLocations: symbol.extensionLocations, edits: edits,
            summaries: summaries, frozen: live.map(\.name).sorted(), stageNote: stageNote)
    }

    private func selectPlan(_ name: String?) throws -> MigrationPlan {
        let plans = analysis.project.plans
        let names = plans.map(\.name).sorted().joined(separator: ", ")
        if let name {
            guard let plan = plans.first(where: { $0.name == name || $0.name.hasSuffix(".\(name)") }) else {
                throw Refusal(
                    plans.isEmpty ? "no SchemaMigrationPlan found" : "no plan named \(name) (plans: \(names))")
            }
            return plan
        }
        guard plans.count == 1, let plan = plans.first else {
            throw Refusal(
                plans.isEmpty
                    ? "no SchemaMigrationPlan found: bump starts the next version of a plan"
                    : "\(plans.count) plans (\(names)): pass --plan NAME")
        }
        return plan
    }

    /// The next identifier: the component the last step raised, raised again; `X+1.0.0` after a single version.
    private func nextIdentifier(_ requested: VersionNumber?, versions: [SchemaVersion]) throws -> VersionNumber {
        let taken = Set(versions.compactMap(\.identifier))
        if let requested {
            guard !taken.contains(requested) else { throw Refusal("version \(requested) is already used") }
            return requested
        }
        guard let last = versions.last?.identifier else {
            throw Refusal("the newest version's identifier is not written as Schema.Version(x, y, z): pass --version")
        }
        var next = VersionNumber(last.major + 1, 0, 0)
        if versions.count >= 2, let previous = versions[versions.count - 2].identifier, previous.major == last.major {
            next = previous.minor == last.minor
                ? VersionNumber(last.major, last.minor, last.patch + 1) : VersionNumber(last.major, last.minor + 1, 0)
        }
        if taken.contains(next), let highest = taken.max() {
            // Identifiers out of order (a hotfix version listed last): past the highest one.
            next = VersionNumber(highest.major + 1, 0, 0)
        }
        return next
    }

    /// Top-level typealiases to the outgoing version's nested models (or to the version itself, under a name that
    /// is not a version's), and app containers that name it.
    private func retargeting(old: SchemaVersion, oldName: String, newName: String) -> (
        edits: [SourceEdit], summaries: [String]
    ) {
        let project = analysis.project
        var edits: [SourceEdit] = []
        var summaries: [String] = []
        // `JournalSchema.SchemaV12` → `JournalSchema.SchemaV13`: the new version sits where the old one does.
        let qualified = (old.name.split(separator: ".").dropLast().map(String.init) + [newName]).joined(separator: ".")
        for alias in project.symbols.topLevelTypealiases {
            guard let target = project.symbols.resolveSymbol(alias.value.target, scope: nil, file: alias.file)
            else { continue }
            let newTarget: String
            if let entity = project.entity(target), entity.enclosingVersion == old.id {
                newTarget = "\(qualified).\(entity.name)"
            } else if target == old.id, VersionNaming.trailingNumber(alias.value.name) == nil {
                newTarget = qualified
            } else {
                continue
            }
            edits.append(.retargetTypealias(alias: alias.value.location, target: newTarget))
            summaries.append("\(alias.value.location): pointed typealias \(alias.value.name) at \(newTarget)")
        }
        for container in project.containers where container.purpose == .app {
            if container.versionedSchema == old.id, let location = container.versionedSchemaLocation,
                container.versionedSchemaWritten?.description.split(separator: ".").contains(Substring(oldName)) == true
            {
                edits.append(.renameReference(at: location, from: oldName, to: newName))
                summaries.append("\(location): the container now opens \(newName)")
            }
            for model in container.models ?? []
            where model.written.description.split(separator: ".").dropLast().contains(Substring(oldName)) {
                edits.append(.renameReference(at: model.location, from: oldName, to: newName))
                let renamed = model.written.description.split(separator: ".")
                    .map { $0 == Substring(oldName) ? newName : String($0) }.joined(separator: ".")
                summaries.append("\(model.location): the container now lists \(renamed)")
            }
        }
        return (edits, summaries)
    }

    /// Named like its siblings: `Schema/V3/SchemaV3.swift` → `Schema/V4/SchemaV4.swift`; a file that holds more
    /// than the version (`Schemas.swift`) gets a sibling named after the new version.
    private func newFilePath(for path: String, oldName: String, newName: String) throws -> String {
        var components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let oldNumber = VersionNaming.trailingNumber(oldName).map(String.init)
        let newNumber = VersionNaming.trailingNumber(newName).map(String.init)
        for index in components.indices {
            let component = components[index]
            if component.contains(oldName) {
                components[index] = component.replacingOccurrences(of: oldName, with: newName)
            } else if let oldNumber, let newNumber, index < components.count - 1,
                component.hasSuffix(oldNumber), component.dropLast(oldNumber.count).allSatisfy(\.isLetter),
                !component.dropLast(oldNumber.count).isEmpty
            {
                // A folder per version: `V3/` → `V4/`.
                components[index] = String(component.dropLast(oldNumber.count)) + newNumber
            }
        }
        var candidate = components.joined(separator: "/")
        if candidate == path {
            components[components.count - 1] = "\(newName).swift"
            candidate = components.joined(separator: "/")
        }
        guard !existingPaths.contains(candidate) else {
            throw Refusal("\(candidate) already exists; bump writes the new version to a new file")
        }
        return candidate
    }
}
