/** The EmailList filters of spec §2; other query keys (the search text) leave the entry active. */
const FILTER_KEYS = [
  'accounts',
  'folder_id',
  'folder_name',
  'category',
  'has_category',
  'read',
  'folder_type',
  'flagged',
] as const;

/**
 * Which drawer entry the current URL shows, as a key the rows compare with: 'inbox', 'unread',
 * 'sent', 'flagged', 'account:ID', 'folder:ID', 'category:ID', 'uncategorized:ACCOUNT_ID' or null.
 */
export function activeDrawerKey(pathname: string, search: string): string | null {
  if (pathname.replace(/\/+$/, '') !== '/app') return null;
  const params = new URLSearchParams(search);
  const filters: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  const keys = Object.keys(filters).sort().join('&');
  switch (keys) {
    case '':
      return 'inbox';
    case 'read':
      return filters.read === 'false' ? 'unread' : null;
    case 'folder_type':
      return filters.folder_type === 'sent' ? 'sent' : null;
    case 'flagged':
      return filters.flagged === 'true' ? 'flagged' : null;
    case 'folder_id':
      return `folder:${filters.folder_id}`;
    case 'category':
      return `category:${filters.category}`;
    case 'accounts':
      return /^\d+$/.test(filters.accounts!) ? `account:${filters.accounts}` : null;
    case 'accounts&has_category':
      return filters.has_category === 'false' ? `uncategorized:${filters.accounts}` : null;
    default:
      return null;
  }
}
