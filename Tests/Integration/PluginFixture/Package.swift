// swift-tools-version:6.0
// A package that uses schemalint's plugins, for scripts/test-plugins.sh (the script points SCHEMALINT_PATH at
// the checkout).
import Foundation
import PackageDescription

let schemalint = ProcessInfo.processInfo.environment["SCHEMALINT_PATH"] ?? "../../.."

let package = Package(
    name: "PluginFixture",
    dependencies: [.package(name: "schemalint", path: schemalint)],
    targets: [
        .target(name: "Journal", plugins: [.plugin(name: "SchemaLintBuildToolPlugin", package: "schemalint")]),
    ]
)
