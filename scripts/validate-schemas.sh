#!/usr/bin/env bash
# Holds schemas/ to what schemalint does, with check-jsonschema from PyPI:
# - both schemas are valid JSON Schema;
# - the starter configuration (`schemalint init`), every configuration schemalint accepts in the tests and every
#   lockfile the tests write or keep as fixtures are valid against their schema;
# - every configuration schemalint rejects in the tests is invalid against it (an editor flags what the tool refuses).
# Usage: scripts/validate-schemas.sh SAMPLES (the folder `SCHEMALINT_SCHEMA_SAMPLES=SAMPLES swift test` filled).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
samples=${1:?usage: validate-schemas.sh SAMPLES_FOLDER}
source "$repo/scripts/python-tools.sh"
cd "$repo"
config_schema=schemas/schemalint.schema.json
lock_schema=schemas/schemalint-lock.schema.json

count() { find "$1" -type f 2> /dev/null | wc -l | tr -d ' '; }
accepted=$(count "$samples/configurations/accepted")
rejected=$(count "$samples/configurations/rejected")
lockfiles=$(count "$samples/lockfiles")
# The tests use many more; fewer means the samples were not recorded (SCHEMALINT_SCHEMA_SAMPLES unset).
if [ "$accepted" -lt 5 ] || [ "$rejected" -lt 5 ] || [ "$lockfiles" -lt 5 ]; then
  echo "FAIL: too few samples in $samples ($accepted accepted, $rejected rejected configurations, $lockfiles lockfiles)"
  exit 1
fi

"$tools/check-jsonschema" --check-metaschema "$config_schema" "$lock_schema" > /dev/null
echo "ok: both schemas are valid JSON Schema"

starter=$(mktemp -d)
trap 'rm -rf "$starter"' EXIT
(cd "$starter" && "$repo/.build/debug/schemalint" init > /dev/null)
"$tools/check-jsonschema" --schemafile "$config_schema" "$starter/.schemalint.yml" "$samples"/configurations/accepted/*
echo "ok: the starter configuration and $accepted configurations schemalint accepts are valid"

for file in "$samples"/configurations/rejected/*; do
  if "$tools/check-jsonschema" --schemafile "$config_schema" "$file" > /dev/null 2>&1; then
    echo "FAIL: schemalint rejects this configuration, but the schema accepts it:"; cat "$file"; exit 1
  fi
done
echo "ok: $rejected configurations schemalint rejects are invalid"

committed=$(git ls-files '*.lock')
# shellcheck disable=SC2086
"$tools/check-jsonschema" --schemafile "$lock_schema" --default-filetype json "$samples"/lockfiles/* $committed
echo "ok: $lockfiles lockfiles the tests wrote and $(echo "$committed" | wc -w | tr -d ' ') committed ones are valid"
python3 scripts/generate-lockfile-doc.py --check
echo "schemas: 5 passed, 0 failed"
