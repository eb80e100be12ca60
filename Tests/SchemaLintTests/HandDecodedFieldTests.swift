import Foundation
import SchemaLintEngine
import SchemaLintModel
import XCTest

/// An enum case removed since it shipped, inside a struct whose `init(from:)` is written by hand (ShuTaPla, field
/// test 27: `serviceFilter = try? c.decodeIfPresent(ServiceFilter.self, ...)`): that code decodes the field, so
/// whether old rows still decode is its to say, not an error schemalint can rest on what it read.
final class HandDecodedFieldTests: XCTestCase {
    private static func app(_ cases: String, holder: String) -> String {
        """
        import SwiftData
        enum ServiceFilter: String, Codable { \(cases) }
        \(holder)
        @Model final class Playlist {
            var name: String = ""
            var filterState: FilterState = FilterState()
            init() {}
        }
        let container = try! ModelContainer(for: Playlist.self)
        """
    }

    private static let decoder = """
            init() {}
            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                selectedTags = try c.decodeIfPresent([String].self, forKey: .selectedTags) ?? []
                serviceFilter = try? c.decodeIfPresent(ServiceFilter.self, forKey: .serviceFilter)
            }
        """

    private static let holders: [(String, String)] = [
        (
            "the enum a field of the hand-decoded struct",
            """
            struct FilterState: Codable {
                var selectedTags: [String] = []
                var serviceFilter: ServiceFilter?
            \(decoder)
            }
            """
        ),
        (
            "an array of the enum",
            """
            struct FilterState: Codable {
                var selectedTags: [String] = []
                var serviceFilters: [ServiceFilter] = []
                init() {}
                init(from decoder: any Decoder) throws {
                    let c = try decoder.container(keyedBy: CodingKeys.self)
                    selectedTags = try c.decode([String].self, forKey: .selectedTags)
                    serviceFilters = (try? c.decode([ServiceFilter].self, forKey: .serviceFilters)) ?? []
                }
            }
            """
        ),
        (
            "the enum two structs down, the outer one decoded by hand",
            """
            struct Service: Codable { var filter: ServiceFilter? }
            struct FilterState: Codable {
                var selectedTags: [String] = []
                var service: Service?
                init() {}
                init(from decoder: any Decoder) throws {
                    let c = try decoder.container(keyedBy: CodingKeys.self)
                    selectedTags = try c.decode([String].self, forKey: .selectedTags)
                    service = try? c.decode(Service.self, forKey: .service)
                }
            }
            """
        ),
    ]

    private func persistedChanges(holder: String) -> [Finding] {
        let shipped = TestSupport.analyze(
            ["App/App.swift": Self.app("case untagged, invalidTagging, skipped", holder: holder)])
        let now = TestSupport.analyze(
            ["App/App.swift": Self.app("case untagged, invalidTagging", holder: holder)],
            lockfile: TestSupport.lock(shipped))
        return now.findings.filter { $0.rule == .persistedValueChanged && $0.severity > .note }
    }

    func testACaseRemovedUnderAHandWrittenDecoderIsNoError() {
        for (name, holder) in Self.holders {
            XCTAssertEqual(TestSupport.summary(persistedChanges(holder: holder)), [], name)
        }
    }

    /// Control: the struct is decoded as Swift synthesises it: rows holding the removed case fail to decode.
    func testACaseRemovedUnderASynthesisedDecoderIsAnError() {
        let holder = """
            struct FilterState: Codable {
                var selectedTags: [String] = []
                var serviceFilter: ServiceFilter?
            }
            """
        XCTAssertEqual(persistedChanges(holder: holder).map(\.severity), [.error])
    }
}
