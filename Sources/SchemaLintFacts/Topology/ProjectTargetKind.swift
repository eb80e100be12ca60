/// What an Xcode target builds, as its product type says (`XcodeProject.TargetKind`).
package enum ProjectTargetKind: String, Sendable {
    case app, appExtension = "app extension", test, library, other
}
