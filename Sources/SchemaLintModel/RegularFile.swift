import Foundation

#if canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
    private func systemOpen(_ path: String, _ flags: Int32) -> Int32 { Darwin.open(path, flags) }
#elseif canImport(Glibc)
    import Glibc
    private let systemRead = Glibc.read
    private func systemOpen(_ path: String, _ flags: Int32) -> Int32 { Glibc.open(path, flags) }
#endif

/// The one way schemalint reads a file from disk: sources, lockfiles, project files, model bundles, baselines and
/// configuration. A path is read only when it is a regular file of a sane size. A named pipe would block the run
/// forever, a device (a link to `/dev/zero`) would be read without end, and a file of gigabytes is not something
/// anyone wrote by hand: each is named with a reason instead of read.
///
/// The kind is looked at before the file is opened (opening some devices does something), and again on the open
/// descriptor, which is opened non-blocking: a pipe put in the file's place in between cannot block the open.
public enum RegularFile {
    /// The largest file read: far above any lockfile, project file or model version seen (tens of megabytes).
    public static let sizeLimit = 256 << 20

    /// Why a file was not read. `description` finishes "… cannot be read: <description>".
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case missing
        case permissionDenied
        /// A named pipe, a device, a socket or a folder: `kind` names which.
        case notRegular(kind: String)
        case tooLarge(bytes: Int, limit: Int)
        case system(String)

        public var description: String {
            switch self {
            case .missing: return "it does not exist"
            case .permissionDenied: return "permission denied (check its permissions)"
            case let .notRegular(kind): return "it is \(kind), not a regular file"
            case let .tooLarge(bytes, limit):
                return "it holds \(megabytes(bytes)), more than the \(megabytes(limit)) schemalint reads"
            case let .system(reason): return reason
            }
        }

        /// Rounded up: a file just over the limit must not read as the limit itself.
        private func megabytes(_ bytes: Int) -> String {
            bytes >= 1 << 20 ? "\((bytes + (1 << 20) - 1) >> 20) MB" : "\(bytes) bytes"
        }
    }

    /// What the kind bits of `mode` name when they are not a regular file's.
    static func kind(of mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: return "a named pipe (FIFO)"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        case S_IFDIR: return "a folder"
        default: return "a special file"
        }
    }

    private static func failure(errno code: Int32) -> Failure {
        switch code {
        case ENOENT, ENOTDIR: return .missing
        case EACCES, EPERM: return .permissionDenied
        default: return .system(String(cString: strerror(code)))
        }
    }

    /// Whether `info` is a regular file no larger than `limit`.
    private static func check(_ info: stat, limit: Int) -> Failure? {
        if let kind = kind(of: info.st_mode) { return .notRegular(kind: kind) }
        if Int(info.st_size) > limit { return .tooLarge(bytes: Int(info.st_size), limit: limit) }
        return nil
    }

    /// The file's status (links followed) when it is a regular file no larger than `limit`; nothing is opened.
    /// For files another library opens by path (a SQLite store).
    public static func status(_ path: String, limit: Int = sizeLimit) -> Result<stat, Failure> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(failure(errno: errno)) }
        if let problem = check(info, limit: limit) { return .failure(problem) }
        return .success(info)
    }

    /// The whole file, in a new array.
    public static func bytes(_ path: String, limit: Int = sizeLimit) -> Result<[UInt8], Failure> {
        var buffer: [UInt8] = []
        return read(path, into: &buffer, limit: limit).map { count, _ in
            buffer.removeSubrange(count...)
            return buffer
        }
    }

    /// The file's bytes as text (UTF-8, invalid bytes replaced).
    public static func text(_ path: String, limit: Int = sizeLimit) -> Result<String, Failure> {
        bytes(path, limit: limit).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The whole file into the front of `bytes` (grown as needed, never shrunk), with one open and as few reads as
    /// its size allows; returns how many bytes it holds and its status. `folder`: an open folder descriptor holding
    /// the file under `name` (then `path` is only what a failure names). `kindKnown`: the caller has just seen
    /// that it is a regular file (the walk's directory entry), so it is not looked at before it is opened.
    public static func read(
        _ path: String, in folder: Int32? = nil, name: String = "", into bytes: inout [UInt8],
        limit: Int = sizeLimit, kindKnown: Bool = false
    ) -> Result<(count: Int, info: stat), Failure> {
        if !kindKnown {
            var before = stat()
            let statted = folder.map { fstatat($0, name, &before, 0) } ?? stat(path, &before)
            guard statted == 0 else { return .failure(failure(errno: errno)) }
            if let problem = check(before, limit: limit) { return .failure(problem) }
        }
        let flags = O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC
        let descriptor = folder.map { openat($0, name, flags) } ?? systemOpen(path, flags)
        guard descriptor >= 0 else { return .failure(failure(errno: errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(failure(errno: errno)) }
        // Replaced between the look and the open: judged again on what was opened.
        if let problem = check(info, limit: limit) { return .failure(problem) }
        let expected = Int(info.st_size)
        if bytes.count < expected + 1 {
            // Filled by `read` straight away: no zeroing first (lockfiles and project files run to megabytes).
            let size = expected + 1
            bytes = [UInt8](unsafeUninitializedCapacity: size) { _, initialized in initialized = size }
        }
        var filled = 0
        while true {
            if filled == bytes.count {
                // Grown since it was looked at: read on, but never past the limit.
                guard filled <= limit else { return .failure(.tooLarge(bytes: filled, limit: limit)) }
                bytes.append(contentsOf: repeatElement(0, count: max(4096, bytes.count)))
            }
            let count = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(failure(errno: errno))
            }
            if count == 0 { break }
            filled += count
            // A regular file of the size fstat gave is whole: no extra read(2) just to see end of file.
            if filled == expected { break }
        }
        if filled > limit { return .failure(.tooLarge(bytes: filled, limit: limit)) }
        return .success((filled, info))
    }
}
