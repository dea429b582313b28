import type { EmailFilters } from '../../api/emails.ts';

/** Spec §2 filters, then the ones the list adds (starred mail, full-text search). */
export const FILTER_KEYS = [
  'accounts',
  'folder_id',
  'folder_name',
  'category',
  'has_category',
  'read',
  'folder_type',
  'flagged',
  'q',
] as const satisfies readonly (keyof EmailFilters)[];

export function filtersFromParams(params: URLSearchParams): EmailFilters {
  const filters: EmailFilters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

/** A canonical form of the filters, to remember a list's scroll position by. */
export function filtersKey(filters: EmailFilters): string {
  return FILTER_KEYS.map((key) => `${key}=${filters[key] ?? ''}`).join('&');
}

/** A single folder is shown: the rows need not say where they are. */
export const isSingleFolder = (filters: EmailFilters) =>
  !!(filters.folder_id || filters.folder_name);

export const accountIdsOf = (filters: EmailFilters): number[] =>
  (filters.accounts ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
