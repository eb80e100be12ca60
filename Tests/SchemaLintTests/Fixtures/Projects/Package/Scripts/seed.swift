// Run by hand (`swift Scripts/seed.swift`) to print demo recipes; SwiftPM never builds it, but another tool might.
for title in ["Pancakes", "Soup"] { print(title) }
