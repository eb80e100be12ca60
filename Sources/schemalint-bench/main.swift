import Foundation
import SchemaLintEngine
import SchemaLintStore
import SchemaLintSyntax
#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// schemalint-bench: measures `schemalint check` on generated or existing trees.
///
///     schemalint-bench --generate VxMxP [--ordinary F]   a synthetic app (V versions × M models × P properties
///                                                        + F ordinary files)
///     schemalint-bench PATH                              an existing tree
///     schemalint-bench --scaling                         the scaling table over growing V × M
///     schemalint-bench --suite [PATH...]                 the speed goals: each tree and the synthetic apps
///     schemalint-bench --coredata                        the synthetic Core Data app (100 versions × 40 entities,
///                                                        20 mapping models, locked)
///     ... --stores GLOB                                  also times `check --stores GLOB` (store fixtures verified)
///
/// It runs the real `schemalint` binary built next to it and compares, in the same run, with `grep -rlE` for the
/// SwiftData keywords over the same files and with a plain single-threaded SwiftParser pass over every file.
struct Bench {
    let schemalint: URL
    var repeats = 3
    /// Runs of `check` and of grep, in turns, whose medians are compared (`inTurns`).
    var rounds = 11
    /// `--stores`: store fixtures to verify in a second timed run (absolute glob).
    var stores: String?

    static let keywords = [
        "VersionedSchema", "SchemaMigrationPlan", "@Model", "MigrationStage", "ModelContainer",
        "modelContainer", "ModelConfiguration",
    ].joined(separator: "|")

    /// One tree's figures, all measured in the same run.
    struct Figures {
        var files: Int
        var parsed: Int
        var bytes: Int
        var check: Double
        var grep: Double
        var parse: Double
    }

    func figures(of root: URL) throws -> Figures {
        var discovery = SourceDiscovery(workingDirectory: root)
        discovery.keepsAllBytes = true
        let files = try discovery.discover([]).files
        let (check, grep) = try inTurns(
            { try run(schemalint, ["check", "."], in: root, allowedStatus: [0, 1, 2]) },
            {
                try run(
                    URL(fileURLWithPath: "/usr/bin/env"), ["grep", "-rlE", Self.keywords, "--include=*.swift", "."],
                    in: root, allowedStatus: [0, 1])
            })
        let parse = measure {
            files.reduce(0) { $0 + SwiftFileParser.parse(path: $1.path, bytes: $1.bytes).members.types.count }
        }.seconds
        return Figures(
            files: files.count, parsed: try parsedCount(root), bytes: files.reduce(0) { $0 + $1.bytes.count },
            check: check, grep: grep, parse: parse)
    }

    func report(_ root: URL) throws {
        let figures = try self.figures(of: root)
        let megabytes = Double(figures.bytes) / 1_048_576
        let check = figures.check
        print("files           \(figures.files), \(figures.parsed) parsed by schemalint")
        print("bytes           \(figures.bytes) (\(String(format: "%.1f", megabytes)) MB)")
        print(
            "wall time       \(ms(check)) (schemalint check, median of \(rounds) in turns with grep, process start "
                + "included)")
        print(
            "throughput      \(Int(Double(figures.files) / check)) files/s, "
                + "\(String(format: "%.1f", megabytes / check)) MB/s"
        )
        print("vs grep -rlE    \(ms(figures.grep))   ratio \(String(format: "%.2f", check / figures.grep))")
        print(
            "vs parse all    \(ms(figures.parse)) (single-threaded SwiftParser)   ratio "
                + "\(String(format: "%.2f", check / figures.parse))"
        )
        print("peak memory     \(peakChildMemoryMB()) MB (largest schemalint process)")
        if let stores {
            let paths = try StoreFixtures.locate([stores], base: root.path)
            let withStores = try best {
                try run(schemalint, ["check", ".", "--stores", stores], in: root, allowedStatus: [0, 1, 2])
            }
            let read = measure { paths.compactMap { try? StoreReader.metadata(of: $0) }.count }
            print(
                "with stores     \(ms(withStores)) (check --stores, \(paths.count) store files)   "
                    + "+\(ms(max(0, withStores - check)))"
            )
            print(
                "store reading   \(ms(read.seconds / Double(max(1, paths.count)))) per store (copy, metadata, "
                    + "inflate and decode the cached model; \(read.value) read)"
            )
        }
    }

