import { z } from 'zod';

/**
 * Row ids are PostgreSQL `integer` columns: a larger number names nothing, and sent to the
 * database it fails the query instead of finding no row. Every id the API reads is checked
 * against this, so such an id is a 404 (in the path) or an invalid value (elsewhere).
 */
export const MAX_ROW_ID = 2_147_483_647;

export const isRowId = (n: number): boolean => Number.isInteger(n) && n > 0 && n <= MAX_ROW_ID;

/** An id in a JSON body. */
export const rowId = () => z.number().int().positive().max(MAX_ROW_ID);

/** An id in a path or query string, or a JSON body from a client that sends it as a string. */
export const coercedRowId = () =>
  z.union([
    rowId(),
    // Plain digits only: Number() would also read '1e1', '0x1', ' 1' and '001' as ids.
    z
      .string()
      .regex(/^[1-9]\d{0,9}$/)
      .transform(Number)
      .pipe(rowId()),
  ]);

/** "1,2,,3" → [1, 2, 3]; anything that cannot be an id is left out. */
export function rowIdList(value: string | undefined): number[] {
  return (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => /^\d+$/.test(v))
    .map(Number)
    .filter(isRowId);
}

/**
 * A list filter of ids: an empty one filters nothing, and one that names no valid id matches
 * nothing ([0]: id 0 never exists), never everything.
 */
export function rowIdFilter(value: string | undefined): number[] {
  const found = rowIdList(value);
  return found.length || !value?.replace(/,/g, '').trim() ? found : [0];
}

/**
 * A boolean in a JSON body, also as a form or script sends it: "true"/"false", "1"/"0" in any
 * case, as the list filters read them. Anything else stays invalid.
 */
export const looseBoolean = () =>
  z.union([
    z.boolean(),
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(['true', 'false', '1', '0']))
      .transform((v) => v === 'true' || v === '1'),
  ]);
