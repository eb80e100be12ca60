/// The one order in which SwiftData versions are listed (by `lock`, `hash`, `upgrades`, the lockfile's reports):
/// each app's versions together when one tree holds two (`Recipes/SchemaV1`), then by `versionIdentifier`
/// (`1.2.0` before `1.10.0`), then by name with runs of digits compared as numbers (`V1p2` before `V1p10`). A version
/// without an identifier comes after those that have one. Core Data versions, whose identifiers are free text, keep
/// their bundle's name order (`VersionNameOrder`).
public enum VersionOrder {
    public static func precedes(_ lhs: (identifier: String?, name: String), _ rhs: (identifier: String?, name: String))
        -> Bool
    {
        // Two apps' versions in one tree have keys the folder tells apart (`Recipes/SchemaV1`): each app's together.
        let (a, b) = (folder(of: lhs.name), folder(of: rhs.name))
        if a != b { return VersionNameOrder.precedes(String(a), String(b)) }
        switch (lhs.identifier, rhs.identifier) {
        case let (a?, b?) where a != b: return VersionNameOrder.precedes(a, b)
        case (.some, .none): return true
        case (.none, .some): return false
        default: return VersionNameOrder.precedes(lhs.name, rhs.name)
        }
    }

    private static func folder(of key: String) -> Substring {
        key.lastIndex(of: "/").map { key[..<$0] } ?? ""
    }

    /// `items` in this order; `identifier` and `name` are read once per item.
    public static func sorted<Item>(
        _ items: [Item], identifier: (Item) -> String?, name: (Item) -> String
    ) -> [Item] {
        items.map { (item: $0, key: (identifier: identifier($0), name: name($0))) }
            .sorted { precedes($0.key, $1.key) }
            .map(\.item)
    }
}
