import SchemaLintModel
import XCTest

/// SHA-256 and SHA-512 against FIPS 180-4's examples and, at every padding boundary, against the digests Python's
/// hashlib (OpenSSL) gives for the same bytes; fed whole and in pieces.
final class SHA2Tests: XCTestCase {
    func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes) }

    func testTheStandardsExamples() {
        let examples: [([UInt8], String, String)] = [
            ([],
             "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
             "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
             + "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"),
            (Array("abc".utf8),
             "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
             "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
             + "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"),
            (Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
             "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
             "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c335"
             + "96fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445"),
        ]
        for (message, sha256, sha512) in examples {
            XCTAssertEqual(hex(SHA256.hash(data: message)), sha256)
            XCTAssertEqual(hex(SHA512.hash(data: message)), sha512)
        }
    }

    /// Lengths around both block sizes (64 and 128 bytes) and their length fields (8 and 16 bytes).
    func testPaddingBoundaries() {
        let expected: [Int: (String, String)] = [
            55: (
                "e7313d333c272e639f790978283f9eb392e843d0f29b7016828bb1daa4aac70b",
                "14fd424b1fcadee624da946ab03f7e1def7c0d6e00f689594319881a26ff30b8"
                    + "75ba4c622ac13100c8cc784c9c2eb23159aecbb4a02e3999062f551193e2b256"),
            56: (
                "4324d65f3c103567f5589c710bc08f8523f929a9272e3af36fc968e52abc6c27",
                "480fa85be41ef55a41208ca28ffc8743c91cf7d24758defe6f95bfb16de614fc"
                    + "86b701034896b047dd571de4318853d80e0809df162f1752cb26da6ddb94a0dd"),
            63: (
                "81c80242132f230c3bd41b3e63bbcff16107339549214a99614ff26664625055",
                "ecd42a703a4e93e163d60d55e3785b1a763838b0351bc2e6f7c94b4bfb24f9aa"
                    + "15da5d744ebcebe11f0fc4315d45ba3a047b6e60e07448357f2795bf34b73502"),
            64: (
                "39e3d7b6b5d075d37d053ad89b24b41bef4f3c29760c84447cab3f3be1882241",
                "8f3cc30b3fb5bf963688a46488249248ac2c67f0f85a145233c6c1e3c16dcd1d"
                    + "f634c07d1d31da02576f65b9cf64e1c3fdb318b689b8a14e2e9552bcf30fb133"),
            65: (
                "aacca6ff74fdbb296d165a45cecfa04e5127bc008770fbbdd48006f2d2fae95e",
                "22050d1b2c5bd016c4b04c3e84f513ffbbbc057f83dc9ab196fee6684e5ee19d"
                    + "98b84c6538b3c5e1fc67dbc484e9d0a198254e41d0fa0cf5106991e106632419"),
            111: (
                "67d9492e628fd376e0b2efec8ca2b99b123e202cf620deb270728df979b2f73e",
                "68cffa6d0d76f309c9ce0d35280939f8e25990c43b7b086ccdf709be35b07d4d"
                    + "dba599541ff2b1c19d34ea49aeafb9659adb7ac3c0b078bb30a22d57fc6687ef"),
            112: (
                "96b928cff8528dbb99602c709a65b846cb6467acb8b722f0d758e4dc27bfc508",
                "d0865c524d1dddf7c23b799c413f5adcd7caefd3f66a9b49750ec81066012c25"
                    + "a8bcf94ddea6dc525691673097ca40e0101e897fc97218cfdb0704084e2bef4b"),
            119: (
                "9ce7368e4daf32341631b492e80359dc9f594b48453cd0dd5bf0b19279cc177e",
                "236bdd7f38a611b5014b239245c381ae5d20a96f1e5b3178227c00056b7fa8c4"
                    + "4ef54880085d82b7e20cd65f2bfda1326696c3f94a6a5bad0cb5ce289aa46167"),
            120: (
                "7836b787757e95e58b3ca5aec90b1b004e8deba1e50e9675af9cabf1a13a04b5",
                "4bd16fefaa35cc2df9fbb8ff379ec04a4070ffd5d4992574af239fa175534df8"
                    + "7cbedceeb96be08e15090a78b83a328a2900c5411683ab47bab914591048548f"),
            127: (
                "a8d23e75d936f303d248888d9b165ee543f4cbafcad3c9dd2a79bd84faa11d07",
                "e0b6a20f1c0c88970a9340152cd5a1c1ecf3d3b8de5510274187943807947354"
                    + "0133b812706e5dbec322c8c9523b6fc8c6d16ee626e87ad5fe3d2916afedc369"),
            128: (
                "d2742f1f4ac6bb7ca2b239ee18402ba8b3f9f8e652d2a72973c2b9ba11c08cf6",
                "99b16f17aa0b969a5b8f08f367719d516e330ccd2660b6f0688ec031dbc783de"
                    + "50a1cd185a2568dba75070a2403d17d4741d163578515dfd2ff756ddfe4d47b1"),
            129: (
                "307f8fc2c1622b92762e818d39a185d4d667ad49a4b07ceae1f4afa008a93ec4",
                "a1556e29185778aa5991e34b8884c840d589f0fbb4b8ed590e51e9ac4eb03a00"
                    + "8125000db2671f8fe7f485b59a77b518670078ecb41a54b4cd02a7f1d2ca4c6d"),
            1000: (
                "1e9bc38cbf860b9ec31918b065f9b52476c549a782e0e7990bed8ce3868d2371",
                "00e36fccf193e59697a92b5ab24666ce6326d7fa16bf10832d0991ddc591112e"
                    + "9dfa6a636950ed9c4d67344a760654c2ff7785e1d60094d651038735b5dccabd"),
        ]
        for (length, (sha256, sha512)) in expected.sorted(by: { $0.key < $1.key }) {
            let message = (0..<length).map { UInt8(($0 * 7 + 3) % 256) }
            XCTAssertEqual(hex(SHA256.hash(data: message)), sha256, "\(length) bytes")
            XCTAssertEqual(hex(SHA512.hash(data: message)), sha512, "\(length) bytes")
            var pieces256 = SHA256(), pieces512 = SHA512()
            var rest = message[...]
            var size = 1
            while !rest.isEmpty {
                let piece = Array(rest.prefix(size))
                pieces256.update(data: piece)
                pieces512.update(data: piece)
                rest = rest.dropFirst(size)
                size = size * 3 % 17 + 1
            }
            XCTAssertEqual(hex(pieces256.finalize()), sha256, "\(length) bytes in pieces")
            XCTAssertEqual(hex(pieces512.finalize()), sha512, "\(length) bytes in pieces")
        }
    }
}
