// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "schemalint",
    platforms: [.macOS(.v13)],
    // The SwiftPM and Xcode plugins live in their own package (SchemaLintPlugins/): a plugin that depends on the
    // `schemalint` target makes every build of this package compile schemalint and swift-syntax a second time, as
    // a host tool. Users get them with a prebuilt binary (scripts/make-plugins-package.sh).
    products: [
        .executable(name: "schemalint", targets: ["schemalint"]),
        // The analysis engine, usable without the CLI (plugins, tests, other tools).
        .library(
            name: "SchemaLint", targets: [
                "SchemaLintModel", "SchemaLintSyntax", "SchemaLintStore", "SchemaLintRewrite", "SchemaLintBundles",
                "SchemaLintFacts", "SchemaLintRules", "SchemaLintEngine",
            ]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax.git", "600.0.0"..<"604.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams.git", "5.0.0"..<"7.0.0"),
    ],
    targets: [
        // Semantic schema model, Core Data version hashes and the fingerprint. Knows nothing of SwiftSyntax. Its own
        // SHA-2 (SHA2.swift) replaced swift-crypto, whose BoringSSL build was most of schemalint's compile time.
        .target(name: "SchemaLintModel"),
        // Core Data model bundles (`.xcdatamodeld` XML) -> the same store model SwiftData versions map to. Its own
        // small XML reader: no libxml2 on Linux, line numbers for findings, bytes only. Xcode 3's binary `elements`
        // models are keyed archives, read with SchemaLintStore's hardened binary-plist and keyed-archive readers.
        .target(name: "SchemaLintBundles", dependencies: ["SchemaLintModel", "SchemaLintStore"]),
        // Swift source -> semantic model. The only target that imports SwiftSyntax.
        .target(
            name: "SchemaLintSyntax",
            dependencies: [
                "SchemaLintModel",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        // Source edits (`check --fix`, `bump`) carried out on syntax trees; knows the model's locations, not its rules.
        .target(
            name: "SchemaLintRewrite",
            dependencies: [
                "SchemaLintModel",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        // The system's SQLite (libsqlite3-dev on Debian; part of the SDK on macOS).
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        // The system's zlib (zlib1g-dev on Debian; in every Apple SDK), to inflate a store's cached model.
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // Reading real store files (metadata and cached model) safely, to check them against the source.
        // Apple platforms use the SDK's SQLite3 module; elsewhere the system library through CSQLite.
        .target(
            name: "SchemaLintStore",
            dependencies: [
                "SchemaLintModel", "CZlib",
                .target(name: "CSQLite", condition: .when(platforms: [.linux, .android, .windows, .openbsd])),
            ]),
        // What rules read: findings, the lockfile's types (not its reading or writing), the store topology and its
        // queries, the diff, Core Data version judgements, plan usage, and `RuleContext` holding them. No IO.
        .target(name: "SchemaLintFacts", dependencies: ["SchemaLintModel", "SchemaLintStore"]),
        // Every rule, one per file, `Rule` and the registry. Sees the model and the facts only: lockfile IO, history,
        // fixes, discovery and reporters live in SchemaLintEngine, which a rule cannot import.
        .target(
            name: "SchemaLintRules",
            dependencies: ["SchemaLintModel", "SchemaLintFacts"],
            plugins: [.plugin(name: "RuleCatalogPlugin")]
        ),
        // File discovery, lockfile IO, history, fixes, reporters: the pipeline the CLI drives; runs the rules.
        .target(
            name: "SchemaLintEngine",
            dependencies: [
                "SchemaLintModel", "SchemaLintSyntax", "SchemaLintStore", "SchemaLintRewrite", "SchemaLintBundles",
                "SchemaLintFacts", "SchemaLintRules",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // Rules/*.md embedded in SchemaLintRules at build time.
        .executableTarget(name: "rule-catalog-generator"),
        .plugin(name: "RuleCatalogPlugin", capability: .buildTool(), dependencies: ["rule-catalog-generator"]),
        .executableTarget(
            name: "schemalint",
            dependencies: [
                "SchemaLintEngine",
                "SchemaLintModel",
                "SchemaLintStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // A release on Linux is linked at a fixed address: the loader then applies none of the 130,000
            // relocations a position-independent binary of this size carries, nor copies the pages they touch, on
            // every run (about 6 ms of a 90 ms check of a large app; docs/internals.md).
            linkerSettings: [
                .unsafeFlags(["-Xclang-linker", "-no-pie"], .when(platforms: [.linux], configuration: .release))
            ]
        ),
        // `swift run -c release schemalint-bench` generates synthetic apps and times the analysis.
        .executableTarget(
            name: "schemalint-bench",
            dependencies: ["SchemaLintEngine", "SchemaLintSyntax", "SchemaLintModel", "SchemaLintStore"]
        ),
        .testTarget(
            name: "SchemaLintTests",
            dependencies: [
                "SchemaLintEngine", "SchemaLintSyntax", "SchemaLintModel", "SchemaLintStore", "SchemaLintRewrite",
                "SchemaLintBundles", "SchemaLintFacts", "SchemaLintRules",
                .target(name: "CSQLite", condition: .when(platforms: [.linux, .android, .windows, .openbsd])),
            ],
            resources: [.copy("Fixtures")]
        ),
        // Mutates the fixture projects and checks that analysis never crashes, hangs or misreports.
        // Bounded for CI; SCHEMALINT_FUZZ_ITERATIONS=5000 for a longer run.
        .testTarget(
            name: "SchemaLintFuzzTests",
            dependencies: ["SchemaLintEngine", "SchemaLintSyntax", "SchemaLintModel"]
        ),
    ]
)
