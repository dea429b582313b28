import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { CHUNK, rows } from './repository-rows.ts';

export interface StoredProposal {
  id: number;
  accountId: number;
  name: string;
  description: string;
  emailIds: number[];
}

/** The AI's filing (undoable per run) and the category proposals awaiting the user. */
export function createAiFilingRepository(db: Db) {
  // email_ids is bigint[]: node-postgres gives int8 as strings.
  const proposals = async (where: SQL): Promise<StoredProposal[]> =>
    (
      await rows<Omit<StoredProposal, 'emailIds'> & { emailIds: (number | string)[] }>(
        db,
        sql`SELECT id, account_id AS "accountId", name, description, email_ids AS "emailIds"
            FROM ai_proposals WHERE ${where} ORDER BY id`,
      )
    ).map((row) => ({ ...row, emailIds: row.emailIds.map(Number) }));

  return {
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

    async findProposal(userId: string, id: number): Promise<StoredProposal | undefined> {
      const [found] = await proposals(sql`user_id = ${userId} AND id = ${id}`);
      return found;
    },

    /** The caller's open proposals (not yet accepted or dismissed), of one account or all. */
    async listProposals(userId: string, accountId?: number): Promise<StoredProposal[]> {
      return proposals(
        accountId === undefined
          ? sql`user_id = ${userId}`
          : sql`user_id = ${userId} AND account_id = ${accountId}`,
      );
    },

    async deleteProposal(id: number): Promise<void> {
      await db.execute(sql`DELETE FROM ai_proposals WHERE id = ${id}`);
    },
  };
}
