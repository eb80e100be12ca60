import SchemaLintFacts
import SchemaLintRules

/// The release this build is. The one place the version is written: `schemalint version`, `--version`, SARIF's
/// tool version, published links, `scripts/version.sh` (Makefile, release workflow, artifact bundle) and the tests
/// that hold CHANGELOG.md and README's pins to it all read it from here.
public enum SchemaLintVersion {
    public static let current = "0.1.0"
}
