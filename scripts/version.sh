#!/usr/bin/env bash
# Prints the version this checkout builds, from its one source (Pipeline/SchemaLintVersion.swift in the engine).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
source="$repo/Sources/SchemaLintEngine/Pipeline/SchemaLintVersion.swift"
version=$(sed -n 's/^ *public static let current = "\([^"]*\)".*/\1/p' "$source")
[ -n "$version" ] || { echo "version.sh: no version in SchemaLintVersion.swift" >&2; exit 2; }
echo "$version"
