import SchemaLintModel

/// The order a bundle's versions shipped in, as far as the lockfile records it; names decide only what it does not.
///
/// Xcode does not order versions: a new version may be named anything (Aidoku made `0.5` current after shipping
/// `Shared`; `DataV2` → `DataModelV3`). What the lockfile knows comes first:
/// 1. versions locked but never recorded as current: they shipped before the first locked current one (`lock` records
///    only versions at or before the current one), in `releaseGuess` order among themselves;
/// 2. the versions that became current (`LockedBundle.becameCurrent`), in the order they did;
/// 3. every other version (new, or in progress), in the order the numbers in their names suggest (`releaseGuess`).
/// So a new current version comes after the last locked current one whatever its name, and a locked version made
/// current again comes before it.
package struct BundleVersionOrder: Sendable {
    private let history: [String: Int]
    private let locked: Set<String>

    package init(_ locked: LockedBundle?) {
        var history: [String: Int] = [:]
        // A version made current twice (a move back accepted) stands where it was made current last.
        for (index, name) in (locked?.becameCurrent ?? []).enumerated() { history[name] = index }
        self.history = history
        // A version locked by its bytes alone (`unreadable`) shipped as much as one locked with its hashes.
        self.locked = Set(locked?.versions.keys.map { $0 } ?? []).union(locked?.unreadable?.keys.map { $0 } ?? [])
    }

    /// Whether the lockfile records anything about `name`'s place: locked, or once current.
    func isRecorded(_ name: String) -> Bool { history[name] != nil || locked.contains(name) }

    private func rank(_ name: String) -> (group: Int, index: Int) {
        if let index = history[name] { return (1, index) }
        return locked.contains(name) ? (0, 0) : (2, 0)
    }

    package func precedes(_ lhs: String, _ rhs: String) -> Bool {
        let (a, b) = (rank(lhs), rank(rhs))
        if a != b { return a < b }
        return Self.releaseGuess(lhs, rhs)
    }

    /// Where nothing is recorded, the numbers in the names guess the release order better than the names' text:
    /// Stepik's `Model_v5` shipped years before its current `Model_course_acquired_skills_v94`, which text order
    /// puts first (so a first `lock` left 82 shipped versions unlocked); `DataV2` before `DataModelV3`. A name with
    /// no number (Xcode's first version, `Model`; Aidoku's `Shared`) comes first; names whose numbers are equal
    /// keep name order.
    static func releaseGuess(_ lhs: String, _ rhs: String) -> Bool {
        releaseGuess(VersionNameOrder.Key(lhs), VersionNameOrder.Key(rhs))
    }

    /// `releaseGuess` on names split once.
    static func releaseGuess(_ lhs: VersionNameOrder.Key, _ rhs: VersionNameOrder.Key) -> Bool {
        let (a, b) = (lhs.numbers, rhs.numbers)
        if a != b {
            if a.isEmpty || b.isEmpty { return a.isEmpty }
            return a.lexicographicallyPrecedes(b)
        }
        return VersionNameOrder.precedes(lhs, rhs)
    }

    /// `items` in this order by `name`.
    package func sorted<Item>(_ items: [Item], by name: (Item) -> String) -> [Item] {
        // Name order first (each name split once: a hundred versions are compared some thousand times), then stably
        // by what the lockfile records.
        let named = items.map { (item: $0, name: name($0), key: VersionNameOrder.Key(name($0))) }
            .sorted { Self.releaseGuess($0.key, $1.key) }
        return named.enumerated().map { (item: $0.element.item, rank: rank($0.element.name), offset: $0.offset) }
            .sorted { lhs, rhs in lhs.rank != rhs.rank ? lhs.rank < rhs.rank : lhs.offset < rhs.offset }
            .map(\.item)
    }
}
