/// Deterministic mutations of Swift source bytes.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

enum Mutation: CaseIterable {
    case truncate, flipBytes, deleteBrace, doubleBrace, invalidUTF8, byteOrderMark, crlf, duplicateLines

    func apply(_ bytes: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        guard !bytes.isEmpty else { return bytes }
        var result = bytes
        switch self {
        case .truncate:
            result = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
        case .flipBytes:
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                result[Int.random(in: 0..<result.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
            }
        case .deleteBrace, .doubleBrace:
            let brackets = Set("{}[]()".utf8)
            let positions = result.indices.filter { brackets.contains(result[$0]) }
            guard let position = positions.randomElement(using: &random) else { return result }
            if self == .deleteBrace {
                result.remove(at: position)
            } else {
                result.insert(result[position], at: position)
            }
        case .invalidUTF8:
            let invalid: [[UInt8]] = [[0xFF], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xED, 0xA0, 0x80], [0x00]]
            result.insert(
                contentsOf: invalid.randomElement(using: &random)!, at: Int.random(in: 0...result.count, using: &random)
            )
        case .byteOrderMark:
            result = [0xEF, 0xBB, 0xBF] + result
        case .crlf:
            result = result.flatMap { $0 == 10 ? [13, 10] : [$0] }
        case .duplicateLines:
            let lines = result.split(separator: 10, omittingEmptySubsequences: false)
            let from = Int.random(in: 0..<lines.count, using: &random)
            let to = min(lines.count, from + Int.random(in: 1...6, using: &random))
            var all = Array(lines)
            all.insert(contentsOf: lines[from..<to], at: from)
            result = Array(all.joined(separator: [10]))
        }
        return result
    }
}
