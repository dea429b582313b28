import { defineConfig } from 'vitest/config';

// V8 13 tracks WebAssembly code pages for memory protection keys (PKU) and once aborted a
// test process freeing PGlite's code (`jit_page_->allocations_.erase(addr) == 1` in
// UnregisterWasmAllocation). Test files create and drop dozens of PGlite instances; the app
// keeps one for its lifetime. With the flag off, V8 keeps no such page records.
const execArgv = ['--no-memory-protection-keys'];

export default defineConfig({
  test: {
    // PGlite and argon2 are CPU-heavy; two cores run two files at a time.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          execArgv,
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
          include: ['apps/server/test/integration/**/*.test.ts', 'apps/web/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
