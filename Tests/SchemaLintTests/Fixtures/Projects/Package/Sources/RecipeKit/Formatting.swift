public func formattedTitle(_ title: String) -> String { title.capitalized }
