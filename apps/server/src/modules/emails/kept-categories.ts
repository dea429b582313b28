import { sql, type SQL } from 'drizzle-orm';
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
  await keepWhere(db, sql`folder_id = ANY(${sql.param(folderIds)}::int[])`);
}

/**
 * The same for single messages gone from a folder: another client may have moved them, and
 * their copy in the target folder should carry the category the user gave them.
 */
export async function keepCategoriesOfUids(db: Db, folderId: number, uids: number[]) {
  for (let i = 0; i < uids.length; i += 1000) {
    const slice = uids.slice(i, i + 1000);
    await keepWhere(db, sql`folder_id = ${folderId} AND uid = ANY(${sql.param(slice)}::int[])`);
  }
}

async function keepWhere(db: Db, where: SQL): Promise<void> {
  await db.execute(sql`
    INSERT INTO kept_categories (account_id, message_id, category_id, source, subject)
    SELECT DISTINCT ON (account_id, message_id) account_id, message_id, category_id, category_source, subject
    FROM emails
    WHERE ${where} AND category_id IS NOT NULL AND message_id IS NOT NULL
    ORDER BY account_id, message_id, id DESC
    ON CONFLICT (account_id, message_id) DO UPDATE
      SET category_id = EXCLUDED.category_id, source = EXCLUDED.source,
          subject = EXCLUDED.subject, kept_at = now()`);
}

/**
 * Gives mail stored after row `storedAfterId` its kept category, unless the user has chosen one
 * meanwhile; what was given back, and what waited too long, is forgotten. Only mail stored since
 * the sync began that could have brought it back: a message another client moved may reach the
 * target folder's sync before its source folder's sync misses it, while older copies of the same
 * Message-ID (the copy in Sent of a categorised mail) keep what they had. Costs one index lookup
 * when nothing waits.
 */
export async function reapplyKeptCategories(
  db: Db,
  accountId: number,
  storedAfterId: number,
): Promise<void> {
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
        AND (k.subject IS NULL OR e.subject = k.subject)
        AND e.category_id IS NULL
        AND e.id > ${storedAfterId}
      RETURNING k.message_id)
    DELETE FROM kept_categories
    WHERE account_id = ${accountId}
      AND (message_id IN (SELECT message_id FROM applied)
        OR kept_at < now() - make_interval(days => ${KEPT_DAYS}))`);
}

/** The newest row id: mail stored later has a greater one (ids come from one sequence). */
export async function newestEmailId(db: Db): Promise<number> {
  const result = await db.execute(sql`SELECT coalesce(max(id), 0)::int AS id FROM emails`);
  return Number((result as { rows: { id: number }[] }).rows[0]?.id ?? 0);
}
