import PackagePlugin

/// `swift package plugin schemalint [check options]`, or the project's context menu in Xcode: `schemalint check`.
@main
struct SchemaLintCommandPlugin: SchemaLintCommand {
    static let verb = "check"
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension SchemaLintCommandPlugin: XcodeCommandPlugin {}
#endif
