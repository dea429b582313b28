import { sql, type SQL } from 'drizzle-orm';
import type { AiFeatureRow } from './ai.repository.ts';
import { FeatureStore } from './feature-store.ts';
import { calibrate } from './local/categorize/calibrate.ts';
import { classify, FILE_THRESHOLD } from './local/categorize/classify.ts';
import { modelFromRows, modelToRows } from './local/categorize/model-rows.ts';
import {
  addToTable,
  buildBackground,
  createModel,
  docVector,
  type CategoryModel,
} from './local/categorize/model.ts';
import { fitPriorShift } from './local/categorize/prior-shift.ts';
import { selfTrain } from './local/categorize/self-train.ts';
import { createModelCache } from './model-cache.ts';
import { decideUncertainByModel, MODEL_MAX_PER_RUN } from './model-categorize.ts';
import type { Features } from './local/features.ts';
import {
  AiCancelledError,
  featuresOf,
  noCategoriesNote,
  type AiDeps,
  type CategorizeParams,
  type CategorizeResult,
  type Progress,
} from './shared.ts';

/**
 * Mails read, classified and written per step. A page's bodies (≤ 12,000 characters each) are
 * the only text held at a time; between pages the run reports progress, lets other work on the
 * thread run (PGlite shares it with the API) and stops when the task was revoked.
 */
export const PAGE = 1000;

type Assignment = { id: number; categoryId: number | null; confidence: number | null };

/** How many of the most recently stored uncertain mails are read to find the newest by date. */
const MODEL_CANDIDATES = 500;

/**
 * Lets timers and sockets run. PGlite answers a query without any I/O (its promises settle as
 * microtasks), so without this a run on PGlite would hold the thread from its first page to its
 * last: no request answered, no progress seen, no revoke heard until it ended (measured).
 */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Categorisation (ADR 0022, ADR 0025): learning from the user's filing, and filing by the AI. */
