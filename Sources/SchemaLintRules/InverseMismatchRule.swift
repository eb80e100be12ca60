import SchemaLintFacts
import SchemaLintModel

/// `inverse:` key paths must name a relationship on the destination model that points back.
public struct InverseMismatchRule: Rule {
    public let id = RuleID.inverseMismatch
    public let defaultSeverity = Severity.error
    public let summary =
        "An inverse key path names a missing or wrong property, another version's model, or disagrees with the other "
            + "end."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let project = context.project
        var claims: [String: [(Entity, Property)]] = [:]
        for entity in project.entities.values.sorted(by: { $0.location < $1.location }) {
            for property in entity.properties {
                guard let relationship = property.relationship, let inverse = relationship.inverse else { continue }
                let written =
                    "\\\(inverse.written.root?.description ?? "").\(inverse.written.properties.joined(separator: "."))"
                let place = "\(entity.name).\(property.name)"
                let location = inverse.written.location
                let subject = context.subject(entity, property: property.name)
                guard let rootID = inverse.entity else {
                    findings.append(
                        finding(
                            location, about: subject,
                            .inverseRootUnresolved(
                                place, written: written, root: inverse.written.root?.description ?? "its root type",
                                destination: project.entity(relationship.destination)?.name ?? "the destination",
                                entity: entity.name)))
                    continue
                }
                guard let root = project.entity(rootID) else {
                    findings.append(
                        finding(
                            location, about: subject,
                            .inverseRootNotModel(
                                place, written: written, root: project.symbols[rootID].qualifiedName,
                                entity: entity.name)))
                    continue
                }
                if rootID != relationship.destination {
                    let destination = project.entity(relationship.destination)?.qualifiedName ?? "?"
                    let otherVersion = root.name == project.entity(relationship.destination)?.name
                    findings.append(
                        finding(
                            location, about: subject,
                            .inverseOtherClass(
                                place, destination: destination, written: written, root: root.qualifiedName,
                                otherVersion: otherVersion),
                            notes: [Finding.Note(root.location, "\(root.qualifiedName) is declared here")]))
                    continue
                }
                guard let name = inverse.property, let target = root.properties.first(where: { $0.name == name }) else {
                    findings.append(
                        finding(
                            location, about: subject,
                            .inverseNoProperty(
                                place, written: written, root: root.qualifiedName, property: inverse.property ?? "",
                                entity: entity.name)))
                    continue
                }
                guard let back = target.relationship else {
                    findings.append(
                        finding(
                            location, about: subject,
                            .inverseIsAttribute(
                                place, written: written,
                                other: "\(root.name).\(name)", entity: entity.name),
                            notes: [Finding.Note(target.location, "\(root.name).\(name) is declared here")]))
                    continue
                }
                // The other end points at an older class of this entity's name (a reused class whose relationship
                // names the previous version): model_missing_from_schema reports that once per version, with its fix.
                let pointsAtTwin = project.entity(back.destination)?.name == entity.name
                if back.destination != entity.id, pointsAtTwin, context.enabledRules.contains(.modelMissingFromSchema) {
                    continue
                }
                if back.destination != entity.id {
                    findings.append(
                        finding(
                            location, about: subject,
                            .inverseNotBack(
                                place, written: written, other: "\(root.name).\(name)",
                                target: project.entity(back.destination)?.qualifiedName ?? "?",
                                entity: entity.qualifiedName),
                            notes: [Finding.Note(target.location, "\(root.name).\(name) is declared here")]))
                    continue
                }
                // When the other end's inverse names an attribute, that end is reported on its own line; saying
                // "they disagree" here too would report one mistake twice.
                if let otherInverse = back.inverse, otherInverse.entity == entity.id,
                    let otherName = otherInverse.property, otherName != property.name,
                    entity.properties.first(where: { $0.name == otherName })?.relationship != nil
                {
                    findings.append(
                        finding(
                            location, about: subject,
                            .inversesDisagree(
                                place, other: "\(root.name).\(name)", otherSays: "\(entity.name).\(otherName)"),
                            notes: [
                                Finding.Note(
                                    otherInverse.written.location,
                                    "\(root.name).\(name) declares its inverse here")
                            ]))
                }
                claims["\(rootID.raw).\(name)", default: []].append((entity, property))
            }
        }
        for (_, claimants) in claims where claimants.count > 1 {
            let names = claimants.map { "\($0.0.name).\($0.1.name)" }
            for (entity, property) in claimants {
                guard let location = property.relationship?.inverse?.written.location else { continue }
                let others = names.filter { $0 != "\(entity.name).\(property.name)" }.joined(separator: ", ")
                let claimed =
                    "\(property.relationship!.inverse!.written.root?.description ?? "")."
                    + (property.relationship!.inverse!.property ?? "")
                let subject = context.subject(entity, property: property.name)
                findings.append(
                    finding(
                        location, about: subject,
                        .inverseClaimedTwice(
                            "\(entity.name).\(property.name)", claimed: claimed, others: others)))
            }
        }
        return findings
    }
}

