import { sql, type SQL } from 'drizzle-orm';
import type { ParsedQuery } from './local/query/parse-query.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A LIKE pattern for a sender named in a sentence. German declines the words of a name after
 * an article ("von der Deutschen Bahn", "vom Grünen Laden"): a word ending in -en/-em/-er/-es
 * loses its last letter, so that the stem also finds the name as its sender writes it
 * ("Deutsche Bahn"); something may stand between the words ("Thomas M. Weber").
 */
export function senderPattern(name: string): string {
  const words = name
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => (word.length >= 5 && /e[nmrs]$/.test(word) ? word.slice(0, -1) : word));
  return `%${words.map(escapeLike).join('%')}%`;
}

/**
 * The filters a parsed query names, as conditions on `e` (emails) and `f` (folders). Folder and
 * category names are matched among the caller's own (the parser only knows those names).
 */
export function queryConditions(parsed: ParsedQuery): SQL[] {
  const where: SQL[] = [];
  for (const sender of parsed.senders) {
    const like = senderPattern(sender.text);
    where.push(
      sender.kind === 'address'
        ? sql`lower(e.from_address) = ${sender.text}`
        : sender.kind === 'domain'
          ? sql`lower(e.from_address) LIKE ${`%@${sender.text}`}`
          : sql`(lower(e.from_name) LIKE ${like} OR lower(e.from_address) LIKE ${like})`,
    );
  }
  for (const recipient of parsed.recipients) {
    const like = senderPattern(recipient.text);
    const match =
      recipient.kind === 'address'
        ? sql`lower(r->>'address') = ${recipient.text}`
        : recipient.kind === 'domain'
          ? sql`lower(r->>'address') LIKE ${`%@${recipient.text}`}`
          : sql`(lower(r->>'name') LIKE ${like} OR lower(r->>'address') LIKE ${like})`;
    where.push(
      sql`EXISTS (SELECT 1 FROM jsonb_array_elements(e.to_addresses || e.cc_addresses) r WHERE ${match})`,
    );
  }
  if (parsed.date)
    where.push(
      sql`e.mail_date >= ${parsed.date.from.toISOString()} AND e.mail_date < ${parsed.date.to.toISOString()}`,
    );
  if (parsed.folderType) where.push(sql`f.folder_type = ${parsed.folderType}`);
  if (parsed.folder) where.push(sql`lower(f.name) = ${parsed.folder.toLowerCase()}`);
  if (parsed.category)
    where.push(
      sql`e.category_id IN (SELECT id FROM categories c WHERE c.user_id = e.user_id AND lower(c.name) = ${parsed.category.toLowerCase()})`,
    );
  if (parsed.unread !== null) where.push(parsed.unread ? sql`NOT e.is_read` : sql`e.is_read`);
  if (parsed.flagged !== null)
    where.push(parsed.flagged ? sql`e.is_flagged` : sql`NOT e.is_flagged`);
  if (parsed.hasAttachments !== null)
    where.push(parsed.hasAttachments ? sql`e.has_attachments` : sql`NOT e.has_attachments`);
  if (parsed.received && !parsed.unanswered)
    where.push(sql`f.folder_type NOT IN ('sent', 'drafts')`);
  // "Unbeantwortet" means mail to the user that the user has not answered: not their own.
  if (parsed.unanswered)
    where.push(sql`NOT e.is_answered AND f.folder_type NOT IN ('sent', 'drafts')`);
  return where;
}
