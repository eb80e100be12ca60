import Foundation

/// Milliseconds since the first mark, per stage, on standard error when `SCHEMALINT_TRACE` is set: where a run's
/// time goes, on a user's machine as on ours, without a profiler. Costs one environment lookup otherwise.
public enum StageTrace {
    private static let enabled = ProcessInfo.processInfo.environment["SCHEMALINT_TRACE"] != nil
    private static let start = DispatchTime.now().uptimeNanoseconds

    public static func mark(_ stage: @autoclosure () -> String) {
        guard enabled else { return }
        let origin = start  // a static is set on first use: before the clock is read, never after
        let tenths = (DispatchTime.now().uptimeNanoseconds - origin) / 100_000
        let line = "schemalint: trace: \(tenths / 10).\(tenths % 10) ms \(stage())\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
