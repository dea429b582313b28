#!/usr/bin/env bash
# The one test command (README's second command and .ci/run): on a fresh Debian/Ubuntu machine it
# installs what is missing (Debian packages when run as root, Node 26 through npm), then runs type
# checks and lint, unit tests, integration tests on PGlite and on PostgreSQL, and the end-to-end
# tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
log() { printf '\n== %s\n' "$*"; }

# Each stage's wall time, printed at the end of the run (also when a stage fails).
stage_names=()
stage_secs=()
stage_name=''
stage_start=$SECONDS
run_start=$SECONDS
end_stage() {
  if [ -n "$stage_name" ]; then
    stage_names+=("$stage_name")
    stage_secs+=($((SECONDS - stage_start)))
  fi
  stage_name=''
}
stage() {
  end_stage
  stage_name=$1
  stage_start=$SECONDS
  log "$1"
}
print_stages() {
  local status=$?
  end_stage
  printf '\n== time per stage\n'
  for i in "${!stage_names[@]}"; do
    printf '  %-50s %4d s\n' "${stage_names[$i]}" "${stage_secs[$i]}"
  done
  printf '  %-50s %4d s%s\n' 'total' $((SECONDS - run_start)) "$([ $status -eq 0 ] || echo ' (failed)')"
}
trap print_stages EXIT

# --- Debian packages -------------------------------------------------------------------------
missing=()
command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
fc-list 2>/dev/null | grep -qi 'dejavu' || missing+=(fonts-dejavu-core)
[ -x /usr/sbin/dovecot ] || missing+=(dovecot-imapd)
[ -x /usr/lib/dovecot/lmtp ] || missing+=(dovecot-lmtpd)
if ! command -v pg_ctlcluster >/dev/null 2>&1 && ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  missing+=(postgresql)
fi
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "Missing Debian packages: ${missing[*]} (run as root, or install them first)" >&2
    exit 1
  fi
  stage "installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# --- PostgreSQL server for the integration tests ----------------------------------------------
if ! pg_isready -q -h 127.0.0.1 -p 5432; then
  stage "starting PostgreSQL"
  cluster=$(ls /etc/postgresql | sort -V | tail -n 1)
  pg_ctlcluster --skip-systemctl-redirect "$cluster" main start
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi
# Trust auth ignores the password; a freshly installed server (scram) gets this one.
if ! PGPASSWORD=postgres psql -h 127.0.0.1 -U postgres -d postgres -tAc 'select 1' >/dev/null 2>&1; then
  su postgres -c "psql -qc \"ALTER USER postgres PASSWORD 'postgres'\"" >/dev/null
fi
export TEST_POSTGRES_URL="${TEST_POSTGRES_URL:-postgres://postgres:postgres@127.0.0.1:5432/postgres}"

# --- Node 26 and the npm packages ---------------------------------------------------------------
# The `node` devDependency ships Node 26; npm scripts put node_modules/.bin first on PATH.
if [ ! -x node_modules/.bin/node ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  stage "npm ci"
  npm ci --no-audit --no-fund
fi
export PATH="$PWD/node_modules/.bin:$PATH"
# The run starts the server's modules in dozens of processes and parse workers: with V8's code
# cache on disk each start after the first compiles less (an import of the server 1.7 → 1.2 CPU-s,
# ADR 0024). In the clone's own node_modules, so that a fresh clone starts without it.
export NODE_COMPILE_CACHE="$PWD/node_modules/.cache/node-compile-cache"
node -e 'const [a]=process.versions.node.split(".").map(Number); if (a<26) { console.error("Node >= 26 required (ADR 0001, 0021), got "+process.version); process.exit(1) }'
log "node $(node -v)"
# The machines differ from day to day by up to two times in speed, and the stages' times with
# them: one CPU-bound loop's time makes runs of different days comparable (ADR 0024).
log "cpu probe: $(node -e 'let t=performance.now(),x=0; for(let i=0;i<3e8;i++) x+=i%7; console.log(Math.round(performance.now()-t)+" ms" + (x ? "" : "!"))') for a loop that took 441–455 ms on 2026-12-07"

# --- The tests ----------------------------------------------------------------------------------
stage "types and lint"
npm run check
stage "web build"
npm run build
stage "unit and integration tests (PGlite and PostgreSQL)"
vitest run
stage "end-to-end tests (Chromium)"
playwright test -c e2e/playwright.config.ts
end_stage
