// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Recipes",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [.library(name: "RecipeStore", targets: ["RecipeStore"])],
    targets: [
        .target(name: "RecipeStore", path: "Sources/Store", exclude: ["Legacy"]),
        .target(name: "RecipeKit"),
        .testTarget(name: "RecipeStoreTests", dependencies: ["RecipeStore"]),
    ]
)
