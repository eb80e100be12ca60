import PackagePlugin

/// `swift package --allow-writing-to-package-directory schemalint-lock [lock options]`: `schemalint lock`, which
/// records the versions that are shipping in `schemalint.lock` (`--accept V --reason "..."` passes through).
@main
struct SchemaLintLockPlugin: SchemaLintCommand {
    static let verb = "lock"
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension SchemaLintLockPlugin: XcodeCommandPlugin {}
#endif
