import SchemaLintModel

/// `inverse:` key paths must name a relationship on the destination model that points back.
public struct InverseMismatchRule: Rule {
    public let id = "inverse_mismatch"
    public let defaultSeverity = Severity.error
    public let summary = "An inverse key path names a missing or wrong property, another version's model, or disagrees with the other end."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let project = context.project
        var claims: [String: [(Entity, Property)]] = [:]
        for entity in project.entities.values.sorted(by: { $0.location < $1.location }) {
            for property in entity.properties {
                guard let relationship = property.relationship, let inverse = relationship.inverse else { continue }
                let written = "\\\(inverse.written.root?.description ?? "").\(inverse.written.properties.joined(separator: "."))"
                let place = "\(entity.name).\(property.name)"
                let location = inverse.written.location
                guard let rootID = inverse.entity else {
                    findings.append(finding(location, "\(place) names inverse \(written), but \(inverse.written.root?.description ?? "its root type") does not resolve to a type in the sources. Point it at the relationship on \(project.entity(relationship.destination)?.name ?? "the destination") that leads back to \(entity.name)"))
                    continue
                }
                guard let root = project.entity(rootID) else {
                    findings.append(finding(location, "\(place) names inverse \(written), but \(project.symbols[rootID].qualifiedName) is not a @Model"))
                    continue
                }
                if rootID != relationship.destination {
                    let destination = project.entity(relationship.destination)?.qualifiedName ?? "?"
                    findings.append(finding(location, "\(place) points at \(destination) but its inverse \(written) names \(root.qualifiedName), a different class\(root.name == project.entity(relationship.destination)?.name ? " (another version's model)" : ""): SwiftData pulls that class into this version's schema. Write the inverse against \(destination)"))
                    continue
                }
                guard let name = inverse.property, let target = root.properties.first(where: { $0.name == name }) else {
                    findings.append(finding(location, "\(place) names inverse \(written), but \(root.qualifiedName) has no stored property '\(inverse.property ?? "")'"))
                    continue
                }
                guard let back = target.relationship else {
                    findings.append(finding(location, "\(place) names inverse \(written), but \(root.name).\(name) is an attribute, not a relationship"))
                    continue
                }
                if back.destination != entity.id {
                    findings.append(finding(location, "\(place) names inverse \(written), but \(root.name).\(name) points at \(project.entity(back.destination)?.qualifiedName ?? "?"), not back at \(entity.qualifiedName)"))
                    continue
                }
                // When the other end's inverse names an attribute, that end is reported on its own line; saying
                // "they disagree" here too would report one mistake twice.
                if let otherInverse = back.inverse, otherInverse.entity == entity.id,
                   let otherName = otherInverse.property, otherName != property.name,
                   entity.properties.first(where: { $0.name == otherName })?.relationship != nil {
                    findings.append(finding(location, "\(place) and \(root.name).\(name) name inverses that disagree: \(place) says \(root.name).\(name), but \(root.name).\(name) says \(entity.name).\(otherName). Declare the inverse on one end only"))
                }
                claims["\(rootID.raw).\(name)", default: []].append((entity, property))
            }
        }
        for (_, claimants) in claims where claimants.count > 1 {
            let names = claimants.map { "\($0.0.name).\($0.1.name)" }
            for (entity, property) in claimants {
                guard let location = property.relationship?.inverse?.written.location else { continue }
                let others = names.filter { $0 != "\(entity.name).\(property.name)" }.joined(separator: ", ")
                findings.append(finding(location, "\(entity.name).\(property.name) claims inverse \(property.relationship!.inverse!.written.root?.description ?? "").\(property.relationship!.inverse!.property ?? ""), which \(others) also claims: a relationship has one inverse, so SwiftData keeps only one pairing and the other relationship silently stops being maintained. Give each relationship its own inverse property"))
            }
        }
        return findings
    }
}
