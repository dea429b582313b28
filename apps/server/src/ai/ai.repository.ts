import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { CategorySeed } from './local/categorize/model.ts';
import { createAiFilingRepository } from './ai-filing.repository.ts';
import { createAiModelRepository } from './ai-model.repository.ts';
import { rows } from './repository-rows.ts';

/** What the engine reads of a stored mail; bodies are cut in SQL, the engine reads no more. */
export interface AiMailRow {
  id: number;
  accountId: number;
  folderId: number;
  subject: string;
  body: string;
  fromName: string;
  fromAddress: string;
  to: { name: string; address: string }[];
  cc: { name: string; address: string }[];
  date: Date;
  hasAttachments: boolean;
  isReply: boolean;
  attachmentNames: string[];
  isRead: boolean;
  isFlagged: boolean;
  isAnswered: boolean;
  folderType: string;
  folderName: string;
  categoryId: number | null;
  categorySource: 'user' | 'ai' | null;
}

// The engine reads at most 6,000 characters of a body (features.ts); twice that leaves room for
// cutting the quote off a reply first.
const MAIL_COLUMNS = sql.raw(`
  e.id::float8 AS id, e.account_id AS "accountId", e.folder_id AS "folderId", e.subject,
  left(coalesce(e.body_text, e.preview), 12000) AS body, e.from_name AS "fromName",
  e.from_address AS "fromAddress", e.to_addresses AS "to", e.cc_addresses AS cc,
  e.mail_date AS date, e.has_attachments AS "hasAttachments",
  e.in_reply_to IS NOT NULL AS "isReply",
  coalesce((SELECT array_agg(a->>'filename') FROM jsonb_array_elements(e.attachments) a
            WHERE NOT (a->>'inline')::boolean), '{}') AS "attachmentNames",
  e.is_read AS "isRead", e.is_flagged AS "isFlagged", e.is_answered AS "isAnswered",
  f.folder_type AS "folderType", f.name AS "folderName",
  e.category_id AS "categoryId", e.category_source AS "categorySource"`);

/** What categorisation reads of a mail: only what its features need (features.ts). */
export interface AiFeatureRow {
  id: number;
  subject: string;
  body: string;
  fromAddress: string;
  hasAttachments: boolean;
  isReply: boolean;
  categoryId: number | null;
  categorySource: 'user' | 'ai' | null;
}

// The same cut as MAIL_COLUMNS, so that a mail's features are the same whichever way it is read.
const FEATURE_COLUMNS = sql.raw(`
  e.id::float8 AS id, e.subject, left(coalesce(e.body_text, e.preview), 12000) AS body,
  e.from_address AS "fromAddress", e.has_attachments AS "hasAttachments",
  e.in_reply_to IS NOT NULL AS "isReply",
  e.category_id AS "categoryId", e.category_source AS "categorySource"`);

export interface FeaturePageQuery {
  userId: string;
  accountId?: number;
  ids?: number[];
  /** Keyset paging: mails with a larger id than this. */
  afterId: number;
  limit: number;
  where?: SQL[];
  includeTrash?: boolean;
}

function toMail(row: AiMailRow): AiMailRow {
  return {
    ...row,
    id: Number(row.id),
    date: row.date instanceof Date ? row.date : new Date(row.date),
    attachmentNames: row.attachmentNames ?? [],
  };
}

export interface MailQuery {
  userId: string;
  accountIds?: number[];
  ids?: number[];
  /** Extra conditions on `e` (emails) and `f` (folders). */
  where?: SQL[];
  /** Trash and Spam are not what a user means by "my mail" (they are left out unless asked). */
  includeTrash?: boolean;
  limit?: number;
  /** Default: newest first. */
  orderBy?: SQL;
}

/** A candidate of a search or question, as its ranking reads it. */
export interface AiRankingRow {
  id: number;
  subject: string;
  body: string;
  fromName: string;
  fromAddress: string;
  date: Date;
}

