import Foundation
import SchemaLintEngine

/// A small Xcode 16 project for tests, written as `project.pbxproj` text: each target compiles one synchronized
/// folder (targets may share one) and has Debug and Release configurations, as the project itself does (whose
/// settings say `SDKROOT = iphoneos`). Configurations are `B<target><0 Debug, 1 Release>`, so a test can add one.
enum TestXcodeProject {
    struct Target {
        var name: String
        var folder: String
        var productType = "com.apple.product-type.application"
        /// Build settings by configuration name (`Debug`, `Release`).
        var settings: [String: [String: String]] = [:]
        /// Whether its configurations are based on `Base.xcconfig`, which the project lists and no test writes.
        var xcconfig = false
        /// The Swift package products it links (`packageProductDependencies`).
        var packageProducts: [String] = []
        /// Targets of the project it depends on (`dependencies`), by name.
        var dependencies: [String] = []
        /// Targets whose product it links in a Frameworks phase with no listed dependency, by name.
        var linked: [String] = []

        init(
            name: String, folder: String? = nil, productType: String = "com.apple.product-type.application",
            settings: [String: [String: String]] = [:], xcconfig: Bool = false
        ) {
            self.name = name
            self.folder = folder ?? name
            self.productType = productType
            self.settings = settings
            self.xcconfig = xcconfig
        }

        /// Sets `key` in both configurations.
        mutating func set(_ key: String, _ value: String) {
            for configuration in ["Debug", "Release"] { settings[configuration, default: [:]][key] = value }
        }
    }

    static func text(_ targets: [Target], projectSettings: [String: [String: String]] = [:]) -> String {
        let written = { (settings: [String: String]?) in
            (settings ?? [:]).sorted { $0.key < $1.key }.map { "\"\($0.key)\" = \"\($0.value)\"; " }.joined()
        }
        var objects = ""
        var folders: [String: String] = [:]
        for (index, target) in targets.enumerated() {
            let number = index + 1
            var configurations: [String] = []
            for (offset, name) in ["Debug", "Release"].enumerated() {
                let id = "B\(number)\(offset)"
                configurations.append(id)
                let base = target.xcconfig ? "baseConfigurationReference = X1; " : ""
                objects +=
                    "        \(id) = {isa = XCBuildConfiguration; \(base)buildSettings = "
                    + "{\(written(target.settings[name]))}; name = \(name); };\n"
            }
            if folders[target.folder] == nil {
                folders[target.folder] = "G\(number)"
                objects += """
                            G\(number) = {isa = PBXFileSystemSynchronizedRootGroup; path = \(target.folder); \
                    sourceTree = "<group>"; };

                    """
            }
            let products = target.packageProducts.indices.map { "P\(number)\($0)" }
            for (id, product) in zip(products, target.packageProducts) {
                objects += "        \(id) = {isa = XCSwiftPackageProductDependency; productName = \(product); };\n"
            }
            let index = { (name: String) in (targets.firstIndex { $0.name == name } ?? -1) + 1 }
            let dependencies = target.dependencies.indices.map { "T\(number)\($0)" }
            for (id, name) in zip(dependencies, target.dependencies) {
                objects += "        \(id) = {isa = PBXTargetDependency; target = D\(index(name)); };\n"
            }
            let linked = target.linked.indices.map { "Q\(number)\($0)" }
            for (id, name) in zip(linked, target.linked) {
                objects += "        \(id) = {isa = PBXBuildFile; fileRef = R\(index(name)); };\n"
            }
            objects += """
                        D\(number) = {isa = PBXNativeTarget; buildConfigurationList = L\(number); \
                buildPhases = (E\(number), K\(number), ); \
                fileSystemSynchronizedGroups = (\(folders[target.folder]!), ); \
                packageProductDependencies = (\(products.map { "\($0), " }.joined())); \
                dependencies = (\(dependencies.map { "\($0), " }.joined())); productReference = R\(number); \
                name = \(target.name); productType = "\(target.productType)"; };
                        R\(number) = {isa = PBXFileReference; path = \(target.name).product; \
                sourceTree = BUILT_PRODUCTS_DIR; };
                        K\(number) = {isa = PBXFrameworksBuildPhase; files = (\(linked.map { "\($0), " }.joined())); };
                        E\(number) = {isa = PBXSourcesBuildPhase; files = (); };
                        L\(number) = {isa = XCConfigurationList; buildConfigurations = (\
                \(configurations.joined(separator: ", ")), ); };

                """
        }
        let groups = folders.values.sorted().map { "\($0), " }.joined()
        let ids = targets.indices.map { "D\($0 + 1), " }.joined()
        return """
            // !$*UTF8*$!
            {
                archiveVersion = 1;
                classes = {
                };
                objectVersion = 77;
                objects = {
            \(objects)
                    X1 = {isa = PBXFileReference; path = Base.xcconfig; sourceTree = "<group>"; };
                    C1 = {isa = PBXGroup; children = (\(groups)X1, ); sourceTree = "<group>"; };
                    L0 = {isa = XCConfigurationList; buildConfigurations = (B00, B01, ); };
                    B00 = {isa = XCBuildConfiguration; buildSettings = {\(written(projectSettings["Debug"]))\
            SDKROOT = iphoneos; }; name = Debug; };
                    B01 = {isa = XCBuildConfiguration; buildSettings = {\(written(projectSettings["Release"]))\
            SDKROOT = iphoneos; }; name = Release; };
                    F1 = {isa = PBXProject; buildConfigurationList = L0; mainGroup = C1; projectDirPath = ""; \
            projectRoot = ""; targets = (\(ids)); };
                };
                rootObject = F1;
            }
            """
    }
}

extension TestSupport {
    /// Writes `files` (path → text) to a new temporary folder, and returns it.
    static func writeTree(_ files: [String: String]) throws -> URL {
        let root = try temporaryDirectory()
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    /// Writes `files` to a new folder and analyses it from disk, as `schemalint check` would.
    static func analyzeOnDisk(_ files: [String: String], lockfile: Lockfile? = nil) throws -> Analysis {
        let root = try writeTree(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let analysis = try Analyzer(workingDirectory: root, threads: 1).analyze(paths: [], lockfile: lockfile)
        assertMessagesAreShaped(analysis.findings)
        return analysis
    }
}
