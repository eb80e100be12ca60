import SwiftSyntax

/// Types whose code runs only in Xcode's previews: a `PreviewProvider`, and a `PreviewModifier` (its
/// `makeSharedContext()` builds the container previews share). A container they open is a preview's, never the app's.
enum PreviewCode {
    static let protocols: Set<String> = ["PreviewProvider", "PreviewModifier"]

    /// Whether an inheritance clause names one of them (`: PreviewModifier`, `: SwiftUI.PreviewProvider`).
    static func conforms(_ clause: InheritanceClauseSyntax?) -> Bool {
        clause?.inheritedTypes.contains { inherited in
            TypeExprReader.read(inherited.type).path?.last.map(protocols.contains) ?? false
        } ?? false
    }

    /// The types a file's extensions make preview code (`extension SampleData: PreviewModifier {}`), by name: the
    /// type's own body, read before the extension, is preview code too.
    static func typesMadePreview(in file: SourceFileSyntax) -> Set<String> {
        var names = Set<String>()
        for statement in file.statements {
            guard let ext = statement.item.as(ExtensionDeclSyntax.self), conforms(ext.inheritanceClause),
                let name = TypeExprReader.read(ext.extendedType).path?.last
            else { continue }
            names.insert(name)
        }
        return names
    }
}
