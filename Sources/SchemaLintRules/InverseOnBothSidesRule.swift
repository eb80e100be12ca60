import SchemaLintFacts
import SchemaLintModel

/// `inverse:` belongs on one end of a relationship only.
public struct InverseOnBothSidesRule: Rule {
    public let id = RuleID.inverseOnBothSides
    public let defaultSeverity = Severity.warning
    public let summary = "Both ends of a relationship pass inverse:, which the macro rejects (\"Circular reference\")."

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let project = context.project
        for entity in project.entities.values.sorted(by: { $0.location < $1.location }) {
            for property in entity.properties {
                guard let inverse = property.relationship?.inverse, let otherID = inverse.entity,
                    let other = project.entity(otherID),
                    let otherProperty = other.properties.first(where: { $0.name == inverse.property }),
                    let back = otherProperty.relationship?.inverse, back.entity == entity.id,
                    back.property == property.name,
                    // Report once, on the end written second.
                    otherProperty.location < property.location
                else { continue }
                findings.append(
                    finding(
                        inverse.written.location,
                        about: context.subject(entity, property: property.name),
                        .inverseOnBothSides(
                            "\(entity.name).\(property.name)",
                            other: "\(other.name).\(otherProperty.name)"),
                        notes: [
                            Finding.Note(
                                back.written.location,
                                "\(other.name).\(otherProperty.name) declares it too")
                        ],
                        fix: removeInverse(from: property, of: entity, keeping: "\(other.name).\(otherProperty.name)",
                            project: project)))
            }
        }
        return findings
    }

    /// Drops `inverse:` from this end; the other end keeps it, and SwiftData records the pair the same way.
    private func removeInverse(from property: Property, of entity: Entity, keeping other: String, project: Project)
        -> Finding.Fix
    {
        guard let attribute = property.relationshipArguments?.location else {
            return .refused("the inverse is not written in an @Relationship attribute")
        }
        let versions = project.versions.filter { $0.allEntities.contains(entity.id) }.map(\.key)
        return Finding.Fix(
            "remove inverse: from \(entity.name).\(property.name) (\(other) keeps it)",
            edits: [.removeArgument(attribute: attribute, label: "inverse")], versions: versions)
    }
}

extension RuleID {
    public static let inverseOnBothSides: RuleID = "inverse_on_both_sides"
}

extension Finding.Message {
    static func inverseOnBothSides(_ place: String, other: String) -> Self {
        Self(
            id: "both",
            "\(place) and \(other) both declare inverse:, so the build fails",
            detail: "The @Relationship macro fails with \"Circular reference resolving attached macro "
                + "'Relationship'\". Declaring the inverse on one end is enough: SwiftData records it on both",
            fix: "Keep inverse: on one end only")
    }
}
