// No SwiftData word here: the release before this one read this file in its second pass, but never looked for the
// types `Tags`' arrays hold, so it could not map them.

struct Tags: Codable {
    var flavors: [Flavor]?
    var spirits: [Spirit]?
}
