/// Values a command keeps until the process exits: a large app's analysis (every model version, its lockfile, its
/// project) takes about as long to free as to print, and the system reclaims it at exit anyway.
enum ProcessLifetime {
    nonisolated(unsafe) private static var kept: [Any] = []

    static func keep(_ values: Any...) { kept.append(contentsOf: values) }
}
