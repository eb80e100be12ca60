import SchemaLintModel

/// What a target's entitlements say about where SwiftData keeps its data. A configuration leaving `groupContainer` at
/// `.automatic` puts its store in the target's App Group container (the first of
/// `com.apple.security.application-groups`); one leaving `cloudKitDatabase` at `.automatic` syncs when the target is
/// entitled to CloudKit (`com.apple.developer.icloud-services` holds `CloudKit`) with a container
/// (`com.apple.developer.icloud-container-identifiers`).
///
/// Read from the file `CODE_SIGN_ENTITLEMENTS` names in the target's build configurations (else the project's). Where
/// configurations disagree, Release is taken; Debug and Release naming different App Groups is "cannot tell". A file
/// missing, unreadable or not a property list, or a path built from a setting schemalint does not read, is "cannot
/// tell" too: stores are then taken as the target's own and not synced, as when nothing is known.
package struct TargetEntitlements: Sendable, Equatable {
    package enum Fact: Sendable, Equatable {
        /// The entitlements say nothing of it (or the target has none).
        case absent
        /// The App Group's identifier, the CloudKit container's.
        case present(String)
        case unknown
    }

    package var appGroup: Fact = .unknown
    /// Whether `appGroup` is the only App Group the entitlements name: `containerURL(forSecurityApplicationGroup
    /// Identifier:)` then gives a folder for that group alone, whatever identifier the code reads at run time.
    package var appGroupIsOnly = false
    /// Set when its entitlements are read and name different App Groups (one per platform's file, or per
    /// configuration): which one holds its store cannot be told, though each is known.
    package var appGroupsDiffer = false
    package var cloudKit: Fact = .unknown
    /// The entitlements file the facts come from (absolute), when one file says them.
    package var file: String?

    package static let unknown = TargetEntitlements()

    package init(appGroup: Fact = .unknown, cloudKit: Fact = .unknown, file: String? = nil) {
        (self.appGroup, self.cloudKit, self.file) = (appGroup, cloudKit, file)
    }

    /// Why a target's entitlements cannot be told, for `check --verbose`.
    package struct Note: Error, Sendable, Equatable {
        package var target: String
        /// The entitlements file, absolute, when the note is about one.
        package var file: String?
        /// Finishes "…: its App Group and CloudKit container cannot be told".
        package var reason: String

        package init(target: String, file: String? = nil, reason: String) {
            (self.target, self.file, self.reason) = (target, file, reason)
        }
    }
}
