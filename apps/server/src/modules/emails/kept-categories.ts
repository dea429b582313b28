import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** How long a choice waits for its message to come back before it is forgotten. */
const KEPT_DAYS = 30;

/**
 * Before the sync drops a folder's rows (UIDVALIDITY changed, or the folder is gone from the
 * server), the categories of its mail are written down by Message-ID: in the database, so that a
 * sync interrupted before the mail is stored again loses nothing.
 */
export async function keepCategories(db: Db, folderIds: number[]): Promise<void> {
  if (folderIds.length === 0) return;
  await db.execute(sql`
    INSERT INTO kept_categories (account_id, message_id, category_id, source)
    SELECT DISTINCT ON (account_id, message_id) account_id, message_id, category_id, category_source
    FROM emails
    WHERE folder_id = ANY(${sql.param(folderIds)}::int[])
      AND category_id IS NOT NULL AND message_id IS NOT NULL
    ORDER BY account_id, message_id, id DESC
    ON CONFLICT (account_id, message_id) DO UPDATE
      SET category_id = EXCLUDED.category_id, source = EXCLUDED.source, kept_at = now()`);
}

/**
 * Gives mail stored again its kept category, unless the user has chosen one meanwhile; what was
 * given back, and what waited too long, is forgotten. Costs one index lookup when nothing waits.
 */
export async function reapplyKeptCategories(db: Db, accountId: number): Promise<void> {
  const waiting = await db.execute(
    sql`SELECT 1 FROM kept_categories WHERE account_id = ${accountId} LIMIT 1`,
  );
  if ((waiting as { rows: unknown[] }).rows.length === 0) return;
  await db.execute(sql`
    WITH applied AS (
      UPDATE emails e SET category_id = k.category_id, category_source = k.source
      FROM kept_categories k JOIN accounts a ON a.id = k.account_id
      WHERE k.account_id = ${accountId} AND e.user_id = a.user_id
        AND e.message_id = k.message_id AND e.account_id = k.account_id
        AND e.category_id IS NULL
      RETURNING k.message_id)
    DELETE FROM kept_categories
    WHERE account_id = ${accountId}
      AND (message_id IN (SELECT message_id FROM applied)
        OR kept_at < now() - make_interval(days => ${KEPT_DAYS}))`);
}
