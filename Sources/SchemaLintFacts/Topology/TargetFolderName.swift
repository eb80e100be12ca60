/// Whether a folder's name marks the folder of a target of its own, as Xcode names them (`ReaderWidget/`,
/// `ShareExtension/`, `WatchKit Extension/`, `TVApp/`, `AppClip/`), read word by word: `Shared/`, `Extensions/`,
/// `Actions/`, `Macros/` or `Clipboard/` hold the app's own code, although their names contain a marker's letters.
package enum TargetFolderName {
    /// Words that mark an extension's folder. `Widgets/` is how widget extensions' folders are often named; plurals
    /// of the other words (`Extensions/`, `Actions/`) are usually folders of the app's own code.
    package static let extensionWords: Set<Substring> = [
        "Widget", "Widgets", "Extension", "Intents", "Share", "Keyboard", "Action",
    ]
    /// Words that mark the folder of another target: an extension, another platform's app, an App Clip.
    package static let targetWords = extensionWords.union(["Watch", "Clip", "TV", "Vision", "Mac"])

    package static func marksTarget(_ folder: Substring) -> Bool {
        words(of: folder).contains { targetWords.contains($0) }
    }

    package static func marksExtension(_ folder: Substring) -> Bool {
        words(of: folder).contains { extensionWords.contains($0) }
    }

    /// The words of a folder name: split at anything but letters and digits, then where a capital starts a word
    /// (`ReaderWidget` → Reader, Widget; `TVApp` → TV, App; `WatchKit Extension` → Watch, Kit, Extension).
    package static func words(of name: Substring) -> [Substring] {
        var words: [Substring] = []
        let characters = Array(name.indices)
        var start: String.Index?
        for (offset, index) in characters.enumerated() {
            let character = name[index]
            guard character.isLetter || character.isNumber else {
                if let begun = start { words.append(name[begun..<index]) }
                start = nil
                continue
            }
            if let begun = start, character.isUppercase, begun != index {
                let previous = name[characters[offset - 1]]
                let next = offset + 1 < characters.count ? name[characters[offset + 1]] : nil
                if !previous.isUppercase || next?.isLowercase == true {
                    words.append(name[begun..<index])
                    start = index
                }
            }
            if start == nil { start = index }
        }
        if let begun = start { words.append(name[begun...]) }
        return words
    }
}