    /// `--suite TREE...`: the speed goals in one run: each tree against grep, the synthetic SwiftData app
    /// (20 versions × 20 models × 8 properties + 2,000 ordinary files) against parsing every file, and the synthetic
    /// Core Data app with its lockfile (`generateLocked`) against grep.
    func suite(_ trees: [URL]) throws {
        let pad = { (text: String, width: Int) in text.padding(toLength: width, withPad: " ", startingAt: 0) }
        print(
            pad("tree", 34) + pad("files", 7) + pad("parsed", 8) + pad("check", 10) + pad("grep", 10)
                + pad("x grep", 8) + pad("parse all", 11) + "x parse")
        let synthetic = try generate(SyntheticApp(versions: 20, models: 20, properties: 8, ordinaryFiles: 2000))
        let coreData = try generateLocked(SyntheticCoreDataApp())
        let rows =
            trees.map { ($0.lastPathComponent, $0) } + [
                ("synthetic 20x20x8 + 2000", synthetic), ("synthetic Core Data 100x40 + maps", coreData),
            ]
        for (name, root) in rows {
            let figures = try self.figures(of: root)
            print(
                pad(name, 34) + pad("\(figures.files)", 7) + pad("\(figures.parsed)", 8) + pad(ms(figures.check), 10)
                    + pad(ms(figures.grep), 10) + pad(String(format: "%.2f", figures.check / figures.grep), 8)
                    + pad(ms(figures.parse), 11) + String(format: "%.2f", figures.check / figures.parse))
        }
    }

    /// The synthetic Core Data app (`SyntheticCoreDataApp`), locked with `schemalint lock`; fails when a run with
    /// that lockfile decodes the models its mapping models embed (the lockfile records what comparing them gave:
    /// decoding them on every run once cost a fifth of a woocommerce-ios `check`), or when a run without it decodes
    /// none (then the case would measure nothing).
    func generateLocked(_ app: SyntheticCoreDataApp) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "schemalint-bench-coredata-\(app.versions)x\(app.entities)-\(app.mappingModels)-\(app.ordinaryFiles)")
        try? FileManager.default.removeItem(at: root)
        try app.write(to: root)
        try run(schemalint, ["lock"], in: root, allowedStatus: [0, 1])
        let unlocked = try embeddedModelsDecoded(in: root, takingRecorded: false)
        guard unlocked == 2 * app.mappedSteps.count else {
            throw BenchError.failed(
                "a run without the lockfile decoded \(unlocked) embedded models in \(root.path), not "
                    + "\(2 * app.mappedSteps.count): the Core Data case would not show them decoded")
        }
        let locked = try embeddedModelsDecoded(in: root, takingRecorded: true)
        guard locked == 0 else {
            throw BenchError.failed(
                "a check with the lockfile decoded \(locked) models that mapping models embed in \(root.path): "
                    + "the lockfile records what comparing them gave, so none should be")
        }
        return root
    }

    /// How many embedded models discovery decodes in `root` (in this process, as `check` would: `takingRecorded`
    /// with the lockfile, as `lock` does without).
    func embeddedModelsDecoded(in root: URL, takingRecorded: Bool) throws -> Int {
        let previous = FileManager.default.currentDirectoryPath
        guard FileManager.default.changeCurrentDirectoryPath(root.path) else {
            throw BenchError.failed("cannot enter \(root.path)")
        }
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        let before = ArchivedDataModel.decodedCount
        var discovery = AppDiscovery(paths: [], workingDirectory: root.path, configuration: Configuration())
        discovery.readingLockfiles = true
        discovery.takingRecorded = takingRecorded
        _ = try discovery.run()
        return ArchivedDataModel.decodedCount - before
    }

    /// How many files `schemalint check` parsed, from its JSON summary.
    func parsedCount(_ root: URL) throws -> Int {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("schemalint-bench-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = schemalint
        process.arguments = ["check", ".", "--reporter", "json"]
        process.currentDirectoryURL = root
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any]
        return (object?["summary"] as? [String: Any])?["filesParsed"] as? Int ?? -1
    }

    func scaling(_ sizes: [(Int, Int)], properties: Int) throws {
        print("versions x models   files   wall time   per version x model")
        for (versions, models) in sizes {
            let root = try generate(
                SyntheticApp(versions: versions, models: models, properties: properties, ordinaryFiles: 0))
            let time = try best { try run(schemalint, ["check", "."], in: root, allowedStatus: [0, 1]) }
            let pad = { (text: String, width: Int) in text.padding(toLength: width, withPad: " ", startingAt: 0) }
            print(
                pad("\(versions) x \(models)", 20) + pad("\(versions * (models + 1) + 1)", 8) + pad(ms(time), 12)
                    + String(format: "%.3f ms", time * 1000 / Double(versions * models)))
        }
    }

    func generate(_ app: SyntheticApp) throws -> URL {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent(
                "schemalint-bench-\(app.versions)x\(app.models)x\(app.properties)-\(app.ordinaryFiles)")
        try? FileManager.default.removeItem(at: root)
        try app.write(to: root)
        return root
    }

    /// `first` and `second` run in turns, `rounds` times each, and the median time of each. On a machine that shares
    /// its cores, a slow spell slows both alike, and a median is not one lucky run: a ratio of these holds still
    /// where the best of three apart moved by a third.
    func inTurns(_ first: () throws -> Void, _ second: () throws -> Void) throws -> (Double, Double) {
        var (firstTimes, secondTimes): ([Double], [Double]) = ([], [])
        for _ in 0..<rounds {
            firstTimes.append(try measure(first).seconds)
            secondTimes.append(try measure(second).seconds)
        }
        let median = { (times: [Double]) in times.sorted()[times.count / 2] }
        return (median(firstTimes), median(secondTimes))
    }

    /// The best of `repeats` timings (the least disturbed by the rest of the machine).
    func best(_ body: () throws -> Void) throws -> Double {
        var times: [Double] = []
        for _ in 0..<repeats { times.append(try measure(body).seconds) }
        return times.min()!
    }

    /// Runs a program with posix_spawn and waits with waitpid: Foundation's `Process.waitUntilExit` polls every
    /// 50 ms on Linux, which would swamp the timings.
    func run(_ executable: URL, _ arguments: [String], in directory: URL, allowedStatus: Set<Int32>) throws {
        let previous = FileManager.default.currentDirectoryPath
        guard FileManager.default.changeCurrentDirectoryPath(directory.path) else {
            throw BenchError.failed("cannot enter \(directory.path)")
        }
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?  // an opaque pointer on Darwin, a struct on glibc
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchError.failed("cannot start \(executable.path): error \(spawned)") }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        let exitCode = (status >> 8) & 0xFF
        guard status & 0x7F == 0, allowedStatus.contains(exitCode) else {
            throw BenchError.failed(
                "\(executable.lastPathComponent) \(arguments.joined(separator: " ")) ended with status \(status)")
        }
    }
}

