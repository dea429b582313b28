import type { ModelState } from './ai-model.repository.ts';
import type { ModelRows } from './local/categorize/model-rows.ts';

/** What the cache reads from the database (ai.repository.ts). */
export interface StoredModels {
  modelState(accountId: number): Promise<ModelState | undefined>;
  modelRows(
    accountId: number,
    part: 'user' | 'trained',
  ): Promise<Pick<ModelRows, 'terms' | 'totals'>>;
}

// A provider's worker serves many accounts; a laptop holds a few. The background of an account
// of 20,000 mails is about a hundred thousand rows, so only the most recently used are kept.
const ACCOUNTS = 8;

/**
 * The stored model of an account for the runs that classify new mail, which come every time a
 * fetch brings some. Reading all its rows took 0.2–0.7 s at 20,000 mails (ADR 0025), most of it
 * the background's terms and what self-training wrote, which change only when a categorisation
 * run trains the model again (and `trained_at` with them). Those are kept per process and read
 * again when `trained_at` differs, whichever process trained; the user's own rows change with
 * every correction and are read on every load.
 */
export function createModelCache(repo: StoredModels, accounts = ACCOUNTS) {
  const trained = new Map<number, { at: number; rows: Pick<ModelRows, 'terms' | 'totals'> }>();
  return {
    async load(accountId: number): Promise<(ModelRows & { trainedAt: Date }) | undefined> {
      const state = await repo.modelState(accountId);
      if (!state) {
        trained.delete(accountId);
        return undefined;
      }
      let entry = trained.get(accountId);
      if (entry?.at !== state.trainedAt.getTime())
        entry = { at: state.trainedAt.getTime(), rows: await repo.modelRows(accountId, 'trained') };
      // Most recently used last: the first key is the one to let go.
      trained.delete(accountId);
      trained.set(accountId, entry);
      if (trained.size > accounts) trained.delete(trained.keys().next().value!);
      const user = await repo.modelRows(accountId, 'user');
      return {
        trainedAt: state.trainedAt,
        temperature: state.temperature,
        totals: [
          ...entry.rows.totals,
          ...user.totals,
          { categoryId: null, source: 'background', ...state.background },
        ],
        terms: [...entry.rows.terms, ...user.terms],
      };
    },
  };
}

export type ModelCache = ReturnType<typeof createModelCache>;
