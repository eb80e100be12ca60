// swift-tools-version:6.0
// schemalint's SwiftPM and Xcode plugins. Here they run schemalint built from this checkout (for developing
// schemalint). Releases publish the same plugin files with a prebuilt binary instead, so an app never compiles
// swift-syntax: scripts/make-plugins-package.py replaces the three lines marked `schemalint:` below.
import PackageDescription

let tool = Target.Dependency.product(name: "schemalint", package: "schemalint")  // schemalint:tool
let toolPackages: [Package.Dependency] = [.package(name: "schemalint", path: "..")]  // schemalint:tool-packages
let toolTargets: [Target] = []  // schemalint:tool-targets

let package = Package(
    name: "SchemaLintPlugins",
    platforms: [.macOS(.v13)],
    products: [
        .plugin(name: "SchemaLintBuildToolPlugin", targets: ["SchemaLintBuildToolPlugin"]),
        .plugin(name: "SchemaLintCommandPlugin", targets: ["SchemaLintCommandPlugin"]),
        .plugin(name: "SchemaLintLockPlugin", targets: ["SchemaLintLockPlugin"]),
    ],
    dependencies: toolPackages,
    targets: toolTargets + [
        // Findings as build diagnostics on every build of a SwiftPM target or an Xcode app target.
        .plugin(name: "SchemaLintBuildToolPlugin", capability: .buildTool(), dependencies: [tool]),
        // `swift package plugin schemalint [check options]`, and the project's context menu in Xcode.
        .plugin(
            name: "SchemaLintCommandPlugin",
            capability: .command(
                intent: .custom(
                    verb: "schemalint", description: "Check SwiftData schema versions and migration plans")),
            dependencies: [tool]
        ),
        // `swift package --allow-writing-to-package-directory schemalint-lock`: records shipped versions. A plugin
        // of its own, so that checking never asks for write access.
        .plugin(
            name: "SchemaLintLockPlugin",
            capability: .command(
                intent: .custom(
                    verb: "schemalint-lock", description: "Record shipped schema versions in schemalint.lock"),
                permissions: [.writeToPackageDirectory(reason: "schemalint lock writes schemalint.lock")]
            ),
            dependencies: [tool]
        ),
    ]
)
