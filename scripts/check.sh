#!/usr/bin/env bash
# `npm run check`: types, lint and formatting. The type checks and the (type-aware) lint each
# keep one core busy for about a minute, so they run side by side; each one's output is printed
# whole once it is done, and the check fails if either fails.
set -uo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

npm run --silent typecheck >"$out/types" 2>&1 &
types=$!
eslint . --max-warnings 0 >"$out/lint" 2>&1 &
lint=$!

status=0
wait $types || { status=1; echo "types: failed"; }
cat "$out/types"
wait $lint || { status=1; echo "lint: failed"; }
cat "$out/lint"
prettier --check . --log-level warn || status=1
exit $status
