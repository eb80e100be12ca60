/// A fingerprint of a model version's `contents` bytes, recorded by `lock`: a later `check` that finds the same bytes,
/// read by the same reading, takes the version's hashes and snapshot from the lockfile instead of reading the XML
/// again. A large bundle's old versions never change, and reading them was most of a run.
///
/// The form is `<reading>:<byte count>:<XXH64 in hex>`. XXH64 tells accidental changes apart (a 64-bit value over
/// the whole file), and costs a fraction of reading the XML; it is no defence against an edit made to collide, which
/// a model file has no reason to be. `reading` is `ModelContentsReader.readingRevision`: a release that reads model
/// files differently writes another one, so no lockfile of an earlier reading is trusted for it.
public enum ContentsDigest {
    public static func of(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { of($0) }
    }

    public static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        described(XXH64.hash(UnsafeRawBufferPointer(bytes), seed: 0), count: bytes.count)
    }

    /// The digest of `pieces` joined, without joining them (`XXH64.Stream`).
    static func of(pieces: [UnsafeRawBufferPointer]) -> String {
        var stream = XXH64.Stream(seed: 0)
        for piece in pieces { stream.update(piece) }
        return described(stream.digest(), count: pieces.reduce(0) { $0 + $1.count })
    }

    private static func described(_ hash: UInt64, count: Int) -> String {
        let hex = String(hash, radix: 16)
        let padding = String(repeating: "0", count: 16 - hex.count)
        return "\(ModelContentsReader.readingRevision):\(count):\(padding)\(hex)"
    }
}

/// XXH64 (Yann Collet's xxHash, 64-bit variant), as specified in its reference: the same value on every platform,
/// since words are read little-endian.
enum XXH64 {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    static func hash(_ input: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        let count = input.count
        var offset = 0
        var hash: UInt64
        if count >= 32 {
            var lanes = (seed &+ prime1 &+ prime2, seed &+ prime2, seed, seed &- prime1)
            while offset + 32 <= count {
                lanes.0 = round(lanes.0, word(input, offset))
                lanes.1 = round(lanes.1, word(input, offset + 8))
                lanes.2 = round(lanes.2, word(input, offset + 16))
                lanes.3 = round(lanes.3, word(input, offset + 24))
                offset += 32
            }
            hash = converge(lanes)
        } else {
            hash = seed &+ prime5
        }
        hash = hash &+ UInt64(count)
        return finish(hash, input, from: offset)
    }

    /// The last steps: the input left after the 32-byte stripes (from `offset`), then the avalanche.
    private static func finish(_ seeded: UInt64, _ input: UnsafeRawBufferPointer, from start: Int) -> UInt64 {
        var hash = seeded
        var offset = start
        let count = input.count
        while offset + 8 <= count {
            hash ^= round(0, word(input, offset))
            hash = rotate(hash, 27) &* prime1 &+ prime4
            offset += 8
        }
        if offset + 4 <= count {
            let half = UInt64(UInt32(littleEndian: input.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            hash ^= half &* prime1
            hash = rotate(hash, 23) &* prime2 &+ prime3
            offset += 4
        }
        while offset < count {
            hash ^= UInt64(input[offset]) &* prime5
            hash = rotate(hash, 11) &* prime1
            offset += 1
        }
        hash ^= hash >> 33
        hash = hash &* prime2
        hash ^= hash >> 29
        hash = hash &* prime3
        hash ^= hash >> 32
        return hash
    }

    /// The hash of input given in pieces, the same as `hash` of the pieces joined: 32-byte stripes are taken where
    /// the pieces lie, only a stripe that straddles two pieces is copied.
    struct Stream {
        private let seed: UInt64
        private var lanes: (UInt64, UInt64, UInt64, UInt64)
        /// The bytes of a stripe not complete yet (fewer than 32).
        private var pending: [UInt8] = []
        private var total = 0

        init(seed: UInt64) {
            self.seed = seed
            lanes = (seed &+ prime1 &+ prime2, seed &+ prime2, seed, seed &- prime1)
            pending.reserveCapacity(32)
        }

        mutating func update(_ input: UnsafeRawBufferPointer) {
            total += input.count
            var offset = 0
            if !pending.isEmpty {
                let taken = min(32 - pending.count, input.count)
                pending += input[0..<taken]
                offset = taken
                guard pending.count == 32 else { return }
                pending.withUnsafeBytes { stripe(UnsafeRawBufferPointer($0), 0) }
                pending.removeAll(keepingCapacity: true)
            }
            while offset + 32 <= input.count {
                stripe(input, offset)
                offset += 32
            }
            pending += input[offset...]
        }

        private mutating func stripe(_ input: UnsafeRawBufferPointer, _ offset: Int) {
            lanes.0 = round(lanes.0, word(input, offset))
            lanes.1 = round(lanes.1, word(input, offset + 8))
            lanes.2 = round(lanes.2, word(input, offset + 16))
            lanes.3 = round(lanes.3, word(input, offset + 24))
        }

        func digest() -> UInt64 {
            var hash: UInt64
            if total >= 32 {
                hash = converge(lanes)
            } else {
                hash = seed &+ prime5
            }
            hash = hash &+ UInt64(total)
            return pending.withUnsafeBytes { finish(hash, $0, from: 0) }
        }
    }

    private static func word(_ input: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: input.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
        rotate(accumulator &+ input &* prime2, 31) &* prime1
    }

    /// The four lanes folded into one value, once 32 bytes or more went through them.
    private static func converge(_ lanes: (UInt64, UInt64, UInt64, UInt64)) -> UInt64 {
        var hash = rotate(lanes.0, 1) &+ rotate(lanes.1, 7) &+ rotate(lanes.2, 12) &+ rotate(lanes.3, 18)
        hash = merge(hash, lanes.0)
        hash = merge(hash, lanes.1)
        hash = merge(hash, lanes.2)
        return merge(hash, lanes.3)
    }

    private static func merge(_ hash: UInt64, _ lane: UInt64) -> UInt64 {
        (hash ^ round(0, lane)) &* prime1 &+ prime4
    }

    private static func rotate(_ value: UInt64, _ bits: UInt64) -> UInt64 {
        (value << bits) | (value >> (64 - bits))
    }
}
