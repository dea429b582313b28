import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { ModelRows } from './local/categorize/model-rows.ts';
import type { CategorySeed } from './local/categorize/model.ts';

/** What the engine reads of a stored mail; bodies are cut in SQL, the engine reads no more. */
/** An account's stored model apart from its rows (modelRows). */
export interface ModelState {
  trainedAt: Date;
  temperature: number;
  /** Mails and features the background's document frequencies were counted over. */
  background: { docs: number; mass: number };
}

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

const CHUNK = 5000;

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

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
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

    /** When and how an account's model was last trained, or undefined before its first run. */
    async modelState(accountId: number): Promise<ModelState | undefined> {
      const [state] = await rows<{
        docs: number;
        mass: number;
        temperature: number;
        trainedAt: Date | string;
      }>(
        db,
        sql`SELECT docs, mass, temperature, trained_at AS "trainedAt"
            FROM ai_account_models WHERE account_id = ${accountId}`,
      );
      if (!state) return undefined;
      return {
        trainedAt: new Date(state.trainedAt),
        temperature: Number(state.temperature),
        background: { docs: Number(state.docs), mass: Number(state.mass) },
      };
    },

    /**
     * Rows of an account's stored model: `user` the user's filed mail (changes with every
     * correction), `trained` what only a categorisation run writes (self-training, the linear
     * model and its settings, the background's terms).
     */
    async modelRows(
      accountId: number,
      part: 'user' | 'trained',
    ): Promise<Pick<ModelRows, 'terms' | 'totals'>> {
      const sources = part === 'user' ? sql`t.source = 'user'` : sql`t.source <> 'user'`;
      const categoryTotals = await rows<{
        categoryId: number;
        source: 'user' | 'ai';
        docs: number;
        mass: number;
      }>(
        db,
        sql`SELECT t.category_id AS "categoryId", t.source, t.docs, t.mass
            FROM ai_category_totals t JOIN categories c ON c.id = t.category_id
            WHERE c.account_id = ${accountId} AND ${sources}`,
      );
      const categoryTerms = await rows<{
        categoryId: number;
        source: 'user' | 'ai' | 'linear';
        term: string;
        weight: number;
      }>(
        db,
        sql`SELECT t.category_id AS "categoryId", t.source, t.term, t.weight
            FROM ai_category_terms t JOIN categories c ON c.id = t.category_id
            WHERE c.account_id = ${accountId} AND ${sources}`,
      );
      const background =
        part === 'trained'
          ? await rows<{ term: string; docs: number }>(
              db,
              sql`SELECT term, docs FROM ai_background_terms WHERE account_id = ${accountId}`,
            )
          : [];
      return {
        totals: categoryTotals.map((r) => ({ ...r, docs: Number(r.docs), mass: Number(r.mass) })),
        terms: [
          ...categoryTerms.map((r) => ({ ...r, weight: Number(r.weight) })),
          ...background.map((r) => ({
            categoryId: null,
            source: 'background' as const,
            term: r.term,
            weight: Number(r.docs),
          })),
        ],
      };
    },

    /**
     * Adds filed (or, negative, unfiled) mails' vectors to the category's 'user' rows, at
     * once and as sums, so that concurrent corrections in two processes add up.
     */
    async addUserExample(
      categoryId: number,
      deltas: { term: string; delta: number }[],
      /** Mails added (positive) or taken out (negative); each has mass 1. */
      docs: number,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        for (let i = 0; i < deltas.length; i += CHUNK) {
          const chunk = JSON.stringify(deltas.slice(i, i + CHUNK));
          await tx.execute(sql`
            INSERT INTO ai_category_terms (category_id, source, term, weight)
            SELECT ${categoryId}, 'user', r.term, r.delta
              FROM jsonb_to_recordset(${chunk}::jsonb) AS r(term text, delta float8)
            ON CONFLICT (category_id, source, term)
              DO UPDATE SET weight = ai_category_terms.weight + EXCLUDED.weight`);
        }
        await tx.execute(sql`
          INSERT INTO ai_category_totals (category_id, source, docs, mass)
          VALUES (${categoryId}, 'user', ${docs}, ${docs})
          ON CONFLICT (category_id, source) DO UPDATE
            SET docs = ai_category_totals.docs + EXCLUDED.docs,
                mass = ai_category_totals.mass + EXCLUDED.mass`);
        // A removed example leaves nothing behind (float residue would only grow the table).
        await tx.execute(sql`DELETE FROM ai_category_terms
          WHERE category_id = ${categoryId} AND source = 'user' AND abs(weight) < 1e-9`);
      });
    },

    /** Replaces the account's whole model (a categorisation run rebuilt it from the mailbox). */
    async saveModel(accountId: number, model: ModelRows): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`DELETE FROM ai_category_terms WHERE category_id IN
          (SELECT id FROM categories WHERE account_id = ${accountId})`);
        await tx.execute(sql`DELETE FROM ai_category_totals WHERE category_id IN
          (SELECT id FROM categories WHERE account_id = ${accountId})`);
        await tx.execute(sql`DELETE FROM ai_background_terms WHERE account_id = ${accountId}`);
        const categoryTerms = model.terms.filter((r) => r.source !== 'background');
        for (let i = 0; i < categoryTerms.length; i += CHUNK) {
          const chunk = JSON.stringify(categoryTerms.slice(i, i + CHUNK));
          await tx.execute(sql`
            INSERT INTO ai_category_terms (category_id, source, term, weight)
            SELECT r."categoryId", r.source, r.term, r.weight
              FROM jsonb_to_recordset(${chunk}::jsonb)
                AS r("categoryId" int, source text, term text, weight float8)
              JOIN categories c ON c.id = r."categoryId"`);
        }
        const background = model.terms.filter((r) => r.source === 'background');
        for (let i = 0; i < background.length; i += CHUNK) {
          const chunk = JSON.stringify(background.slice(i, i + CHUNK));
          await tx.execute(sql`
            INSERT INTO ai_background_terms (account_id, term, docs)
            SELECT ${accountId}, r.term, r.weight
              FROM jsonb_to_recordset(${chunk}::jsonb) AS r(term text, weight float8)`);
        }
        const totals = JSON.stringify(model.totals.filter((r) => r.source !== 'background'));
        await tx.execute(sql`
          INSERT INTO ai_category_totals (category_id, source, docs, mass)
          SELECT r."categoryId", r.source, r.docs, r.mass
            FROM jsonb_to_recordset(${totals}::jsonb)
              AS r("categoryId" int, source text, docs float8, mass float8)
            JOIN categories c ON c.id = r."categoryId"`);
        const bg = model.totals.find((r) => r.source === 'background');
        await tx.execute(sql`
          INSERT INTO ai_account_models (account_id, docs, mass, temperature, trained_at)
          VALUES (${accountId}, ${bg?.docs ?? 0}, ${bg?.mass ?? 0}, ${model.temperature}, now())
          ON CONFLICT (account_id) DO UPDATE SET docs = EXCLUDED.docs, mass = EXCLUDED.mass,
            temperature = EXCLUDED.temperature, trained_at = now()`);
      });
    },

    /**
     * Files mail as the AI's choice. The condition on the row keeps a choice the user made in
     * the meantime: the AI never overwrites the user.
     */
    async fileByAi(
      assignments: { id: number; categoryId: number | null; confidence: number | null }[],
      run?: { id: string; userId: string },
    ): Promise<number> {
      let changed = 0;
      for (let i = 0; i < assignments.length; i += CHUNK) {
        const chunk = JSON.stringify(assignments.slice(i, i + CHUNK));
        // Every part of the statement sees the rows as they were before it: `before` is what
        // undoing the run brings back (only where the category changed).
        const [row] = await rows<{ n: number }>(
          db,
          sql`WITH r AS (
                SELECT * FROM jsonb_to_recordset(${chunk}::jsonb)
                  AS r(id bigint, "categoryId" int, confidence real)
              ),
              before AS (
                SELECT e.id, e.category_id, e.category_source, e.category_confidence
                FROM emails e JOIN r ON r.id = e.id
              ),
              updated AS (
                UPDATE emails e SET category_id = r."categoryId",
                  category_source = CASE WHEN r."categoryId" IS NULL THEN NULL ELSE 'ai' END,
                  category_confidence = r.confidence
                FROM r
                WHERE e.id = r.id AND e.category_source IS DISTINCT FROM 'user'
                RETURNING e.id, e.category_id
              ),
              logged AS (
                INSERT INTO ai_run_changes (run_id, user_id, email_id, before_category,
                                            before_source, before_confidence, after_category)
                SELECT ${run?.id ?? null}::uuid, ${run?.userId ?? null}::uuid, u.id, b.category_id,
                       b.category_source, b.category_confidence, u.category_id
                FROM updated u JOIN before b ON b.id = u.id
                WHERE ${run?.id ?? null}::uuid IS NOT NULL
                  AND b.category_id IS DISTINCT FROM u.category_id
                ON CONFLICT (run_id, email_id) DO NOTHING
                RETURNING 1
              )
              SELECT count(*)::int AS n FROM updated`,
        );
        changed += Number(row?.n ?? 0);
      }
      return changed;
    },

    /** Drops what runs older than a week changed: those are no longer offered for undoing. */
    async pruneRunChanges(): Promise<void> {
      await db.execute(
        sql`DELETE FROM ai_run_changes WHERE created_at < now() - interval '7 days'`,
      );
    },

    /**
     * Undoes a categorisation run: each mail it changed gets its category back, unless someone
     * filed it otherwise since (the user, or a later run). Returns how many were restored.
     */
    async undoRun(userId: string, runId: string): Promise<number> {
      const [row] = await rows<{ n: number }>(
        db,
        sql`WITH c AS (
              DELETE FROM ai_run_changes WHERE run_id = ${runId} AND user_id = ${userId}
              RETURNING email_id, before_category, before_source, before_confidence, after_category
            ),
            restored AS (
              UPDATE emails e SET category_id = c.before_category,
                category_source = c.before_source, category_confidence = c.before_confidence
              FROM c
              WHERE e.id = c.email_id AND e.user_id = ${userId}
                AND e.category_source IS DISTINCT FROM 'user'
                AND e.category_id IS NOT DISTINCT FROM c.after_category
              RETURNING e.id
            )
            SELECT count(*)::int AS n FROM restored`,
      );
      return Number(row?.n ?? 0);
    },

    async insertProposals(
      userId: string,
      accountId: number,
      proposals: { name: string; description: string; emailIds: number[] }[],
    ): Promise<number[]> {
      await db.execute(sql`DELETE FROM ai_proposals WHERE account_id = ${accountId}`);
      const ids: number[] = [];
      for (const p of proposals) {
        const [row] = await rows<{ id: number }>(
          db,
          sql`INSERT INTO ai_proposals (user_id, account_id, name, description, email_ids)
              VALUES (${userId}, ${accountId}, ${p.name}, ${p.description},
                      ${`{${p.emailIds.join(',')}}`}::bigint[])
              RETURNING id`,
        );
        ids.push(row!.id);
      }
      return ids;
    },

    async findProposal(
      userId: string,
      id: number,
    ): Promise<
      | { id: number; accountId: number; name: string; description: string; emailIds: number[] }
      | undefined
    > {
      const [row] = await rows<{
        id: number;
        accountId: number;
        name: string;
        description: string;
        emailIds: (number | string)[];
      }>(
        db,
        sql`SELECT id, account_id AS "accountId", name, description, email_ids AS "emailIds"
            FROM ai_proposals WHERE user_id = ${userId} AND id = ${id}`,
      );
      return row && { ...row, emailIds: row.emailIds.map(Number) };
    },

    /** The caller's open proposals (not yet accepted or dismissed), of one account or all. */
    async listProposals(
      userId: string,
      accountId?: number,
    ): Promise<
      { id: number; accountId: number; name: string; description: string; emailIds: number[] }[]
    > {
      const result = await rows<{
        id: number;
        accountId: number;
        name: string;
        description: string;
        emailIds: (number | string)[];
      }>(
        db,
        sql`SELECT id, account_id AS "accountId", name, description, email_ids AS "emailIds"
            FROM ai_proposals
            WHERE user_id = ${userId} ${accountId === undefined ? sql`` : sql`AND account_id = ${accountId}`}
            ORDER BY id`,
      );
      return result.map((row) => ({ ...row, emailIds: row.emailIds.map(Number) }));
    },

    async deleteProposal(id: number): Promise<void> {
      await db.execute(sql`DELETE FROM ai_proposals WHERE id = ${id}`);
    },
  };
}

export type AiRepository = ReturnType<typeof createAiRepository>;
