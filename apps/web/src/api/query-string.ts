/**
 * A query string from a plain object: lists are comma-joined and empty values dropped (spec §7),
 * so `{ accounts: [], read: 'false' }` becomes `?read=false`.
 */
export function queryString(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const text = Array.isArray(value)
      ? value.filter((v) => v !== '' && v != null).join(',')
      : value;
    if (text === undefined || text === null || text === '') continue;
    search.set(key, typeof text === 'string' ? text : JSON.stringify(text));
  }
  const result = search.toString();
  return result ? `?${result}` : '';
}
