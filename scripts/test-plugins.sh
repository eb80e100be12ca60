#!/usr/bin/env bash
# The plugins as users get them: `make artifactbundle` packs schemalint, scripts/make-plugins-package.py writes the
# plugins package around it (`.binaryTarget(path:)`), and an app package (Tests/Integration/PluginFixture) uses it.
# A declared-but-unlisted stage must fail the command plugin and `swift build` (build-tool plugin) with the finding,
# the fix must pass, the lock plugin must write schemalint.lock and the build must then stop an edit of a locked
# version. Nothing in the app's build may compile swift-syntax.
# SCHEMALINT_BUNDLE_CONFIGURATION=release packs a release build (default debug: .ci/run has just built it).
# SCHEMALINT_SOURCE_PLUGINS=1 runs the same checks with the development package SchemaLintPlugins/ (schemalint built
# from source inside the app's build: slow, it compiles swift-syntax again).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0

# SwiftPM on Linux now and then dies in libdispatch's event loop while running a plugin (SIGSEGV in
# _dispatch_event_loop_drain, a toolchain bug seen in about one run of this script in three). A command that was
# killed by a signal is run again, at most twice; any other failure counts.
swiftpm() {
  local attempt status
  for attempt in 1 2 3; do
    status=0
    "$@" > "$work/out.txt" 2>&1 || status=$?
    if [ "$status" -le 128 ]; then return "$status"; fi
    echo "note: '$*' was killed by signal $((status - 128)) (attempt $attempt); running it again"
  done
  return "$status"
}

expect_failure() {  # expect_failure LABEL PATTERN COMMAND...: the command must fail and print PATTERN
  local label=$1 pattern=$2; shift 2
  if swiftpm "$@"; then
    cat "$work/out.txt"; echo "FAIL: $label passed"; exit 1
  fi
  grep -q -- "$pattern" "$work/out.txt" || { cat "$work/out.txt"; echo "FAIL: $label did not print $pattern"; exit 1; }
  echo "ok: $label fails with $pattern"; passed=$((passed + 1))
}

expect_success() {  # expect_success LABEL COMMAND...
  local label=$1; shift
  swiftpm "$@" || { cat "$work/out.txt"; echo "FAIL: $label failed"; exit 1; }
  echo "ok: $label passes"; passed=$((passed + 1))
}

exercise() {  # exercise PLUGINS_PACKAGE: the app package's checks against one plugins package
  export SCHEMALINT_PLUGINS_PATH=$1
  rm -rf "$work/app"
  cp -R "$repo/Tests/Integration/PluginFixture" "$work/app"
  cd "$work/app"
  local schema=Sources/Journal/Schema.swift

  expect_failure "command plugin on the unlisted stage" "stage_not_listed" swift package plugin schemalint
  expect_failure "command plugin asked to lock" "schemalint-lock" swift package plugin schemalint lock
  expect_failure "build-tool plugin on the unlisted stage" \
    "Schema.swift:20:16: error: .*\[stage_not_listed\]" swift build

  sed -i.bak 's/public static var stages: \[MigrationStage\] { \[\] }/public static var stages: [MigrationStage] { [migrateV1toV2] }/' "$schema"
  rm "$schema.bak"
  expect_success "command plugin once fixed" swift package plugin schemalint check --reporter json
  grep -q '"rule": "lockfile_missing"' "$work/out.txt" \
    || { cat "$work/out.txt"; echo "FAIL: the command plugin did not pass --reporter json through"; exit 1; }
  expect_success "build-tool plugin once fixed" swift build

  expect_success "lock plugin" swift package --allow-writing-to-package-directory schemalint-lock
  grep -q '"SchemaV2"' schemalint.lock || { echo "FAIL: the lock plugin wrote no schemalint.lock"; exit 1; }
  sed -i.bak 's/public var mood: Int = 0;/public var mood: Int = 0; public var weather: String? = nil;/' "$schema"
  rm "$schema.bak"
  expect_failure "build-tool plugin on an edited locked version" "shipped_schema_edited" swift build
  cd "$repo"
}

configuration=${SCHEMALINT_BUNDLE_CONFIGURATION:-debug}
make -s -C "$repo" artifactbundle CONFIGURATION="$configuration" > "$work/bundle.txt"
bundle=$(tail -n 1 "$work/bundle.txt")
python3 "$repo/scripts/make-plugins-package.py" "$work/SchemaLintPlugins" --bundle "$bundle" > /dev/null
exercise "$work/SchemaLintPlugins"
# The prebuilt binary is the only schemalint the app's build ran: no swift-syntax (or any of schemalint's
# dependencies) was fetched or compiled.
if [ -n "$(find "$work/app/.build" -name 'SwiftSyntax*.build' -o -name 'SwiftParser*.build' | head -n 1)" ]; then
  echo "FAIL: the app's build compiled swift-syntax"; exit 1
fi
[ ! -d "$work/app/.build/checkouts" ] || [ -z "$(ls -A "$work/app/.build/checkouts")" ] \
  || { echo "FAIL: the app's build fetched packages: $(ls "$work/app/.build/checkouts")"; exit 1; }
echo "ok: the app's build compiled no swift-syntax and fetched no package"; passed=$((passed + 1))

if [ "${SCHEMALINT_SOURCE_PLUGINS:-0}" = 1 ]; then
  exercise "$repo/SchemaLintPlugins"
else
  # The development package is not built here (it compiles swift-syntax); its manifest must still resolve.
  swift package --package-path "$repo/SchemaLintPlugins" dump-package > /dev/null
  echo "ok: SchemaLintPlugins/ (development package) resolves"; passed=$((passed + 1))
fi
echo "plugins: $passed passed, 0 failed"
