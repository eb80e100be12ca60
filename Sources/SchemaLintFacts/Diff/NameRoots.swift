/// Whether two property names could be one name renamed: they share a word that means something (camel-case words,
/// lower-cased, digits dropped), not only a generic one such as `Data`, `Id`, `Raw` or `At`.
package enum NameRoots {
    /// Words that name a kind of value rather than what it is: sharing only these is no evidence of a rename.
    private static let generic: Set<String> = [
        "at", "by", "count", "data", "date", "flag", "has", "id", "ids", "is", "json", "new", "old", "raw", "string",
        "url", "value", "values",
    ]

    /// One name made plural or singular: `flavor` and `flavors`, `category` and `categories`.
    static func near(_ first: String, _ second: String) -> Bool {
        let (short, long) = first.count <= second.count ? (first, second) : (second, first)
        guard short != long, short.count >= 3 else { return false }
        if long == short + "s" || long == short + "es" { return true }
        return short.hasSuffix("y") && long == short.dropLast() + "ies"
    }

    /// Whether the words they share are at least half of each name's meaningful words: `currentIndex` and
    /// `musicIndex` do, `nightWageStartTime` (when a night wage starts) and `startDate` (when a job began, JobShift)
    /// share only one word of four and are as likely two different things.
    package static func share(_ first: String, _ second: String) -> Bool {
        let (a, b) = (words(first), words(second))
        let shared = a.intersection(b).count
        return shared > 0 && shared * 2 >= a.count && shared * 2 >= b.count
    }

    /// The meaningful words both names have, sorted.
    package static func sharedWords(_ first: String, _ second: String) -> [String] {
        words(first).intersection(words(second)).sorted()
    }

    /// Two names of one generic kind that each qualify it with a word of their own and share none (`shortURL` and
    /// `shareURL`, `createdAt` and `updatedAt`, `contextData` and `metricsData`): the names themselves say they hold
    /// two different things of that kind. Names that share no word at all (`name`, `title`) say nothing either way,
    /// and `url` → `shareURL` only adds a qualifier.
    package static func twoOfAKind(_ first: String, _ second: String) -> Bool {
        let (a, b) = (allWords(first), allWords(second))
        let (qualifiers, others) = (a.subtracting(generic), b.subtracting(generic))
        return !a.intersection(b).intersection(generic).isEmpty && !qualifiers.isEmpty && !others.isEmpty
            && qualifiers.isDisjoint(with: others)
    }

    static func words(_ name: String) -> Set<String> {
        allWords(name).subtracting(generic)
    }

    /// Camel-case (or snake-case) words, lower-cased, digits dropped, generic ones kept.
    private static func allWords(_ name: String) -> Set<String> {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in name {
            let boundary =
                character == "_" || character.isNumber
                || (character.isUppercase && previous.map { $0.isLowercase } == true)
            if boundary, !current.isEmpty {
                words.append(current)
                current = ""
            }
            if character.isLetter { current.append(character) }
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        return Set(words.map { $0.lowercased() })
    }
}
