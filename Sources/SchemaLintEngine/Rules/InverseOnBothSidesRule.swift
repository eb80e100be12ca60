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
                        ]))
            }
        }
        return findings
    }
}

extension RuleID {
    public static let inverseOnBothSides: RuleID = "inverse_on_both_sides"
}

extension Finding.Message {
    static func inverseOnBothSides(_ place: String, other: String) -> Self {
        Self(
            id: "both",
            "\(place) and \(other) both declare inverse:, which fails to compile with \"Circular "
                + "reference resolving attached macro 'Relationship'\". Keep inverse: on one end only (SwiftData "
                + "records "
                + "it on both)")
    }
}
