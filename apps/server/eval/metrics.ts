/** Accuracy and macro-F1 in percent over the classes that occur in `gold`. */
export function accuracyAndMacroF1(gold: readonly string[], predicted: readonly string[]) {
  const labels = [...new Set(gold)];
  let correct = 0;
  gold.forEach((label, i) => {
    if (predicted[i] === label) correct++;
  });
  let f1Sum = 0;
  for (const label of labels) {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    gold.forEach((g, i) => {
      const p = predicted[i];
      if (p === label && g === label) tp++;
      else if (p === label) fp++;
      else if (g === label) fn++;
    });
    f1Sum += tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
  }
  return { accuracy: (100 * correct) / gold.length, macroF1: (100 * f1Sum) / labels.length };
}

/** Adjusted Rand index of two labellings (Hubert & Arabie). */
export function adjustedRand(a: readonly (string | number)[], b: readonly (string | number)[]) {
  const pairs = (n: number) => (n * (n - 1)) / 2;
  const table = new Map<string, number>();
  const rows = new Map<string | number, number>();
  const cols = new Map<string | number, number>();
  a.forEach((x, i) => {
    const y = b[i]!;
    table.set(`${x}\u0000${y}`, (table.get(`${x}\u0000${y}`) ?? 0) + 1);
    rows.set(x, (rows.get(x) ?? 0) + 1);
    cols.set(y, (cols.get(y) ?? 0) + 1);
  });
  let index = 0;
  for (const n of table.values()) index += pairs(n);
  let rowSum = 0;
  for (const n of rows.values()) rowSum += pairs(n);
  let colSum = 0;
  for (const n of cols.values()) colSum += pairs(n);
  const expected = (rowSum * colSum) / pairs(a.length);
  const max = (rowSum + colSum) / 2;
  return max === expected ? 0 : (index - expected) / (max - expected);
}

/** Share of items whose cluster's majority label is their own, in percent. */
export function purity(labels: readonly string[], clusters: readonly number[]) {
  const counts = new Map<number, Map<string, number>>();
  labels.forEach((label, i) => {
    const cluster = counts.get(clusters[i]!) ?? new Map<string, number>();
    cluster.set(label, (cluster.get(label) ?? 0) + 1);
    counts.set(clusters[i]!, cluster);
  });
  let majority = 0;
  for (const cluster of counts.values()) majority += Math.max(...cluster.values());
  return (100 * majority) / labels.length;
}

export const mean = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

/** SQuAD's answer normalisation and token F1 (lower case, no punctuation or articles). */
export function tokenF1(prediction: string, gold: string): number {
  const tokens = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s]/gu, ' ')
      .replace(/\b(a|an|the)\b/g, ' ')
      .split(/\s+/)
      .filter(Boolean);
  const predicted = tokens(prediction);
  const expected = tokens(gold);
  if (predicted.length === 0 || expected.length === 0)
    return predicted.length === expected.length ? 1 : 0;
  const counts = new Map<string, number>();
  for (const token of expected) counts.set(token, (counts.get(token) ?? 0) + 1);
  let common = 0;
  for (const token of predicted) {
    const left = counts.get(token) ?? 0;
    if (left > 0) {
      common++;
      counts.set(token, left - 1);
    }
  }
  if (common === 0) return 0;
  const precision = common / predicted.length;
  const recall = common / expected.length;
  return (2 * precision * recall) / (precision + recall);
}
