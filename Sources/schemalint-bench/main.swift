import Foundation
import SchemaLintEngine
import SchemaLintSyntax
#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// `schemalint-bench [PATH] [--generate VxMxP] [--ordinary N] [--threads N]`
/// Prints files, bytes, wall time, files/s, MB/s and peak memory for a full analysis, next to two baselines measured
/// in the same run: reading every byte, and a plain single-threaded SwiftParser pass over every file.
func main() throws {
    var arguments = Array(CommandLine.arguments.dropFirst())
    func option(_ name: String) -> String? {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
        let value = arguments[index + 1]
        arguments.removeSubrange(index...index + 1)
        return value
    }
    let generate = option("--generate")
    let ordinary = Int(option("--ordinary") ?? "0") ?? 0
    let threads = option("--threads").flatMap(Int.init)
    var root = URL(fileURLWithPath: arguments.first ?? FileManager.default.currentDirectoryPath)
    if let generate {
        let parts = generate.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 3 else { throw BenchError.usage }
        root = FileManager.default.temporaryDirectory.appendingPathComponent("schemalint-bench-\(generate)-\(ordinary)")
        try? FileManager.default.removeItem(at: root)
        try SyntheticApp(versions: parts[0], models: parts[1], properties: parts[2], ordinaryFiles: ordinary).write(to: root)
        print("generated \(parts[0]) versions x \(parts[1]) models x \(parts[2]) properties + \(ordinary) ordinary files in \(root.path)")
    }

    let discovery = SourceDiscovery(workingDirectory: root)
    let (readTime, discovered) = try measure { try discovery.discover([]) }
    let bytes = discovered.files.reduce(0) { $0 + $1.bytes.count }
    let (parseTime, _) = measure { discovered.files.map { SwiftFileParser.parse(path: $0.path, bytes: $0.bytes).members.types.count } }
    let (analysisTime, analysis) = try measure { try Analyzer(workingDirectory: root, threads: threads).analyze(paths: [], lockfile: nil) }

    let megabytes = Double(bytes) / 1_048_576
    print("files           \(discovered.files.count) (\(analysis.statistics.filesParsed) parsed)")
    print("bytes           \(bytes) (\(String(format: "%.1f", megabytes)) MB)")
    print("versions        \(analysis.versions.count), findings \(analysis.findings.count)")
    print("wall time       \(ms(analysisTime)) (full analysis: read, scan, parse, hash, rules)")
    print("throughput      \(Int(Double(discovered.files.count) / analysisTime)) files/s, \(String(format: "%.1f", megabytes / analysisTime)) MB/s")
    print("baseline read   \(ms(readTime)) (find and read every byte)   ratio \(String(format: "%.2f", analysisTime / readTime))")
    print("baseline parse  \(ms(parseTime)) (single-threaded SwiftParser over every file)   ratio \(String(format: "%.2f", analysisTime / parseTime))")
    print("peak memory     \(peakMemoryMB()) MB")
}

enum BenchError: Error { case usage }

func measure<T>(_ body: () throws -> T) rethrows -> (Double, T) {
    let start = DispatchTime.now().uptimeNanoseconds
    let value = try body()
    return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, value)
}

func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }

/// Peak resident set size (ru_maxrss is kilobytes on Linux, bytes on macOS).
func peakMemoryMB() -> Int {
    var usage = rusage()
    #if canImport(Darwin)
    getrusage(RUSAGE_SELF, &usage)
    return Int(usage.ru_maxrss) / 1_048_576
    #else
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Int(usage.ru_maxrss) / 1024
    #endif
}

try main()
