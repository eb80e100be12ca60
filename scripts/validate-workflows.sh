#!/usr/bin/env bash
# Validates the workflow, the composite action and the pre-commit manifest with real validators from PyPI:
# check-jsonschema's vendored GitHub schemas, zizmor (a GitHub Actions linter; offline), and pre-commit's manifest
# check. (actionlint's PyPI package downloads its binary from GitHub at install time, which CI here cannot reach.)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet check-jsonschema zizmor pre-commit
cd "$repo"
"$work/venv/bin/check-jsonschema" --builtin-schema vendor.github-workflows .github/workflows/*.yml
"$work/venv/bin/check-jsonschema" --builtin-schema vendor.github-actions .github/actions/schemalint/action.yml
echo "ok: check-jsonschema workflows and action"
"$work/venv/bin/zizmor" --offline --config .github/zizmor.yml .github/workflows/ci.yml .github/actions/schemalint/action.yml
echo "ok: zizmor workflows and action"
"$work/venv/bin/pre-commit" validate-manifest .pre-commit-hooks.yaml
echo "ok: pre-commit validate-manifest"
echo "workflows: 3 passed, 0 failed"
