import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** Rows written per statement: a batch of 20,000 mails' terms in a handful of statements. */
export const CHUNK = 5000;

export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
