import { describe, expect, it } from 'vitest';
import { activeDrawerKey } from './drawer-active.ts';

describe('activeDrawerKey', () => {
  it('marks the inbox on /app without filters, also while searching', () => {
    expect(activeDrawerKey('/app', '')).toBe('inbox');
    expect(activeDrawerKey('/app/', '?q=rechnung')).toBe('inbox');
  });
  it('knows the fixed entries', () => {
    expect(activeDrawerKey('/app', '?read=false')).toBe('unread');
    expect(activeDrawerKey('/app', '?folder_type=sent')).toBe('sent');
    expect(activeDrawerKey('/app', '?flagged=true')).toBe('flagged');
  });
  it('knows accounts, folders and categories', () => {
    expect(activeDrawerKey('/app', '?accounts=3')).toBe('account:3');
    expect(activeDrawerKey('/app', '?folder_id=17')).toBe('folder:17');
    expect(activeDrawerKey('/app', '?category=5')).toBe('category:5');
    expect(activeDrawerKey('/app', '?has_category=false&accounts=3')).toBe('uncategorized:3');
  });
  it('marks nothing for combinations no entry stands for', () => {
    expect(activeDrawerKey('/app', '?accounts=1,2')).toBeNull();
    expect(activeDrawerKey('/app', '?read=false&folder_id=2')).toBeNull();
    expect(activeDrawerKey('/app/categories', '')).toBeNull();
    expect(activeDrawerKey('/app/emails/4', '')).toBeNull();
  });
});