function mailConditions(query: MailQuery): SQL[] {
  const conditions: SQL[] = [sql`e.user_id = ${query.userId}`];
  if (query.accountIds)
    conditions.push(
      query.accountIds.length
        ? sql`e.account_id IN (${sql.join(
            query.accountIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  if (query.ids)
    conditions.push(
      query.ids.length
        ? sql`e.id IN (${sql.join(
            query.ids.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  if (!query.includeTrash) conditions.push(sql`f.folder_type NOT IN ('trash', 'spam')`);
  conditions.push(...(query.where ?? []));
  return conditions;
}

export function createAiRepository(db: Db) {
  return {
    ...createAiModelRepository(db),
    ...createAiFilingRepository(db),
    /**
     * One page of mail for categorisation, by ascending id: a run over 20,000 mails holds one
     * page of bodies at a time, never the whole account's.
     */
    async featurePage(query: FeaturePageQuery): Promise<AiFeatureRow[]> {
      const conditions: SQL[] = [sql`e.user_id = ${query.userId}`, sql`e.id > ${query.afterId}`];
      if (query.accountId !== undefined) conditions.push(sql`e.account_id = ${query.accountId}`);
      if (query.ids)
        conditions.push(
          query.ids.length
            ? sql`e.id IN (${sql.join(
                query.ids.map((id) => sql`${id}`),
                sql`, `,
              )})`
            : sql`false`,
        );
      if (!query.includeTrash)
        conditions.push(
          sql`e.folder_id NOT IN (SELECT id FROM folders WHERE user_id = ${query.userId}
                AND folder_type IN ('trash', 'spam'))`,
        );
      conditions.push(...(query.where ?? []));
      const result = await rows<AiFeatureRow>(
        db,
        sql`SELECT ${FEATURE_COLUMNS} FROM emails e
            WHERE ${sql.join(conditions, sql` AND `)}
            ORDER BY e.id LIMIT ${query.limit}`,
      );
      return result.map((row) => ({ ...row, id: Number(row.id) }));
    },

    /** How many mails of the account a full run reads (for its progress). */
    async countAccountMails(userId: string, accountId: number): Promise<number> {
      const [row] = await rows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM emails e JOIN folders f ON f.id = e.folder_id
            WHERE e.user_id = ${userId} AND e.account_id = ${accountId}
              AND f.folder_type NOT IN ('trash', 'spam')`,
      );
      return Number(row?.n ?? 0);
    },

    async mails(query: MailQuery): Promise<AiMailRow[]> {
      const result = await rows<AiMailRow>(
        db,
        sql`SELECT ${MAIL_COLUMNS} FROM emails e JOIN folders f ON f.id = e.folder_id
            WHERE ${sql.join(mailConditions(query), sql` AND `)}
            ORDER BY ${query.orderBy ?? sql`e.mail_date DESC, e.id DESC`}
            ${query.limit ? sql`LIMIT ${query.limit}` : sql``}`,
      );
      return result.map(toMail);
    },

    /**
     * What ranking reads of a candidate: the text and the sender, not recipients or attachment
     * names (a search ranks up to 2,000 candidates and shows 20; those are read in full after).
     */
    async rankingRows(query: MailQuery): Promise<AiRankingRow[]> {
      const result = await rows<AiRankingRow>(
        db,
        sql`SELECT e.id::float8 AS id, e.subject,
              left(coalesce(e.body_text, e.preview), 12000) AS body,
              e.from_name AS "fromName", e.from_address AS "fromAddress", e.mail_date AS date
            FROM emails e JOIN folders f ON f.id = e.folder_id
            WHERE ${sql.join(mailConditions(query), sql` AND `)}
            ORDER BY ${query.orderBy ?? sql`e.mail_date DESC, e.id DESC`}
            ${query.limit ? sql`LIMIT ${query.limit}` : sql``}`,
      );
      return result.map((row) => ({
        ...row,
        id: Number(row.id),
        date: row.date instanceof Date ? row.date : new Date(row.date),
      }));
    },

    async count(userId: string, where: SQL[]): Promise<number> {
      const [row] = await rows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM emails e JOIN folders f ON f.id = e.folder_id
            WHERE e.user_id = ${userId} AND f.folder_type NOT IN ('trash', 'spam')
            ${where.length ? sql`AND ${sql.join(where, sql` AND `)}` : sql``}`,
      );
      return Number(row?.n ?? 0);
    },

    /** The user's own ids among `ids` (a stranger's id is simply not there). */
    async ownedEmailIds(userId: string, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const found = await rows<{ id: number }>(
        db,
        sql`SELECT id::float8 AS id FROM emails WHERE user_id = ${userId}
            AND id IN (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
      );
      return found.map((r) => Number(r.id));
    },

    async categories(userId: string, accountId: number): Promise<CategorySeed[]> {
      return rows<CategorySeed>(
        db,
        sql`SELECT id, name, description FROM categories
            WHERE user_id = ${userId} AND account_id = ${accountId} ORDER BY id`,
      );
    },

    async userCategoryNames(userId: string): Promise<{ id: number; name: string }[]> {
      return rows(db, sql`SELECT id, name FROM categories WHERE user_id = ${userId}`);
    },

    async userFolderNames(userId: string): Promise<{ id: number; name: string }[]> {
      return rows(
        db,
        sql`SELECT f.id, f.name FROM folders f JOIN accounts a ON a.id = f.account_id
            WHERE a.user_id = ${userId}`,
      );
    },

    /** Accounts of the user that have at least one category. */
    async accountsWithCategories(userId: string, accountIds?: number[]): Promise<number[]> {
      const found = await rows<{ id: number }>(
        db,
        sql`SELECT DISTINCT account_id AS id FROM categories WHERE user_id = ${userId}
            ${
              accountIds
                ? sql`AND account_id IN (${sql.join(
                    [...accountIds, -1].map((id) => sql`${id}`),
                    sql`, `,
                  )})`
                : sql``
            }
            ORDER BY 1`,
      );
      return found.map((r) => r.id);
    },
  };
}

export type AiRepository = ReturnType<typeof createAiRepository>;
