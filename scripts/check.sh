#!/usr/bin/env bash
# `npm run check`: types, lint and formatting. The type-aware lint keeps one core busy for most of
# a minute; the type checks (TypeScript 7, itself on more than one thread) and the formatting check
# run beside it. Each one's output is printed whole once it is done, and the check fails if any
# fails.
set -uo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

eslint . --max-warnings 0 >"$out/lint" 2>&1 &
lint=$!
{ npm run --silent typecheck >"$out/types" 2>&1; echo $? >"$out/types.status"; } &
{ prettier --check . --log-level warn >"$out/format" 2>&1; echo $? >"$out/format.status"; } &
wait $lint
lint_status=$?
wait

status=0
cat "$out/types"
[ "$(cat "$out/types.status")" = 0 ] || { status=1; echo "types: failed"; }
cat "$out/lint"
[ $lint_status = 0 ] || { status=1; echo "lint: failed"; }
cat "$out/format"
[ "$(cat "$out/format.status")" = 0 ] || { status=1; echo "format: failed"; }
exit $status