extension RuleID {
    public static let inverseMismatch: RuleID = "inverse_mismatch"
}

extension Finding.Message {
    static func inverseRootUnresolved(
        _ place: String, written: String, root: String, destination: String,
        entity: String
    ) -> Self {
        Self(
            id: "root-unresolved",
            "The inverse of \(place) names a type not in these sources: SwiftData cannot pair the two ends",
            detail: "\(place) names inverse \(written), but \(root) does not resolve to a type in the sources",
            fix: "Point it at the relationship on \(destination) that leads back to \(entity)")
    }

    static func inverseRootNotModel(_ place: String, written: String, root: String, entity: String) -> Self {
        Self(
            id: "root-not-model",
            "The inverse of \(place) names a type that is not a @Model: SwiftData cannot pair the two ends",
            detail: "\(place) names inverse \(written), but \(root) is not a @Model",
            fix: "Point it at the relationship on the destination model that leads back to \(entity)")
    }

    static func inverseOtherClass(
        _ place: String, destination: String, written: String, root: String,
        otherVersion: Bool
    ) -> Self {
        Self(
            id: "other-class",
            "The inverse of \(place) names \(otherVersion ? "another version's model" : "another class"), which "
                + "SwiftData pulls into this version's schema",
            detail: "\(place) points at \(destination) but its inverse \(written) names \(root), a different "
                + "class\(otherVersion ? " (another version's model)" : ""): SwiftData pulls that class into this "
                + "version's schema, which changes the version's checksum",
            fix: "Write the inverse against \(destination)")
    }

    static func inverseNoProperty(
        _ place: String, written: String, root: String, property: String, entity: String
    ) -> Self {
        Self(
            id: "no-property",
            "The inverse of \(place) names no stored property: SwiftData cannot pair the two ends",
            detail: "\(place) names inverse \(written), but \(root) has no stored property '\(property)'",
            fix: "Name the relationship on \(root) that points back at \(entity)")
    }

    static func inverseIsAttribute(_ place: String, written: String, other: String, entity: String) -> Self {
        Self(
            id: "attribute",
            "The inverse of \(place) names an attribute, not a relationship: SwiftData cannot pair the two ends",
            detail: "\(place) names inverse \(written), but \(other) is an attribute, not a relationship",
            fix: "Name the relationship on the destination model that points back at \(entity)")
    }

    static func inverseNotBack(
        _ place: String, written: String, other: String, target: String,
        entity: String
    ) -> Self {
        Self(
            id: "not-back",
            "The inverse of \(place) names a relationship pointing elsewhere: SwiftData cannot pair the two ends",
            detail: "\(place) names inverse \(written), but \(other) points at \(target), not back at \(entity)",
            fix: "Name the relationship on the destination model that points back at \(entity)")
    }

    static func inversesDisagree(_ place: String, other: String, otherSays: String) -> Self {
        Self(
            id: "disagree",
            "\(place) and its other end name inverses that disagree: one of the two stops being maintained",
            detail: "\(place) says \(other), but \(other) says \(otherSays): SwiftData keeps only one pairing",
            fix: "Declare the inverse on one end only")
    }

    static func inverseClaimedTwice(_ place: String, claimed: String, others: String) -> Self {
        Self(
            id: "claimed-twice",
            "\(place) claims an inverse another relationship also claims: one of them stops being maintained",
            detail: "\(place) claims inverse \(claimed), which \(others) also claims: a relationship has one "
                + "inverse, so SwiftData keeps only one pairing and the other relationship silently stops being "
                + "maintained",
            fix: "Give each relationship its own inverse property")
    }
}
