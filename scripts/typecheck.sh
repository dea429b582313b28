#!/usr/bin/env bash
# `npm run typecheck`: every TypeScript project of the repository, checked by TypeScript 7 (the
# native compiler, `typescript-native`): the same checks in half the CPU time and a third of the
# wall time of TypeScript 6, which stays installed as `typescript` because typescript-eslint's
# type-aware rules need its JavaScript API (ADR 0029).
set -euo pipefail
cd "$(dirname "$0")/.."
tsc=node_modules/typescript-native/bin/tsc
for project in tsconfig.json apps/web/tsconfig.json apps/web/bench/tsconfig.json e2e/tsconfig.json; do
  node "$tsc" -p "$project"
done
