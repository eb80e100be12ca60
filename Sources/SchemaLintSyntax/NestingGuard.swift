/// Measures how deeply brackets nest in raw source, skipping comments and string literals, so that inputs the
/// Swift parser cannot handle are refused before they reach it.
///
/// Two limits, both far beyond real code:
/// - any brackets deeper than `limit`: swift-syntax recurses once per level, and deep enough input overflows the stack;
/// - square brackets deeper than `squareLimit`: swift-syntax's lookahead for `[` (array types and literals) backtracks
///   at every level, so its time doubles with each one (measured with 603.0.1: 20 levels 0.5 s, 24 levels 5 s).
public enum NestingGuard {
    public static let limit = 1_000
    public static let squareLimit = 16

    /// Why a file must not be parsed, or nil when it is safe.
    public static func refusal(_ bytes: ArraySlice<UInt8>) -> String? {
        let (deepest, deepestSquare) = depths(bytes)
        if deepest > limit { return "brackets nest more than \(limit) levels deep" }
        if deepestSquare > squareLimit {
            return
                "square brackets nest more than \(squareLimit) levels deep (the Swift parser's time doubles with "
                    + "each level)"
        }
        return nil
    }

    /// The deepest nesting of all brackets and of square brackets alone, stopping early once a limit is passed.
    static func depths(_ bytes: ArraySlice<UInt8>) -> (all: Int, square: Int) {
        var depth = 0, deepest = 0
        var squares: [Bool] = []  // for each open bracket, whether it is `[`
        var square = 0, deepestSquare = 0
        var index = bytes.startIndex
        let end = bytes.endIndex
        var blockComments = 0
        var inString = false, inLineComment = false
        while index < end {
            let byte = bytes[index]
            let next: UInt8 = index + 1 < end ? bytes[index + 1] : 0
            if inLineComment {
                if byte == 10 { inLineComment = false }
            } else if blockComments > 0 {
                if byte == 0x2A && next == 0x2F {
                    blockComments -= 1; index += 1
                } else if byte == 0x2F && next == 0x2A {
                    blockComments += 1; index += 1
                }
            } else if inString {
                if byte == 0x5C { index += 1 } else if byte == 0x22 || byte == 10 { inString = false }
            } else {
                switch byte {
                case 0x2F where next == 0x2F: inLineComment = true
                case 0x2F where next == 0x2A: blockComments = 1; index += 1
                case 0x22: inString = true
                case 0x28, 0x5B, 0x7B:
                    depth += 1
                    squares.append(byte == 0x5B)
                    if byte == 0x5B {
                        square += 1
                        deepestSquare = max(deepestSquare, square)
                    }
                    deepest = max(deepest, depth)
                    if deepest > limit || deepestSquare > squareLimit { return (deepest, deepestSquare) }
                case 0x29, 0x5D, 0x7D:
                    if depth > 0 {
                        depth -= 1
                        if squares.removeLast() { square -= 1 }
                    }
                default: break
                }
            }
            index += 1
        }
        return (deepest, deepestSquare)
    }
}
