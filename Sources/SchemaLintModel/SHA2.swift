/// SHA-256 and SHA-512 (FIPS 180-4): the only cryptography schemalint needs (Core Data's version hashes and digest,
/// the lockfile fingerprint, finding fingerprints). Written here instead of depending on swift-crypto, whose BoringSSL
/// build was most of the time every Homebrew, Mint, pre-commit and CI build of schemalint spent compiling. Checked
/// against the standard's test vectors (`SHA2Tests`) and, through the golden tests, against the hashes real stores
/// carry. Call sites read like swift-crypto's: `SHA256.hash(data:)`, `update(data:)`, `finalize()`.
///
/// The one-shot path (`hash(data:)` and the block functions under it) is `@inlinable`: a generic function called from
/// another module runs unspecialised otherwise, every rotation and addition through protocol witnesses, some fifty
/// times slower (`lock` on woocommerce-ios spent 6 of its 7 seconds there, keying entity states).
public struct SHA2<Variant: SHA2Variant>: Sendable {
    @usableFromInline typealias Word = Variant.Word
    private var state = Variant.initialState
    /// Bytes of an unfinished block; at most one block long.
    private var pending: [UInt8] = []
    private var byteCount: UInt64 = 0

    public init() {}

    /// One message's digest with no state kept: hashing runs for every property, entity and version, so this path
    /// allocates only the digest it returns.
    @inlinable public static func hash(data: [UInt8]) -> [UInt8] {
        data.withUnsafeBufferPointer { input in
            withUnsafeTemporaryAllocation(of: Word.self, capacity: 8) { state in
                for (index, word) in Variant.initialState.enumerated() { state[index] = word }
                let whole = input.count / Variant.blockBytes * Variant.blockBytes
                var offset = 0
                while offset < whole {
                    compress(input.baseAddress! + offset, into: state)
                    offset += Variant.blockBytes
                }
                return finish(UnsafeBufferPointer(rebasing: input[whole...]), count: UInt64(input.count), state)
            }
        }
    }

    public mutating func update(data: [UInt8]) {
        byteCount &+= UInt64(data.count)
        let blockBytes = Variant.blockBytes
        if pending.capacity < blockBytes { pending.reserveCapacity(blockBytes) }
        data.withUnsafeBufferPointer { input in
            state.withUnsafeMutableBufferPointer { state in
                var offset = 0
                if !pending.isEmpty {
                    let taken = min(blockBytes - pending.count, input.count)
                    pending += input[0..<taken]
                    offset = taken
                    guard pending.count == blockBytes else { return }
                    pending.withUnsafeBufferPointer { Self.compress($0.baseAddress!, into: state) }
                    pending.removeAll(keepingCapacity: true)
                }
                while input.count - offset >= blockBytes {
                    Self.compress(input.baseAddress! + offset, into: state)
                    offset += blockBytes
                }
                pending += input[offset...]
            }
        }
    }

    /// The digest: the state's words, big-endian, after the padding and the message's length in bits.
    public func finalize() -> [UInt8] {
        withUnsafeTemporaryAllocation(of: Word.self, capacity: 8) { copy in
            for (index, word) in state.enumerated() { copy[index] = word }
            return pending.withUnsafeBufferPointer { Self.finish($0, count: byteCount, copy) }
        }
    }

