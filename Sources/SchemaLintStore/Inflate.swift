import CZlib

/// Raw DEFLATE (no zlib header, `wbits = -15`), the encoding of `Z_MODELCACHE.Z_CONTENT`, inflated by the system's
/// zlib. A damaged or hostile stream gives an error; the output is capped so a small "bomb" cannot exhaust memory.
enum Inflate {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Cached models of real apps are a few hundred kilobytes; 256 MB is far beyond any of them.
    static let outputLimit = 256 << 20

    static func raw(_ input: [UInt8], limit: Int = outputLimit) throws -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Failure(description: "zlib could not start inflating")
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var input = input
        return try input.withUnsafeMutableBufferPointer { source -> [UInt8] in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            while true {
                let status: Int32 = chunk.withUnsafeMutableBufferPointer { buffer in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk.count - Int(stream.avail_out)
                output += chunk[0..<produced]
                guard output.count <= limit else {
                    throw Failure(description: "the cached model inflates to more than \(limit >> 20) MB")
                }
                switch status {
                case Z_STREAM_END:
                    return output
                case Z_OK:
                    if produced == 0 && stream.avail_in == 0 {
                        throw Failure(description: "the cached model is truncated")
                    }
                case Z_BUF_ERROR:
                    throw Failure(description: "the cached model is truncated")
                default:
                    let message = stream.msg.map { String(cString: $0) } ?? "status \(status)"
                    throw Failure(description: "the cached model is not valid DEFLATE data (\(message))")
                }
            }
        }
    }
}
