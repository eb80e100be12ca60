// swift-tools-version:6.0
// An app package that uses schemalint's plugins, for scripts/test-plugins.sh. SCHEMALINT_PLUGINS_PATH names the
// plugins package: the one scripts/make-plugins-package.py writes around an artifact bundle (as users get it), or
// the repository's SchemaLintPlugins/ (schemalint built from source).
import Foundation
import PackageDescription

let plugins = ProcessInfo.processInfo.environment["SCHEMALINT_PLUGINS_PATH"] ?? "../../../SchemaLintPlugins"

let package = Package(
    name: "PluginFixture",
    dependencies: [.package(name: "SchemaLintPlugins", path: plugins)],
    targets: [
        .target(name: "Journal", plugins: [.plugin(name: "SchemaLintBuildToolPlugin", package: "SchemaLintPlugins")])
    ]
)
