#!/usr/bin/env bash
# Installs the real pre-commit from PyPI into a virtual environment and runs this repository's hooks with
# `pre-commit try-repo` on a scratch git repository: a broken stage must fail the hook with the finding, the fix must pass.
# Slow (each try-repo builds schemalint in release mode in a temporary store); run from .ci/run, not `swift test`.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet pre-commit
export PRE_COMMIT_HOME="$work/cache"
git_() { git -c user.name=CI -c user.email=ci@example.com -c init.defaultBranch=main "$@"; }

# try-repo uses the checkout's working tree; commit-less clones are fine.
app="$work/app"
mkdir -p "$app"
cp "$repo/Tests/Integration/PluginFixture/Sources/Journal/Schema.swift" "$app/Schema.swift"
cd "$app"
git_ init -q
git_ add .
git_ commit -q -m "broken stage"

if "$work/venv/bin/pre-commit" try-repo "$repo" schemalint --all-files > "$work/out.txt" 2>&1; then
  cat "$work/out.txt"; echo "FAIL: the hook passed on a broken stage"; exit 1
fi
grep -q "stage_not_listed" "$work/out.txt" || { cat "$work/out.txt"; echo "FAIL: the hook did not report stage_not_listed"; exit 1; }
echo "ok: the schemalint hook fails on the unlisted stage"

sed -i.bak 's/public static var stages: \[MigrationStage\] { \[\] }/public static var stages: [MigrationStage] { [migrateV1toV2] }/' Schema.swift
rm Schema.swift.bak
git_ commit -q -am "fix"
"$work/venv/bin/pre-commit" try-repo "$repo" schemalint --all-files > "$work/out.txt" 2>&1 || { cat "$work/out.txt"; echo "FAIL: the hook failed after the fix"; exit 1; }
echo "ok: the schemalint hook passes once fixed"

# The system hook runs an installed binary: this checkout's own build stands in for one on PATH (try-repo's swift
# environment lives in a temporary store that is gone by now).
[ -x "$repo/.build/debug/schemalint" ] || swift build --package-path "$repo" --product schemalint > /dev/null
PATH="$repo/.build/debug:$PATH" "$work/venv/bin/pre-commit" try-repo "$repo" schemalint-system --all-files > "$work/out.txt" 2>&1 \
  || { cat "$work/out.txt"; echo "FAIL: the system hook failed"; exit 1; }
echo "ok: the schemalint-system hook passes"
echo "pre-commit: 3 passed, 0 failed"
