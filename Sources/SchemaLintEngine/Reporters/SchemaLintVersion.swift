public enum SchemaLintVersion {
    public static let current = "0.1.0"
}
