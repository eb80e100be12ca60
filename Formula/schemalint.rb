# Homebrew formula for schemalint, built from the tagged source.
#   brew tap schemalint/schemalint https://github.com/schemalint/schemalint
#   brew install schemalint
# The tag below is the version in Sources/SchemaLintEngine/Pipeline/SchemaLintVersion.swift (a test holds them
# together).
class Schemalint < Formula
  desc "Keeps SwiftData schema changes from losing your users' data"
  homepage "https://github.com/schemalint/schemalint"
  url "https://github.com/schemalint/schemalint.git", tag: "v0.1.0"
  head "https://github.com/schemalint/schemalint.git", branch: "main"

  depends_on xcode: ["16.0", :build]
  uses_from_macos "swift" => :build
  uses_from_macos "sqlite"
  uses_from_macos "zlib"

  def install
    # SwiftPM's own sandbox cannot nest inside Homebrew's on macOS; on Linux the Swift runtime is linked in.
    args = OS.mac? ? ["--disable-sandbox"] : ["--static-swift-stdlib"]
    system "swift", "build", *args, "--configuration", "release", "--product", "schemalint"
    bin.install ".build/release/schemalint"
    generate_completions_from_executable(bin/"schemalint", "--generate-completion-script")
  end

  test do
    assert_equal version.to_s, shell_output("#{bin}/schemalint version").strip

    # A plan with a stage it never lists: the check must fail with the finding.
    (testpath/"Schema.swift").write <<~SWIFT
      import SwiftData
      enum SchemaV1: VersionedSchema {
          static var versionIdentifier = Schema.Version(1, 0, 0)
          static var models: [any PersistentModel.Type] { [Note.self] }
          @Model final class Note { var text = ""; init() {} }
      }
      enum SchemaV2: VersionedSchema {
          static var versionIdentifier = Schema.Version(2, 0, 0)
          static var models: [any PersistentModel.Type] { [Note.self] }
          @Model final class Note { var text = ""; var pinned = false; init() {} }
      }
      enum Plan: SchemaMigrationPlan {
          static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }
          static var stages: [MigrationStage] { [] }
          static let v1ToV2 = MigrationStage.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)
      }
    SWIFT
    assert_match "[stage_not_listed]", shell_output("#{bin}/schemalint check #{testpath}", 1)
  end
end
