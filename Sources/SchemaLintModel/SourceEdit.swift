/// A change to Swift source, named by a location the model already records (a list, a typealias, an attribute).
///
/// Rules and `bump` decide *what* to change in these terms; SchemaLintRewrite carries it out on the syntax tree,
/// so indentation, comments and trivia stay as the developer wrote them. Locations are those of the analysis the
/// edit was planned from: edits of one file are applied from its end backwards, so each still finds its node.
public enum SourceEdit: Hashable, Sendable {
    /// Insert `element` (an expression, `SchemaV3.self`) into the array literal whose `[` is at `list`, at
    /// `position`. `order` ranks insertions at the same position (the higher one ends up later).
    case insertElement(list: SourceLocation, position: ListPosition, element: String, order: Int = 0)
    /// Point the typealias whose name is at `alias` at `target`.
    case retargetTypealias(alias: SourceLocation, target: String)
    /// Remove the argument labelled `label` from the attribute whose `@` is at `attribute`.
    case removeArgument(attribute: SourceLocation, label: String)
    /// Declare a stage `name` right after the static property whose name is at `sibling`, written like it
    /// (modifiers, type annotation, indentation); `call` is the stage without its base: `lightweight(...)`.
    case declareStage(after: SourceLocation, name: String, call: String)
    /// Rename the type reference whose first token is at `reference` from `from` to `to` (`SchemaV3` → `SchemaV4`).
    case renameReference(at: SourceLocation, from: String, to: String)
    /// Copy the `@Model` classes whose names are at `declarations` (in any file) into the body of the type whose
    /// name is at `into`, under `comment`: freezing live models inside the version that shipped them.
    case copyClasses(into: SourceLocation, declarations: [CopiedClass], comment: String)
    /// Move the top-level class whose name is at `declaration` into `extension <into> { ... }` where it stands,
    /// leaving `typealias <name> = <into>.<name>` in its place: code naming the model keeps compiling.
    case nestClass(declaration: SourceLocation, into: String)
    /// Add `label: value` to the call whose callee starts at `call`, right after its argument labelled `after`.
    case addArgument(call: SourceLocation, label: String, value: String, after: String)

    /// Where in a list an element goes: first, after the element that starts at a location, or last.
    public enum ListPosition: Hashable, Sendable, Comparable {
        case first
        case after(SourceLocation)
        case end
    }

    public struct CopiedClass: Hashable, Sendable {
        public var location: SourceLocation
        /// Keep the first inherited type (a `@Model` superclass); other conformances are app behaviour, not schema.
        public var keepsSuperclass: Bool
        public init(location: SourceLocation, keepsSuperclass: Bool) {
            self.location = location
            self.keepsSuperclass = keepsSuperclass
        }
    }

    /// The location that names the node the edit changes.
    public var anchor: SourceLocation {
        switch self {
        case let .insertElement(list, _, _, _): return list
        case let .retargetTypealias(alias, _): return alias
        case let .removeArgument(attribute, _): return attribute
        case let .declareStage(sibling, _, _): return sibling
        case let .renameReference(reference, _, _): return reference
        case let .copyClasses(into, _, _): return into
        case let .nestClass(declaration, _): return declaration
        case let .addArgument(call, _, _, _): return call
        }
    }

    /// The file the edit changes.
    public var file: String { anchor.file }

    /// Application order within a file: from the end backwards, later list positions first.
    public static func applicationOrder(_ lhs: SourceEdit, _ rhs: SourceEdit) -> Bool {
        func key(_ edit: SourceEdit) -> (SourceLocation, ListPosition, Int) {
            if case let .insertElement(_, position, _, order) = edit { return (edit.anchor, position, order) }
            return (edit.anchor, .first, 0)
        }
        let (left, right) = (key(lhs), key(rhs))
        return (left.0, left.1, left.2) > (right.0, right.1, right.2)
    }
}