export function createCategorizer(deps: AiDeps) {
  const { repo } = deps;
  const models = createModelCache(repo);

  /** Every page of mail the query names, in id order. */
  async function* pages(query: {
    userId: string;
    accountId?: number;
    ids?: number[];
    where?: SQL[];
    includeTrash?: boolean;
  }): AsyncGenerator<AiFeatureRow[]> {
    let afterId = 0;
    for (;;) {
      const page = await repo.featurePage({ ...query, afterId, limit: PAGE });
      if (page.length === 0) return;
      yield page;
      if (page.length < PAGE) return;
      afterId = page.at(-1)!.id;
    }
  }

  /**
   * Splits the account's mail: what the user filed into a known category becomes an example
   * (and counts in the model's `user` rows), the rest is returned for self-training.
   */
  function unlabelledAndExamples(
    model: CategoryModel,
    store: FeatureStore,
    known: Set<number>,
    examples: { categoryId: number; features: Features }[],
  ): () => Iterable<Features> {
    const unlabelled: number[] = [];
    for (let i = 0; i < store.size; i++) {
      const mail = store.mail(i);
      const f = store.features(i);
      if (
        mail.categorySource === 'user' &&
        mail.categoryId !== null &&
        known.has(mail.categoryId)
      ) {
        // The user's rows rebuilt from the mail as it is filed now: exactly what the
        // incremental updates hold, minus any drift (a mail whose text was made again).
        addToTable(model.user.get(mail.categoryId)!, docVector(f));
        examples.push({ categoryId: mail.categoryId, features: f });
      } else unlabelled.push(i);
    }
    // Read again from the compact store in each round of self-training, never all at once.
    return function* () {
      for (const i of unlabelled) yield store.features(i);
    };
  }

  /** Builds, trains and stores the model of one account from its mail's features. */
  async function train(
    userId: string,
    accountId: number,
    store: FeatureStore,
  ): Promise<CategoryModel | undefined> {
    const categories = await repo.categories(userId, accountId);
    if (categories.length === 0) return undefined;
    const known = new Set(categories.map((c) => c.id));
    const model = createModel(categories);
    const started = performance.now();
    model.background = buildBackground(
      (function* () {
        for (let i = 0; i < store.size; i++) yield store.features(i);
      })(),
    );
    const examples: { categoryId: number; features: Features }[] = [];
    const prepared = performance.now();
    // Self-training reads the unfiled mail's features from the compact store in each round:
    // the run never holds the whole account's features as objects (ADR 0025).
    const unfiled = unlabelledAndExamples(model, store, known, examples);
    selfTrain(model, unfiled, { examples });
    const trained = performance.now();
    calibrate(model, examples);
    fitPriorShift(model, unfiled, examples);
    const calibrated = performance.now();
    await repo.saveModel(accountId, modelToRows(model));
    // Sizes and times only: nothing of the mail itself goes to the log.
    deps.logger?.info(
      {
        accountId,
        mails: store.size,
        examples: examples.length,
        temperature: model.temperature,
        backgroundMs: Math.round(prepared - started),
        selfTrainMs: Math.round(trained - prepared),
        calibrateMs: Math.round(calibrated - trained),
        saveMs: Math.round(performance.now() - calibrated),
      },
      'AI categorisation model trained',
    );
    return model;
  }

  /**
   * The AI's verdict on one mail, or undefined where it must not touch it: never the user's own
   * choice and, when asked, only mail without a category.
   */
  function decide(
    model: CategoryModel,
    mail: { id: number; categoryId: number | null; categorySource: 'user' | 'ai' | null },
    features: Features,
    params: CategorizeParams,
    result: CategorizeResult,
  ): Assignment | undefined {
    if (mail.categorySource === 'user') return undefined;
    if (params.reclassifyUncategorizedOnly && mail.categoryId !== null) return undefined;
    const c = classify(model, features);
    // One category alone is always "certain" among the categories: then the mail must also
    // be more like it than like the account's mail at large.
    const singleOk = model.categories.length > 1 || c.evidence > 0;
    if (c.confidence >= FILE_THRESHOLD && singleOk) {
      result.categorized++;
      result.per_category[c.categoryId] = (result.per_category[c.categoryId] ?? 0) + 1;
      return { id: mail.id, categoryId: c.categoryId, confidence: c.confidence };
    }
    result.uncertain++;
    // What the AI filed before and no longer believes goes back to 'Ohne Kategorie'.
    return mail.categoryId !== null
      ? { id: mail.id, categoryId: null, confidence: null }
      : undefined;
  }

  return {
    /**
     * The user filed a mail (or took it out of a category): its words count at once for the
     * category, as rows every process reads (no retraining job to wait for).
     */
    async learnAssignment(
      userId: string,
      changes: {
        emailId: number;
        before: { categoryId: number | null; source: 'user' | 'ai' | null };
        after: number | null;
      }[],
    ): Promise<void> {
      const relevant = changes.filter(
        (c) => (c.before.source === 'user' && c.before.categoryId !== null) || c.after !== null,
      );
      if (relevant.length === 0) return;
      const mails = new Map<number, AiFeatureRow>();
      for await (const page of pages({
        userId,
        ids: relevant.map((c) => c.emailId),
        includeTrash: true,
      }))
        for (const mail of page) mails.set(mail.id, mail);
      // Summed per category, so that filing a thousand mails at once is one upsert per category.
      const sums = new Map<number, { terms: Map<string, number>; docs: number }>();
      const add = (categoryId: number, vector: Map<string, number>, factor: 1 | -1) => {
        const sum = sums.get(categoryId) ?? { terms: new Map<string, number>(), docs: 0 };
        for (const [term, value] of vector)
          sum.terms.set(term, (sum.terms.get(term) ?? 0) + factor * value);
        sum.docs += factor;
        sums.set(categoryId, sum);
      };
      for (const change of relevant) {
        const mail = mails.get(change.emailId);
        if (!mail) continue;
        if (change.before.source === 'user' && change.before.categoryId === change.after) continue;
        const vector = docVector(featuresOf(mail));
        if (change.before.source === 'user' && change.before.categoryId !== null)
          add(change.before.categoryId, vector, -1);
        if (change.after !== null) add(change.after, vector, 1);
      }
      for (const [categoryId, sum] of sums)
        await repo.addUserExample(
          categoryId,
          [...sum.terms].map(([term, delta]) => ({ term, delta })),
          sum.docs,
        );
    },

    async categorize(
      userId: string,
      params: CategorizeParams,
      progress: Progress,
    ): Promise<CategorizeResult> {
      const result: CategorizeResult = { categorized: 0, uncertain: 0, per_category: {} };
      // Mails the AI had filed and now takes back (unless the model files them again).
      const takenBack = new Set<number>();
      const accountIds = await repo.accountsWithCategories(userId, params.accountIds);
      if (accountIds.length === 0) result.note = noCategoriesNote(params.accountIds.length);
      const run = params.runId ? { id: params.runId, userId } : undefined;
      if (run) await repo.pruneRunChanges();
      const cancelled = async () => {
        await breathe();
        if (await progress.isCancelled()) throw new AiCancelledError();
      };
      for (const [index, accountId] of accountIds.entries()) {
        // This account's share of the task's 5–95 %.
        const share = (part: number) => Math.round(5 + ((index + part) / accountIds.length) * 90);
        await progress.report(share(0), 'E-Mails werden gelesen …');
        const quick = params.emailIds !== undefined || params.newMailOnly === true;
        const stored = quick ? await models.load(accountId) : undefined;
        let model: CategoryModel | undefined;
        /** The mails the local engine was unsure of, for the configured model. */
        const unsure: number[] = [];
        /**
         * With a model configured, it decides (part of) what the local engine was unsure of: the
         * newest of those mails, read in full only now (ADR 0026).
         */
        const askModel = async () => {
          if (!deps.model || unsure.length === 0 || !model) return;
          const newest = unsure.sort((x, y) => y - x).slice(0, MODEL_CANDIDATES);
          const mails = await repo.mails({ userId, ids: newest, limit: MODEL_MAX_PER_RUN });
          const assignments: Assignment[] = [];
          await decideUncertainByModel(deps, model.categories, mails, assignments, result);
          await repo.fileByAi(assignments, run);
          for (const a of assignments) if (a.categoryId !== null) takenBack.delete(a.id);
        };
        /** Classifies a batch and writes its verdicts: one UPDATE per batch. */
        const file = async (
          batch: { mail: AiFeatureRow | ReturnType<FeatureStore['mail']>; features: Features }[],
        ) => {
          const assignments: Assignment[] = [];
          for (const { mail, features } of batch) {
            const uncertainBefore = result.uncertain;
            const verdict = decide(model!, mail, features, params, result);
            if (verdict) assignments.push(verdict);
            if (verdict?.categoryId === null) takenBack.add(verdict.id);
            if (deps.model && result.uncertain > uncertainBefore) unsure.push(mail.id);
          }
          await repo.fileByAi(assignments, run);
        };
        if (stored) {
          // A few named mails, or what a fetch just brought: the stored model (with every
          // correction the user made since) classifies them, no retraining.
          model = modelFromRows(await repo.categories(userId, accountId), stored);
          await progress.report(share(0.5), 'E-Mails werden einsortiert …');
          for await (const page of pages({
            userId,
            accountId,
            ...(params.emailIds
              ? { ids: params.emailIds }
              : {
                  where: [
                    sql`e.category_id IS NULL AND e.created_at > ${stored.trainedAt.toISOString()}`,
                  ],
                }),
          })) {
            await cancelled();
            await file(page.map((mail) => ({ mail, features: featuresOf(mail) })));
          }
          await askModel();
          continue;
        }
        // A full run: the account's mail read page by page into compact features, the model
        // trained on them, then every mail classified and written batch by batch.
        const total = await repo.countAccountMails(userId, accountId);
        const store = new FeatureStore();
        const read = performance.now();
        for await (const page of pages({ userId, accountId })) {
          for (const mail of page) store.add(mail, featuresOf(mail));
          await cancelled();
          await progress.report(
            share(0.05 + 0.45 * Math.min(1, store.size / Math.max(1, total))),
            `E-Mails werden gelesen … (${store.size.toLocaleString('de-DE')} von ${total.toLocaleString('de-DE')})`,
          );
        }
        deps.logger?.info(
          {
            accountId,
            mails: store.size,
            featureBytes: store.bytes(),
            featuresMs: Math.round(performance.now() - read),
          },
          'AI categorisation read the mail',
        );
        await progress.report(share(0.5), 'Die KI lernt aus Ihren Kategorien …');
        model = await train(userId, accountId, store);
        if (!model) continue;
        const wanted = params.emailIds ? new Set(params.emailIds) : undefined;
        for (let start = 0; start < store.size; start += PAGE) {
          await cancelled();
          await progress.report(
            share(0.7 + 0.3 * (start / store.size)),
            `E-Mails werden einsortiert … (${start.toLocaleString('de-DE')} von ${store.size.toLocaleString('de-DE')})`,
          );
          const batch = [];
          for (let i = start; i < Math.min(store.size, start + PAGE); i++) {
            const mail = store.mail(i);
            // Named mails without a stored model: trained on the whole account, only they filed.
            if (!wanted || wanted.has(mail.id)) batch.push({ mail, features: store.features(i) });
          }
          await file(batch);
        }
        await askModel();
      }
      if (takenBack.size > 0) result.taken_back = takenBack.size;
      return result;
    },
  };
}