    /// Pads the last partial block `tail` of a `count`-byte message into one or two blocks on the stack, compresses
    /// them into `state` and returns the digest.
    @inlinable static func finish(
        _ tail: UnsafeBufferPointer<UInt8>, count: UInt64, _ state: UnsafeMutableBufferPointer<Word>
    ) -> [UInt8] {
        let blockBytes = Variant.blockBytes
        let lengthBytes = 2 * Word.bitWidth / 8
        let blocks = tail.count + 1 + lengthBytes > blockBytes ? 2 : 1
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * blockBytes) { buffer in
            let end = blocks * blockBytes
            for index in 0..<end { buffer[index] = 0 }
            for (index, byte) in tail.enumerated() { buffer[index] = byte }
            buffer[tail.count] = 0x80
            let bits = count << 3
            for index in 0..<8 { buffer[end - 1 - index] = UInt8(truncatingIfNeeded: bits >> (index * 8)) }
            for block in 0..<blocks { compress(buffer.baseAddress! + block * blockBytes, into: state) }
        }
        let wordBytes = Word.bitWidth / 8
        return [UInt8](unsafeUninitializedCapacity: 8 * wordBytes) { digest, initialized in
            for (index, word) in state.enumerated() {
                for byte in 0..<wordBytes {
                    digest[index * wordBytes + byte] = UInt8(truncatingIfNeeded: word >> ((wordBytes - 1 - byte) * 8))
                }
            }
            initialized = 8 * wordBytes
        }
    }

    /// One block at `block` into `state`. The message schedule lives on the stack.
    @inlinable static func compress(_ block: UnsafePointer<UInt8>, into state: UnsafeMutableBufferPointer<Word>) {
        let wordBytes = Word.bitWidth / 8
        let rounds = Variant.roundConstants.count
        withUnsafeTemporaryAllocation(of: Word.self, capacity: rounds) { schedule in
            var index = 0
            for t in 0..<16 {
                var word: Word = 0
                for _ in 0..<wordBytes {
                    word = (word &<< 8) | Word(block[index])
                    index += 1
                }
                schedule[t] = word
            }
            let (s0, s1) = (Variant.smallSigma0, Variant.smallSigma1)
            for t in 16..<rounds {
                let x = schedule[t - 15], y = schedule[t - 2]
                let sigma0 = rotate(x, s0.0) ^ rotate(x, s0.1) ^ (x &>> s0.2)
                let sigma1 = rotate(y, s1.0) ^ rotate(y, s1.1) ^ (y &>> s1.2)
                schedule[t] = sigma1 &+ schedule[t - 7] &+ sigma0 &+ schedule[t - 16]
            }
            var (a, b, c, d) = (state[0], state[1], state[2], state[3])
            var (e, f, g, h) = (state[4], state[5], state[6], state[7])
            let (b0, b1) = (Variant.bigSigma0, Variant.bigSigma1)
            Variant.roundConstants.withUnsafeBufferPointer { constants in
                for t in 0..<rounds {
                    let sum1 = rotate(e, b1.0) ^ rotate(e, b1.1) ^ rotate(e, b1.2)
                    let choice = (e & f) ^ (~e & g)
                    let first = h &+ sum1 &+ choice &+ constants[t] &+ schedule[t]
                    let sum0 = rotate(a, b0.0) ^ rotate(a, b0.1) ^ rotate(a, b0.2)
                    let majority = (a & b) ^ (a & c) ^ (b & c)
                    (h, g, f, e, d, c, b, a) = (g, f, e, d &+ first, c, b, a, first &+ sum0 &+ majority)
                }
            }
            state[0] &+= a
            state[1] &+= b
            state[2] &+= c
            state[3] &+= d
            state[4] &+= e
            state[5] &+= f
            state[6] &+= g
            state[7] &+= h
        }
    }

    @inlinable static func rotate(_ word: Word, _ count: Int) -> Word {
        (word &>> count) | (word &<< (Word.bitWidth - count))
    }
}

/// What tells SHA-256 from SHA-512: the word size, the constants and the rotation amounts.
public protocol SHA2Variant: Sendable {
    associatedtype Word: FixedWidthInteger & UnsignedInteger & Sendable
    /// First bits of the fractional parts of the square roots of the first 8 primes.
    static var initialState: [Word] { get }
    /// First bits of the fractional parts of the cube roots of the first 64 (SHA-256) or 80 (SHA-512) primes; one
    /// per round.
    static var roundConstants: [Word] { get }
    static var bigSigma0: (Int, Int, Int) { get }
    static var bigSigma1: (Int, Int, Int) { get }
    /// Two rotations and a shift.
    static var smallSigma0: (Int, Int, Int) { get }
    static var smallSigma1: (Int, Int, Int) { get }
}

extension SHA2Variant {
    @inlinable static var blockBytes: Int { 16 * Word.bitWidth / 8 }
}

public typealias SHA256 = SHA2<SHA256Variant>
public typealias SHA512 = SHA2<SHA512Variant>

public enum SHA256Variant: SHA2Variant {
    public typealias Word = UInt32
    public static let initialState: [UInt32] = [
            0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    ]
    public static let roundConstants: [UInt32] = [
            0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
            0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
            0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
            0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
            0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
            0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
            0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
            0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]
    public static let bigSigma0 = (2, 13, 22)
    public static let bigSigma1 = (6, 11, 25)
    public static let smallSigma0 = (7, 18, 3)
    public static let smallSigma1 = (17, 19, 10)
}

public enum SHA512Variant: SHA2Variant {
    public typealias Word = UInt64
    public static let initialState: [UInt64] = [
            0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
            0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
    ]
    public static let roundConstants: [UInt64] = [
            0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc,
            0x3956c25bf348b538, 0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118,
            0xd807aa98a3030242, 0x12835b0145706fbe, 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2,
            0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235, 0xc19bf174cf692694,
            0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
            0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5,
            0x983e5152ee66dfab, 0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4,
            0xc6e00bf33da88fc2, 0xd5a79147930aa725, 0x06ca6351e003826f, 0x142929670a0e6e70,
            0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df,
            0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
            0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30,
            0xd192e819d6ef5218, 0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8,
            0x19a4c116b8d2d0c8, 0x1e376c085141ab53, 0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8,
            0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3,
            0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
            0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b,
            0xca273eceea26619c, 0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178,
            0x06f067aa72176fba, 0x0a637dc5a2c898a6, 0x113f9804bef90dae, 0x1b710b35131c471b,
            0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c,
            0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817,
    ]
    public static let bigSigma0 = (28, 34, 39)
    public static let bigSigma1 = (14, 18, 41)
    public static let smallSigma0 = (1, 8, 7)
    public static let smallSigma1 = (19, 61, 6)
}
