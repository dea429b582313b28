import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { ModelRows } from './local/categorize/model-rows.ts';
import { CHUNK, rows } from './repository-rows.ts';

/** An account's stored model apart from its rows (modelRows). */
export interface ModelState {
  trainedAt: Date;
  temperature: number;
  /** Mails and features the background's document frequencies were counted over. */
  background: { docs: number; mass: number };
}

/** What the engine learned per account, as rows: every process reads the same model. */
export function createAiModelRepository(db: Db) {
  return {
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
  };
}
