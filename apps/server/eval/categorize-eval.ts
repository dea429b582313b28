import { classify, FILE_THRESHOLD } from '../src/ai/local/categorize/classify.ts';
import { calibrate } from '../src/ai/local/categorize/calibrate.ts';
import { addExample, buildBackground, createModel } from '../src/ai/local/categorize/model.ts';
import { fitPriorShift } from '../src/ai/local/categorize/prior-shift.ts';
import { selfTrain } from '../src/ai/local/categorize/self-train.ts';
import { mailFeatures, type Features } from '../src/ai/local/features.ts';
import { seededRandom, shuffled } from '../src/ai/local/sparse.ts';
import { supervisedBaseline, zeroShotBaselines } from './baselines.ts';
import type { Corpus } from './corpora.ts';
import { accuracyAndMacroF1, mean } from './metrics.ts';

export const SEEDS = [1, 2, 3, 4, 5];
export const SHOTS = [0, 5, 20, 100];

export interface ShotResult {
  accuracy: number;
  macroF1: number;
  /** Precision and share of the test mails filed with confidence ≥ FILE_THRESHOLD. */
  filedPrecision: number;
  filedShare: number;
  msPerMail: number;
  /** The classical baselines on the same split with the same descriptions (baselines.ts). */
  here: { name: string; accuracy: number; macroF1: number }[];
}

/**
 * Per seed and class: shuffle, the second half is the test set, the first k of the first half
 * are "filed by the user". Every other mail of the corpus is the account's unfiled mail that
 * self-training may read (without its label).
 */
function split(corpus: Corpus, seed: number, shots: number) {
  const random = seededRandom(seed);
  const byLabel = new Map<string, number[]>();
  corpus.mails.forEach(({ label }, index) =>
    byLabel.set(label, [...(byLabel.get(label) ?? []), index]),
  );
  const train: number[] = [];
  const test: number[] = [];
  for (const label of [...byLabel.keys()].sort()) {
    const indexes = shuffled(byLabel.get(label)!, random);
    const half = Math.floor(indexes.length / 2);
    train.push(...indexes.slice(0, Math.min(shots, half)));
    test.push(...indexes.slice(half));
  }
  return { train, test };
}

export function evaluateShots(
  corpus: Corpus,
  features: Features[],
  shots: number,
  seed: number,
): ShotResult {
  const { train, test } = split(corpus, seed, shots);
  const ids = new Map(corpus.categories.map((category, index) => [category.label, index + 1]));
  const labels = new Map([...ids].map(([label, id]) => [id, label]));
  const model = createModel(
    corpus.categories.map((category) => ({
      id: ids.get(category.label)!,
      name: category.name,
      description: category.description,
    })),
  );
  model.background = buildBackground(features);
  for (const index of train)
    addExample(model, ids.get(corpus.mails[index]!.label)!, features[index]!);
  const filed = new Set(train);
  selfTrain(
    model,
    features.filter((_, index) => !filed.has(index)),
    {
      examples: train.map((index) => ({
        categoryId: ids.get(corpus.mails[index]!.label)!,
        features: features[index]!,
      })),
    },
  );
  calibrate(
    model,
    train.map((index) => ({
      categoryId: ids.get(corpus.mails[index]!.label)!,
      features: features[index]!,
    })),
  );
  if (!process.env.EVAL_NO_SHIFT)
    fitPriorShift(
      model,
      () => features.filter((_, index) => !filed.has(index)),
      train.map((index) => ({ categoryId: ids.get(corpus.mails[index]!.label)! })),
    );
  if (process.env.EVAL_DEBUG)
    process.stderr.write(
      `seed ${seed} shots ${shots}: T ${model.temperature.toFixed(2)} blend ${model.blend.toFixed(2)} anchorT ${model.anchorTemperature.toFixed(2)} shift ${[...(model.priorShift ?? [])].map(([, v]) => v.toFixed(2)).join(',')}\n`,
    );
  const gold: string[] = [];
  const predicted: string[] = [];
  let filedCount = 0;
  let filedCorrect = 0;
  const started = performance.now();
  for (const index of test) {
    const result = classify(model, features[index]!);
    const label = labels.get(result.categoryId)!;
    gold.push(corpus.mails[index]!.label);
    predicted.push(label);
    if (result.confidence >= FILE_THRESHOLD) {
      filedCount++;
      if (label === corpus.mails[index]!.label) filedCorrect++;
    }
  }
  const msPerMail = (performance.now() - started) / test.length;
  let here: ShotResult['here'];
  if (shots === 0) {
    const { zero, kmeans } = zeroShotBaselines(corpus, features, test);
    here = [
      { name: 'zero', ...zero },
      { name: 'k-means', ...kmeans },
    ];
  } else here = [{ name: 'LR', ...supervisedBaseline(corpus, features, train, test) }];
  return {
    here,
    ...accuracyAndMacroF1(gold, predicted),
    filedPrecision: filedCount ? (100 * filedCorrect) / filedCount : 0,
    filedShare: (100 * filedCount) / test.length,
    msPerMail,
  };
}

export function evaluateCorpus(corpus: Corpus, shots = SHOTS, seeds = SEEDS) {
  const features = corpus.mails.map(({ mail }) => mailFeatures(mail));
  return shots.map((k) => {
    const runs = seeds.map((seed) => evaluateShots(corpus, features, k, seed));
    const average = (key: Exclude<keyof ShotResult, 'here'>) => mean(runs.map((run) => run[key]));
    return {
      shots: k,
      accuracy: average('accuracy'),
      macroF1: average('macroF1'),
      filedPrecision: average('filedPrecision'),
      filedShare: average('filedShare'),
      msPerMail: average('msPerMail'),
      here: runs[0]!.here.map(({ name }, i) => ({
        name,
        accuracy: mean(runs.map((run) => run.here[i]!.accuracy)),
        macroF1: mean(runs.map((run) => run.here[i]!.macroF1)),
      })),
    };
  });
}
