import { sql } from 'drizzle-orm';
import type { AiMailRow } from './ai.repository.ts';
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
import { selfTrain } from './local/categorize/self-train.ts';
import { decideUncertainByModel } from './model-categorize.ts';
import type { Features } from './local/features.ts';
import {
  AiCancelledError,
  featuresOf,
  type AiDeps,
  type CategorizeParams,
  type CategorizeResult,
  type Progress,
} from './shared.ts';

/** Categorisation (ADR 0022): learning from the user's filing, and filing by the AI. */
export function createCategorizer(deps: AiDeps) {
  const { repo } = deps;

  /** Builds, trains and stores the model of one account from its mail; returns it. */
  async function train(
    userId: string,
    accountId: number,
    mails: AiMailRow[],
    features: Map<number, Features>,
  ): Promise<CategoryModel | undefined> {
    const categories = await repo.categories(userId, accountId);
    if (categories.length === 0) return undefined;
    const known = new Set(categories.map((c) => c.id));
    const model = createModel(categories);
    model.background = buildBackground(features.values());
    const examples: { categoryId: number; features: Features }[] = [];
    const unlabelled: Features[] = [];
    for (const mail of mails) {
      const f = features.get(mail.id)!;
      if (
        mail.categorySource === 'user' &&
        mail.categoryId !== null &&
        known.has(mail.categoryId)
      ) {
        // The user's rows rebuilt from the mail as it is filed now: exactly what the
        // incremental updates hold, minus any drift (a mail whose text was made again).
        addToTable(model.user.get(mail.categoryId)!, docVector(f));
        examples.push({ categoryId: mail.categoryId, features: f });
      } else unlabelled.push(f);
    }
    const started = performance.now();
    selfTrain(model, unlabelled);
    const trained = performance.now();
    calibrate(model, examples);
    const calibrated = performance.now();
    await repo.saveModel(accountId, modelToRows(model));
    // Sizes and times only: nothing of the mail itself goes to the log.
    deps.logger?.info(
      {
        accountId,
        mails: mails.length,
        examples: examples.length,
        temperature: model.temperature,
        selfTrainMs: Math.round(trained - started),
        calibrateMs: Math.round(calibrated - trained),
        saveMs: Math.round(performance.now() - calibrated),
      },
      'AI categorisation model trained',
    );
    return model;
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
      const mails = new Map(
        (await repo.mails({ userId, ids: relevant.map((c) => c.emailId), includeTrash: true })).map(
          (m) => [m.id, m],
        ),
      );
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
      const accountIds = await repo.accountsWithCategories(userId, params.accountIds);
      for (const [index, accountId] of accountIds.entries()) {
        const share = (part: number) => Math.round(5 + ((index + part) / accountIds.length) * 90);
        await progress.report(share(0), 'E-Mails werden gelesen …');
        let model: CategoryModel | undefined;
        let targets: AiMailRow[];
        const quick = params.emailIds !== undefined || params.newMailOnly === true;
        const stored = quick ? await repo.loadModel(accountId) : undefined;
        if (stored) {
          // A few named mails, or what a fetch just brought: the stored model (with every
          // correction the user made since) classifies them, no retraining.
          model = modelFromRows(await repo.categories(userId, accountId), stored);
          targets = await repo.mails({
            userId,
            accountIds: [accountId],
            ...(params.emailIds ? { ids: params.emailIds } : {}),
            ...(params.emailIds
              ? {}
              : {
                  where: [
                    sql`e.category_id IS NULL AND e.created_at > ${stored.trainedAt.toISOString()}`,
                  ],
                }),
          });
        } else {
          const mails = await repo.mails({ userId, accountIds: [accountId] });
          if (await progress.isCancelled()) throw new AiCancelledError();
          const read = performance.now();
          const features = new Map(mails.map((m) => [m.id, featuresOf(m)]));
          deps.logger?.info(
            { accountId, mails: mails.length, featuresMs: Math.round(performance.now() - read) },
            'AI categorisation read the mail',
          );
          await progress.report(share(0.3), 'Die KI lernt aus Ihren Kategorien …');
          model = await train(userId, accountId, mails, features);
          const wanted = params.emailIds ? new Set(params.emailIds) : undefined;
          targets = mails.filter((m) => !wanted || wanted.has(m.id));
        }
        if (!model) continue;
        if (await progress.isCancelled()) throw new AiCancelledError();
        await progress.report(share(0.7), 'E-Mails werden einsortiert …');
        const assignments: { id: number; categoryId: number | null; confidence: number | null }[] =
          [];
        const unsure: AiMailRow[] = [];
        for (const mail of targets) {
          // Never the user's own choice; and, when asked, only mail without a category.
          if (mail.categorySource === 'user') continue;
          if (params.reclassifyUncategorizedOnly && mail.categoryId !== null) continue;
          const c = classify(model, featuresOf(mail));
          // One category alone is always "certain" among the categories: then the mail must also
          // be more like it than like the account's mail at large.
          const singleOk = model.categories.length > 1 || c.evidence > 0;
          if (c.confidence >= FILE_THRESHOLD && singleOk) {
            assignments.push({ id: mail.id, categoryId: c.categoryId, confidence: c.confidence });
            result.categorized++;
            result.per_category[c.categoryId] = (result.per_category[c.categoryId] ?? 0) + 1;
          } else {
            result.uncertain++;
            unsure.push(mail);
            // What the AI filed before and no longer believes goes back to 'Ohne Kategorie'.
            if (mail.categoryId !== null)
              assignments.push({ id: mail.id, categoryId: null, confidence: null });
          }
        }
        // With a model configured, it decides (part of) what the local engine was unsure of.
        await decideUncertainByModel(deps, model.categories, unsure, assignments, result);
        await repo.fileByAi(assignments);
      }
      return result;
    },
  };
}
