import type { Features } from '../features.ts';
import { addInto, type Sparse } from '../sparse.ts';
import { queryVector, scoreCategories, softmax } from './classify.ts';
import { MODEL, docVector, emptyTable, type CategoryModel, type TermTable } from './model.ts';

export interface SelfTrainOptions {
  /**
   * The user's filed mail: when the descriptions file these no better than guessing would, EM
   * starts from the examples instead (descriptionsMislead).
   */
  examples?: readonly { categoryId: number; features: Features }[];
  iterations?: number;
  /** Rounds at the start that read the descriptions only, not the user's examples. */
  anchorRounds?: number;
  /** Softmax temperature of the E-step: lower commits to a category sooner. */
  temperature?: number;
}

// SpamAssassin's partition was still moving after six rounds (zero-shot 78 % after 6, 83 %
// after 24 at temperature 1); at temperature 2 sixteen rounds settle it (87 %), and codealltag
// and Enron are as good or better. Each round is one pass over the unfiled mail (about 0.7 s at
// 20,000 mails, ADR 0025).
const ITERATIONS = 16;
// Softer than the model's own probabilities: a mail on the fence counts half to either side
// instead of swinging the statistics; at 1 the bigger category swallowed mail in early rounds
// unless every category's statistics were forced to the same mass, which in turn made Enron's
// small categories ("Empty", "Attachment only") generic enough to take a quarter of its mail.
const E_STEP_TEMPERATURE = 2;
// While it trains, self-training's statistics of a category of average size count as at least
// this many documents (against the description's 5). At the model's fixed 0.01 per mail, a small
// mailbox barely moved EM off the descriptions: Enron's 1,700 mails in 8 categories gave each
// about 2 documents' worth, and the big, broad category (half the mail is company business)
// stayed a fifth of the partition while narrow ones with common words in their descriptions took
// its mail. codealltag and SpamAssassin (2,500–3,000 mails per category) already weigh 25–30.
// A floor, not a fixed mass: in a big mailbox the statistics keep their full weight.
const MIN_SELF_TRAINED_DOCS = 25;

/** What one unfiled mail counts for in self-training's own rounds (see above). */
export function selfTrainingWeight(categories: number, mails: number): number {
  if (mails <= 0) return MODEL.autoWeight;
  return Math.max(MODEL.autoWeight, (MIN_SELF_TRAINED_DOCS * categories) / mails);
}

/**
 * Expectation-maximisation over the account's unfiled mail (Nigam et al., 2000): each round
 * classifies every mail with the current model and rebuilds `model.auto` from the mails'
 * vectors weighted by their probabilities. Descriptions and the user's examples stay fixed and
 * anchor what each category means. Deterministic: the same mail gives the same rows anywhere.
 */
export function selfTrain(
  model: CategoryModel,
  unlabelled: readonly Features[] | (() => Iterable<Features>),
  options: SelfTrainOptions = {},
): void {
  const iterations = options.iterations ?? ITERATIONS;
  const temperature = options.temperature ?? E_STEP_TEMPERATURE;
  // Given a list, each mail's two vectors are made once and kept for all rounds (fast, for the
  // eval's few thousand mails). Given a source, they are made again in every round and dropped
  // at once: a server run over a whole account then holds only the statistics, not two
  // vectors per mail (at 20,000 mails that was most of the run's peak memory; ADR 0025).
  const pairs: () => Iterable<[Sparse, Sparse]> =
    typeof unlabelled === 'function'
      ? function* () {
          for (const features of unlabelled())
            yield [queryVector(features, model.background), docVector(features)];
        }
      : (() => {
          const kept = unlabelled.map(
            (features) =>
              [queryVector(features, model.background), docVector(features)] as [Sparse, Sparse],
          );
          return () => kept;
        })();
  const user = model.user;
  const mislead = options.examples ? descriptionsMislead(model, options.examples) : false;
  const anchorRounds = mislead ? 0 : Math.min(iterations - 1, options.anchorRounds ?? 4);
  // Calibration then judges naive Bayes without self-training: every round has seen the examples.
  if (anchorRounds === 0)
    model.anchoredAuto = new Map(model.categories.map(({ id }) => [id, emptyTable()]));
  let weight = MODEL.autoWeight;
  for (let round = 0; round < iterations; round++) {
    // The first rounds start from the descriptions alone: a handful of examples pulled EM
    // towards a worse partition than the descriptions found by themselves.
    model.user =
      round < anchorRounds ? new Map(model.categories.map(({ id }) => [id, emptyTable()])) : user;
    const next = new Map<number, TermTable>(model.categories.map(({ id }) => [id, emptyTable()]));
    let mails = 0;
    for (const [query, vector] of pairs()) {
      mails++;
      const probabilities = softmax(scoreCategories(model, query, true, weight), temperature);
      for (const [id, probability] of probabilities) {
        if (probability < 0.01) continue;
        const table = next.get(id)!;
        addInto(table.terms, vector, probability);
        table.docs += probability;
        table.mass += probability;
      }
    }
    model.auto = next;
    weight = selfTrainingWeight(model.categories.length, mails);
    // What the descriptions found before the examples joined in: calibration scores the
    // examples with it, since the later rounds have seen each example (and pulled its
    // near-duplicates into its category), which would make naive Bayes look better held-out
    // than it is on new mail.
    if (round === anchorRounds - 1) model.anchoredAuto = next;
  }
  model.user = user;
}

const MIN_JUDGED = 20;

/**
 * Whether the categories' names and descriptions alone file the user's own examples no better
 * than guessing would. Descriptions that mean one thing and a mailbox that uses the words for another
 * exist (a "Spam" category in a mailbox full of SpamAssassin's own mailing list, where people
 * discuss junk mail all day: the descriptions put 62 % of the mail in the wrong one). EM begun
 * from such descriptions settles on the swapped partition, and the user's examples, joining
 * only later, cannot pull it back.
 */
export function descriptionsMislead(
  model: CategoryModel,
  examples: readonly { categoryId: number; features: Features }[],
): boolean {
  // Ten examples cannot tell: codealltag's descriptions, which serve well, filed 5 of 10 in two
  // of five draws (and starting from those examples cost 11 points there).
  if (examples.length < Math.max(MIN_JUDGED, model.categories.length * 2)) return false;
  const empty = new Map(model.categories.map(({ id }) => [id, emptyTable()]));
  const seedsOnly: CategoryModel = { ...model, user: empty, auto: empty };
  let right = 0;
  for (const { categoryId, features } of examples) {
    const scores = scoreCategories(seedsOnly, queryVector(features, model.background), false);
    let best = categoryId;
    let bestScore = -Infinity;
    for (const [id, score] of scores) if (score > bestScore) [best, bestScore] = [id, score];
    if (best === categoryId) right++;
  }
  return right / examples.length <= 1 / model.categories.length;
}

/** The self-trained rows, pruned of weights too small to matter (keeps the table small). */
export function autoRows(model: CategoryModel, minWeight = 0.05) {
  const rows: { categoryId: number; term: string; weight: number }[] = [];
  for (const [categoryId, table] of model.auto)
    for (const [term, weight] of table.terms)
      if (weight >= minWeight) rows.push({ categoryId, term, weight });
  return rows;
}
