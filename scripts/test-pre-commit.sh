#!/usr/bin/env bash
# Installs the real pre-commit from PyPI and uses this repository's hooks the way an app does: a
# .pre-commit-config.yaml naming the hooks' repository and rev, then `pre-commit run`. A broken stage must fail the
# `schemalint` hook with the finding, the fix must pass, and the `schemalint-system` hook must run an installed
# binary. The hooks' repository is a snapshot of this checkout (uncommitted changes included) as one commit, and every
# run shares one PRE_COMMIT_HOME, so the `schemalint` hook's swift environment (a release build) is built once.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$repo/scripts/python-tools.sh"
export PRE_COMMIT_HOME="$work/cache"
git_() { git -c user.name=CI -c user.email=ci@example.com -c init.defaultBranch=main "$@"; }

hooks="$work/schemalint"
mkdir -p "$hooks"
(cd "$repo" && git ls-files -z --cached --others --exclude-standard \
  | tar --null -T - --ignore-failed-read -cf - 2> /dev/null) | tar -xf - -C "$hooks"
(cd "$hooks" && git_ init -q && git_ add -A && git_ commit -q -m "schemalint snapshot")
rev=$(git -C "$hooks" rev-parse HEAD)

app="$work/app"
mkdir -p "$app"
cp "$repo/Tests/Integration/PluginFixture/Sources/Journal/Schema.swift" "$app/Schema.swift"
cat > "$app/.pre-commit-config.yaml" <<YAML
repos:
  - repo: $hooks
    rev: $rev
    hooks:
      - id: schemalint
YAML
cd "$app"
git_ init -q
git_ add .
git_ commit -q -m "broken stage"

if "$tools/pre-commit" run --all-files > "$work/out.txt" 2>&1; then
  cat "$work/out.txt"; echo "FAIL: the hook passed on a broken stage"; exit 1
fi
grep -q "stage_not_listed" "$work/out.txt" || { cat "$work/out.txt"; echo "FAIL: the hook did not report stage_not_listed"; exit 1; }
echo "ok: the schemalint hook fails on the unlisted stage"

sed -i.bak 's/public static var stages: \[MigrationStage\] { \[\] }/public static var stages: [MigrationStage] { [migrateV1toV2] }/' Schema.swift
rm Schema.swift.bak
git_ commit -q -am "fix"
"$tools/pre-commit" run --all-files > "$work/out.txt" 2>&1 || { cat "$work/out.txt"; echo "FAIL: the hook failed after the fix"; exit 1; }
echo "ok: the schemalint hook passes once fixed"
environments=$(find "$PRE_COMMIT_HOME" -maxdepth 2 -name 'swift_env-*' | wc -l | tr -d ' ')
[ "$environments" = 1 ] || { echo "FAIL: pre-commit built $environments swift environments, not one"; exit 1; }
echo "ok: the swift environment was built once"

# The system hook runs an installed binary: this checkout's own build stands in for one on PATH.
[ -x "$repo/.build/debug/schemalint" ] || swift build --package-path "$repo" --product schemalint > /dev/null
sed -i.bak 's/id: schemalint$/id: schemalint-system/' .pre-commit-config.yaml
rm .pre-commit-config.yaml.bak
git_ add .pre-commit-config.yaml
PATH="$repo/.build/debug:$PATH" "$tools/pre-commit" run --all-files > "$work/out.txt" 2>&1 \
  || { cat "$work/out.txt"; echo "FAIL: the system hook failed"; exit 1; }
echo "ok: the schemalint-system hook passes"
echo "pre-commit: 4 passed, 0 failed"
