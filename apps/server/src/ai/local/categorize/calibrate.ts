import type { Features } from '../features.ts';
import { blendedProbabilities, queryVector, scoreCategories, softmax } from './classify.ts';
import { linearLogits, linearVector, trainLinear } from './linear.ts';
import { addToTable, defaultAnchorTemperature, docVector, type CategoryModel } from './model.ts';

export interface Example {
  categoryId: number;
  features: Features;
}

/** Without examples to measure on, a temperature that keeps zero-shot guesses humble. */
export const DEFAULT_TEMPERATURE = 8;
// Below this, five folds hold one or two examples each: the fits were noise (codealltag with 5
// per class filed 33 % of mail at 66 % precision), so the uncalibrated defaults serve better.
const MIN_EXAMPLES = 20;
const FOLDS = 5;
// Held-out scoring of a spread sample measures just as well as of every example, and in time.
const MAX_HELD_OUT = 600;
// The linear model learns from at most this many examples (spread over the filing order).
const MAX_TRAIN = 3000;
// Each fold's linear model only has to be good enough to judge the blend: fewer examples.
const MAX_FOLD_TRAIN = 1000;

function spread<T>(items: readonly T[], limit: number): T[] {
  if (items.length <= limit) return [...items];
  const step = items.length / limit;
  return Array.from({ length: limit }, (_, i) => items[Math.floor(i * step)]!);
}

interface HeldOut {
  categoryId: number;
  scores: Map<number, number>;
  /** Descriptions and examples without self-training: the anchor before a linear model. */
  anchor: Map<number, number>;
  linear: Map<number, number>;
}

/**
 * Everything the confidences need, fitted to the user's own filed mail scored held-out in five
 * folds (a fold's counts taken out of the model first: exact and cheap, because the statistics
 * are sums; the linear model trained without the fold): naive Bayes' temperature, the weight of
 * the linear model against it, and the anchor view's temperature, each by log loss, so that a
 * confidence of 0.9 means right nine times in ten on this account's mail. Then the linear model
 * is trained on all examples. Returns naive Bayes' temperature.
 */
export function calibrate(model: CategoryModel, examples: readonly Example[]): number {
  model.linear = undefined;
  // Fitted for the model as it was (prior-shift.ts runs after this): it would not fit the new one.
  model.priorShift = undefined;
  model.blend = 0;
  model.anchorTemperature = defaultAnchorTemperature(model.categories.length);
  const usable = examples.filter(({ categoryId }) => model.user.has(categoryId));
  if (usable.length < MIN_EXAMPLES) {
    model.temperature = DEFAULT_TEMPERATURE;
    return model.temperature;
  }
  const ids = model.categories.map(({ id }) => id);
  const training = spread(usable, MAX_TRAIN);
  const sample = spread(training, MAX_HELD_OUT);
  // Shares the user's tables, so taking a fold out of them takes it out of both.
  const unseen = model.anchoredAuto ? { ...model, auto: model.anchoredAuto } : model;
  const heldOut: HeldOut[] = [];
  for (let fold = 0; fold < FOLDS; fold++) {
    const out = sample.filter((_, i) => i % FOLDS === fold);
    const left = new Set(out);
    const linear = trainLinear(
      ids,
      spread(
        training.filter((example) => !left.has(example)),
        MAX_FOLD_TRAIN,
      ),
      model.background,
    );
    const vectors = out.map(({ features }) => docVector(features));
    out.forEach(({ categoryId }, i) => addToTable(model.user.get(categoryId)!, vectors[i]!, -1));
    for (const { categoryId, features } of out) {
      const query = queryVector(features, model.background);
      const logits = linearLogits(linear, linearVector(features, model.background));
      heldOut.push({
        categoryId,
        scores: scoreCategories(unseen, query),
        anchor: scoreCategories(model, query, false),
        linear: new Map(ids.map((id, i) => [id, logits[i]!])),
      });
    }
    out.forEach(({ categoryId }, i) => addToTable(model.user.get(categoryId)!, vectors[i]!, 1));
  }
  const temperatures = Array.from({ length: 113 }, (_, i) => 2 ** (-2 + i * 0.125));
  // At most 4: with few examples held-out loss is noisy and favoured the linear model far more
  // than new mail bore out (codealltag, 20 per class).
  const scales = [0, ...Array.from({ length: 21 }, (_, i) => 2 ** (-3 + i * 0.25))];
  const logLoss = (probabilities: (h: HeldOut) => Map<number, number>) => {
    let sum = 0;
    for (const h of heldOut) sum -= Math.log(Math.max(1e-12, probabilities(h).get(h.categoryId)!));
    return sum;
  };
  let best = { loss: Infinity, temperature: DEFAULT_TEMPERATURE, blend: 0 };
  for (const blend of scales)
    for (const temperature of temperatures) {
      const loss = logLoss((h) => blendedProbabilities(h.scores, h.linear, temperature, blend));
      if (loss < best.loss) best = { loss, temperature, blend };
    }
  // The anchor view: the linear model alone (what the user's examples say, without the
  // mailbox), at its own temperature; unless it predicts held-out examples no better than
  // descriptions and examples under naive Bayes and adds nothing to the blend either.
  const fit = (view: (h: HeldOut) => Map<number, number>) => {
    let fitted = { loss: Infinity, temperature: model.anchorTemperature };
    for (const temperature of temperatures) {
      const loss = logLoss((h) => softmax(view(h), temperature));
      if (loss < fitted.loss) fitted = { loss, temperature };
    }
    return fitted;
  };
  const linearAnchor = fit((h) => h.linear);
  const bayesAnchor = fit((h) => h.anchor);
  const useLinear = best.blend > 0 || linearAnchor.loss < bayesAnchor.loss;
  model.temperature = best.temperature;
  model.blend = best.blend;
  model.anchorTemperature = (useLinear ? linearAnchor : bayesAnchor).temperature;
  if (useLinear) model.linear = trainLinear(ids, training, model.background);
  return model.temperature;
}
