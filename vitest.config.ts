import { defineConfig } from 'vitest/config';

// V8 13 tracks WebAssembly code pages for memory protection keys (PKU) and once aborted a
// test process freeing PGlite's code (`jit_page_->allocations_.erase(addr) == 1` in
// UnregisterWasmAllocation). With the flag off, V8 keeps no such page records; and the tests
// reuse their PGlite databases (test-support/src/pglite-pool.ts), so no PGlite code is freed
// while a test process runs.
const execArgv = ['--no-memory-protection-keys'];

export default defineConfig({
  test: {
    // Three files at a time on two cores: an integration file spends much of its time waiting
    // (on Dovecot, on processes it starts and kills, on timers); two at a time kept about 1.3
    // of the two cores busy, and the integration suite took 318 s where three take 276 s
    // (ADR 0024, 2026-12-07).
    maxWorkers: 3,
    // One test process per worker runs file after file: the server's modules are imported once
    // per process instead of once per file, and its PGlite databases are reused. Every test file
    // starts its own app, Dovecot and database, and no module keeps state between apps.
    isolate: false,
    projects: [
      {
        test: {
          name: 'unit',
          execArgv,
          isolate: false,
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/test/unit/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          execArgv,
          isolate: false,
          include: ['apps/server/test/integration/**/*.test.ts', 'apps/web/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
