#!/usr/bin/env bash
# Exercises the SwiftPM plugins for real on a fixture package: the command plugin and the build-tool plugin must
# fail on a declared-but-unlisted stage with the finding, and pass once it is fixed.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -R "$repo/Tests/Integration/PluginFixture" "$work/fixture"
cd "$work/fixture"
export SCHEMALINT_PATH="$repo"

expect_failure() {  # expect_failure LABEL COMMAND...: the command must fail and mention stage_not_listed
  local label=$1; shift
  if "$@" > "$work/out.txt" 2>&1; then
    cat "$work/out.txt"; echo "FAIL: $label passed on a broken schema"; exit 1
  fi
  grep -q "stage_not_listed" "$work/out.txt" || { cat "$work/out.txt"; echo "FAIL: $label did not report stage_not_listed"; exit 1; }
  echo "ok: $label reports the unlisted stage"
}

expect_success() {
  local label=$1; shift
  "$@" > "$work/out.txt" 2>&1 || { cat "$work/out.txt"; echo "FAIL: $label failed on a fixed schema"; exit 1; }
  echo "ok: $label passes once fixed"
}

expect_failure "command plugin" swift package plugin schemalint
expect_failure "build-tool plugin" swift build
grep -q "Schema.swift:20:16: error: .*\[stage_not_listed\]" "$work/out.txt" || { cat "$work/out.txt"; echo "FAIL: no build diagnostic"; exit 1; }

sed -i.bak 's/public static var stages: \[MigrationStage\] { \[\] }/public static var stages: [MigrationStage] { [migrateV1toV2] }/' Sources/Journal/Schema.swift
rm Sources/Journal/Schema.swift.bak
expect_success "command plugin" swift package plugin schemalint
expect_success "build-tool plugin" swift build
echo "plugins: 4 passed, 0 failed"