enum BenchError: Error { case usage, failed(String) }

func measure<T>(_ body: () throws -> T) rethrows -> (seconds: Double, value: T) {
    let start = DispatchTime.now().uptimeNanoseconds
    let value = try body()
    return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, value)
}

func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }

/// Peak resident set size of the largest child so far (ru_maxrss is kilobytes on Linux, bytes on macOS).
func peakChildMemoryMB() -> Int {
    var usage = rusage()
    #if canImport(Darwin)
        getrusage(RUSAGE_CHILDREN, &usage)
        return Int(usage.ru_maxrss) / 1_048_576
    #else
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        return Int(usage.ru_maxrss) / 1024
    #endif
}

func main() throws {
    var arguments = Array(CommandLine.arguments.dropFirst())
    func option(_ name: String) -> String? {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
        defer { arguments.removeSubrange(index...index + 1) }
        return arguments[index + 1]
    }
    func flag(_ name: String) -> Bool {
        guard let index = arguments.firstIndex(of: name) else { return false }
        arguments.remove(at: index)
        return true
    }
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("schemalint")
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
        throw BenchError.failed("build schemalint first: \(binary.path) is missing (swift build -c release)")
    }
    var bench = Bench(schemalint: binary)
    bench.stores = option("--stores")
    if flag("--suite") {
        try bench.suite(arguments.map { URL(fileURLWithPath: $0) })
        return
    }
    if flag("--coredata") {
        let root = try bench.generateLocked(SyntheticCoreDataApp())
        print("generated and locked a Core Data app (100 versions x 40 entities, 20 mapping models) in \(root.path)")
        try bench.report(root)
        return
    }
    if flag("--scaling") {
        try bench.scaling(
            [(10, 10), (20, 20), (40, 20), (50, 40), (100, 40)], properties: Int(option("--properties") ?? "6") ?? 6)
        return
    }
    let ordinary = Int(option("--ordinary") ?? "0") ?? 0
    if let generate = option("--generate") {
        let parts = generate.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 3 else { throw BenchError.usage }
        let root = try bench.generate(
            SyntheticApp(versions: parts[0], models: parts[1], properties: parts[2], ordinaryFiles: ordinary))
        print(
            "generated \(parts[0]) versions x \(parts[1]) models x \(parts[2]) properties + \(ordinary) ordinary "
                + "files in \(root.path)"
        )
        try bench.report(root)
    } else {
        try bench.report(URL(fileURLWithPath: arguments.first ?? FileManager.default.currentDirectoryPath))
    }
}

do {
    try main()
} catch {
    FileHandle.standardError.write(Data("schemalint-bench: \(error)\n".utf8))
    exit(2)
}
