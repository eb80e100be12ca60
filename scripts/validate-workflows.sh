#!/usr/bin/env bash
# Validates the workflows, the composite action, the pre-commit manifest and the Homebrew formula with real tools:
# check-jsonschema's vendored GitHub schemas, zizmor (a GitHub Actions linter; offline) and pre-commit's manifest
# check from PyPI, and `ruby -c` from Debian's packages. (actionlint's PyPI package downloads its binary from GitHub
# at install time, which CI here cannot reach.)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
source "$repo/scripts/python-tools.sh"
cd "$repo"
"$tools/check-jsonschema" --builtin-schema vendor.github-workflows .github/workflows/*.yml
"$tools/check-jsonschema" --builtin-schema vendor.github-actions .github/actions/schemalint/action.yml
echo "ok: check-jsonschema workflows (ci, release) and action"
"$tools/zizmor" --offline --config .github/zizmor.yml .github/workflows/*.yml .github/actions/schemalint/action.yml
echo "ok: zizmor workflows and action"
"$tools/pre-commit" validate-manifest .pre-commit-hooks.yaml
echo "ok: pre-commit validate-manifest"
if ! command -v ruby > /dev/null; then
  echo "ruby is not installed: installing Debian's ruby package with apt-get (for \`ruby -c\` on the formula)"
  (apt-get update -qq && apt-get install -y -qq --no-install-recommends ruby) > /dev/null 2>&1 \
    || { echo "FAIL: ruby is not installed and apt-get could not install it"; exit 1; }
fi
ruby -c Formula/schemalint.rb > /dev/null
echo "ok: ruby -c Formula/schemalint.rb"
echo "workflows: 4 passed, 0 failed"
