#!/usr/bin/env bash
# What a release ships besides the binary, generated and checked the way users meet it:
# - shell completions and the man page (scripts/generate-completions-and-manual.sh): the bash script loads and
#   completes schemalint's subcommands, the zsh and fish scripts name them, groff renders the page without warnings
#   and it documents every subcommand;
# - the Homebrew formula's test: the Swift file it writes makes `schemalint check` fail with stage_not_listed (exit 1),
#   and `schemalint version` prints the version the formula's tag names.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
ok() { echo "ok: $1"; passed=$((passed + 1)); }
fail() { echo "FAIL: $1"; exit 1; }

SCHEMALINT_CONFIGURATION=debug bash "$repo/scripts/generate-completions-and-manual.sh" "$work/share" > /dev/null 2> "$work/generate.log" \
  || { cat "$work/generate.log"; fail "generate-completions-and-manual.sh"; }
binary="$repo/.build/debug/schemalint"
subcommands=(check lock hash diff verify-store inspect-store rules explain init version)

completions="$work/share/completions"
# shellcheck disable=SC1091
bash -c "source '$completions/schemalint.bash' && complete -p schemalint" > /dev/null \
  || fail "the bash completion script does not register a completion for schemalint"
words=$(bash -c "source '$completions/schemalint.bash'
  COMP_WORDS=(schemalint ''); COMP_CWORD=1; COMP_LINE='schemalint '; COMP_POINT=\${#COMP_LINE}
  \$(complete -p schemalint | sed 's/.*-F \([^ ]*\) .*/\1/') schemalint '' schemalint
  printf '%s\n' \"\${COMPREPLY[@]}\"")
for command in "${subcommands[@]}"; do
  grep -qx -- "$command" <<< "$words" || fail "bash completion of 'schemalint ' does not offer $command"
done
ok "bash completion offers every subcommand"
for file in _schemalint schemalint.fish; do
  for command in "${subcommands[@]}"; do
    grep -q -- "$command" "$completions/$file" || fail "$file does not name $command"
  done
done
if command -v zsh > /dev/null; then zsh -n "$completions/_schemalint" || fail "zsh cannot parse _schemalint"; fi
ok "zsh and fish completions name every subcommand"

page="$work/share/man/man1/schemalint.1"
for command in "${subcommands[@]}"; do
  grep -q -- "$command" "$page" || fail "the man page does not document $command"
done
if command -v groff > /dev/null; then
  groff -man -Tutf8 -ww -z "$page" 2> "$work/groff.txt"
  [ ! -s "$work/groff.txt" ] || { cat "$work/groff.txt"; fail "groff warns about the man page"; }
fi
ok "the man page documents every subcommand"

# The formula's test, run here with this checkout's binary: the Swift text between <<~SWIFT and SWIFT, dedented.
formula="$repo/Formula/schemalint.rb"
mkdir -p "$work/formula-test"
awk '/<<~SWIFT/ { inside = 1; next } /^ *SWIFT$/ { inside = 0 } inside' "$formula" | sed 's/^      //' \
  > "$work/formula-test/Schema.swift"
[ -s "$work/formula-test/Schema.swift" ] || fail "no Swift text in the formula's test"
status=0
"$binary" check "$work/formula-test" > "$work/formula.txt" 2>&1 || status=$?
[ "$status" = 1 ] && grep -qF "[stage_not_listed]" "$work/formula.txt" \
  || { cat "$work/formula.txt"; fail "the formula's test check did not fail with stage_not_listed (exit $status)"; }
tag=$(sed -n 's/.*tag: "\(v[^"]*\)".*/\1/p' "$formula")
[ "$tag" = "v$("$binary" version)" ] || fail "the formula builds $tag, the binary says $("$binary" version)"
ok "the formula's test passes with this build"
echo "distribution: $passed passed, 0 failed"
