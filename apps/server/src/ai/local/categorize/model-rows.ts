import type { LinearModel } from './linear.ts';
import { createModel, type CategoryModel, type CategorySeed, type TermTable } from './model.ts';

/**
 * The learned state as plain rows. `categoryId` null is the account's background (document
 * frequencies); source 'user' is what the user filed, 'ai' what self-training added, 'linear'
 * the weights of the linear model (same table, no total row): per category one row per term,
 * its bias under BIAS, its prior shift under PRIOR and the blend settings under BLEND and ANCHOR
 * (alike in every category).
 */
export interface TermRow {
  categoryId: number | null;
  source: 'user' | 'ai' | 'background' | 'linear';
  term: string;
  weight: number;
}

// Terms are stems and "from:", "dom:", "has:" features: a leading '#' cannot be one of them.
const BIAS = '#bias';
const BLEND = '#blend';
const ANCHOR = '#anchor';
const PRIOR = '#prior';

export interface TotalRow {
  categoryId: number | null;
  source: 'user' | 'ai' | 'background';
  docs: number;
  mass: number;
}

export interface ModelRows {
  terms: TermRow[];
  totals: TotalRow[];
  temperature: number;
}

function tableRows(
  table: TermTable,
  categoryId: number | null,
  source: TotalRow['source'],
  rows: ModelRows,
) {
  for (const [term, weight] of table.terms) rows.terms.push({ categoryId, source, term, weight });
  rows.totals.push({ categoryId, source, docs: table.docs, mass: table.mass });
}

export function modelToRows(model: CategoryModel): ModelRows {
  const rows: ModelRows = { terms: [], totals: [], temperature: model.temperature };
  for (const [id, table] of model.user) tableRows(table, id, 'user', rows);
  for (const [id, table] of model.auto) tableRows(table, id, 'ai', rows);
  tableRows(model.background, null, 'background', rows);
  linearRows(model, rows);
  return rows;
}

function linearRows(model: CategoryModel, rows: ModelRows) {
  const linear = model.linear;
  // The blend settings go with every category, with or without a linear model: the anchor's
  // temperature is fitted in either case.
  const ids = linear?.ids ?? model.categories.map(({ id }) => id);
  ids.forEach((categoryId, i) => {
    const row = (term: string, weight: number) =>
      rows.terms.push({ categoryId, source: 'linear', term, weight });
    row(BLEND, model.blend);
    row(ANCHOR, model.anchorTemperature);
    const shift = model.priorShift?.get(categoryId);
    if (shift !== undefined) row(PRIOR, shift);
    if (!linear) return;
    for (const [term, weights] of linear.weights) if (weights[i] !== 0) row(term, weights[i]!);
    row(BIAS, linear.bias[i]!);
  });
}

function linearFromRows(model: CategoryModel, rows: TermRow[]) {
  const ids = [...new Set(rows.map((row) => row.categoryId!))].sort((a, b) => a - b);
  const index = new Map(ids.map((id, i) => [id, i]));
  const linear: LinearModel = {
    ids,
    weights: new Map(),
    bias: new Float64Array(ids.length),
  };
  let trained = false;
  for (const { categoryId, term, weight } of rows) {
    const i = index.get(categoryId!)!;
    if (term === BLEND) model.blend = weight;
    else if (term === ANCHOR) model.anchorTemperature = weight;
    else if (term === PRIOR) (model.priorShift ??= new Map()).set(categoryId!, weight);
    else if (term === BIAS) [linear.bias[i], trained] = [weight, true];
    else {
      let weights = linear.weights.get(term);
      if (!weights) linear.weights.set(term, (weights = new Float64Array(ids.length)));
      weights[i] = weight;
    }
  }
  if (trained) model.linear = linear;
}

/**
 * The model from its rows, in any process: the same rows give the same scores. Rows of
 * categories that no longer exist are ignored (a deleted category leaves no trace).
 */
export function modelFromRows(categories: CategorySeed[], rows: ModelRows): CategoryModel {
  const model = createModel(categories);
  model.temperature = rows.temperature;
  const table = (row: { categoryId: number | null; source: TermRow['source'] }) =>
    row.source === 'linear'
      ? undefined
      : row.source === 'background'
        ? model.background
        : row.categoryId === null
          ? undefined
          : (row.source === 'user' ? model.user : model.auto).get(row.categoryId);
  for (const row of rows.totals) {
    const target = table(row);
    if (target) [target.docs, target.mass] = [row.docs, row.mass];
  }
  const linear: TermRow[] = [];
  for (const row of rows.terms) {
    if (row.source === 'linear') {
      if (row.categoryId !== null && model.user.has(row.categoryId)) linear.push(row);
    } else table(row)?.terms.set(row.term, row.weight);
  }
  if (linear.length > 0) linearFromRows(model, linear);
  return model;
}
