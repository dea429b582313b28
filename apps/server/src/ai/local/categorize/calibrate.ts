import type { Features } from '../features.ts';
import { queryVector, scoreCategories, softmax } from './classify.ts';
import { addToTable, docVector, type CategoryModel } from './model.ts';

export interface Example {
  categoryId: number;
  features: Features;
}

/** Without examples to measure on, a temperature that keeps zero-shot guesses humble. */
export const DEFAULT_TEMPERATURE = 8;
const MIN_EXAMPLES = 10;
// Each left-out example recompiles the model; a spread sample of them measures just as well.
const MAX_EXAMPLES = 60;

/**
 * Fits the softmax temperature to the user's own filed mail, each scored leave-one-out (its
 * counts taken out of the model first: exact and cheap, because the statistics are sums), so that
 * a confidence of 0.9 means right nine times in ten on this account's mail.
 */
export function calibrate(model: CategoryModel, examples: readonly Example[]): number {
  if (examples.length < MIN_EXAMPLES) {
    model.temperature = DEFAULT_TEMPERATURE;
    return model.temperature;
  }
  const step = Math.max(1, examples.length / MAX_EXAMPLES);
  const sample = Array.from(
    { length: Math.min(examples.length, MAX_EXAMPLES) },
    (_, i) => examples[Math.floor(i * step)]!,
  );
  const scored = sample.map(({ categoryId, features }) => {
    const table = model.user.get(categoryId)!;
    const vector = docVector(features);
    addToTable(table, vector, -1);
    const scores = scoreCategories(model, queryVector(features, model.background));
    addToTable(table, vector, 1);
    return { categoryId, scores };
  });
  const loss = (temperature: number) => {
    let sum = 0;
    for (const { categoryId, scores } of scored)
      sum -= Math.log(Math.max(1e-12, softmax(scores, temperature).get(categoryId)!));
    return sum;
  };
  let best = DEFAULT_TEMPERATURE;
  let bestLoss = Infinity;
  for (let exponent = -2; exponent <= 6.001; exponent += 0.1) {
    const temperature = 2 ** exponent;
    const value = loss(temperature);
    if (value < bestLoss) [best, bestLoss] = [temperature, value];
  }
  model.temperature = best;
  return best;
}
