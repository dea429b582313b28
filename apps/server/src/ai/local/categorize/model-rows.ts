import { createModel, type CategoryModel, type CategorySeed, type TermTable } from './model.ts';

/**
 * The learned state as plain rows. `categoryId` null is the account's background (document
 * frequencies); source 'user' is what the user filed, 'ai' what self-training added.
 */
export interface TermRow {
  categoryId: number | null;
  source: 'user' | 'ai' | 'background';
  term: string;
  weight: number;
}

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
  source: TermRow['source'],
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
  return rows;
}

/**
 * The model from its rows, in any process: the same rows give the same scores. Rows of
 * categories that no longer exist are ignored (a deleted category leaves no trace).
 */
export function modelFromRows(categories: CategorySeed[], rows: ModelRows): CategoryModel {
  const model = createModel(categories);
  model.temperature = rows.temperature;
  const table = (row: { categoryId: number | null; source: TermRow['source'] }) =>
    row.source === 'background'
      ? model.background
      : row.categoryId === null
        ? undefined
        : (row.source === 'user' ? model.user : model.auto).get(row.categoryId);
  for (const row of rows.totals) {
    const target = table(row);
    if (target) [target.docs, target.mass] = [row.docs, row.mass];
  }
  for (const row of rows.terms) table(row)?.terms.set(row.term, row.weight);
  return model;
}
