import type { PGliteOptions } from '@electric-sql/pglite';

/** PGlite's buffer cache (ADR 0021). */
export const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * PostgreSQL's default of 128 MB of shared buffers lives in PGlite's WebAssembly memory, which is
 * resident from the start and never shrinks; the operating system caches the data folder's files
 * anyway. The command line wins over postgresql.conf, also in folders made before (ADR 0021).
 */
export function pgliteOptions(defaultStartParams: string[]): PGliteOptions {
  return {
    startParams: [...defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    initDbStartParams: ['--set', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  };
}
