import SwiftData

// Run by hand to seed a demo store; not part of the package.
@Model final class SeedRecipe {
    var title: String = ""
    init() {}
}

let seedContainer = try! ModelContainer(for: SeedRecipe.self)
