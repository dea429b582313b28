import type { Account, Category } from '@brieftaube/shared';
import { describe, expect, it } from 'vitest';
import { uncategorizedCounts } from './uncategorized.ts';

const account = { id: 1, total_emails: 100, unread_emails: 10 } as Account;
const category = (id: number, accountId: number, total: number, unread: number) =>
  ({ id, account: accountId, email_count: total, unread_email_count: unread }) as Category;

describe("'Ohne Kategorie' (spec §3)", () => {
  it('holds the account totals minus its categories', () => {
    expect(
      uncategorizedCounts(account, [
        category(1, 1, 30, 4),
        category(2, 1, 20, 1),
        category(3, 2, 50, 5),
      ]),
    ).toEqual({ email_count: 50, unread_email_count: 5 });
  });
  it('is absent when nothing is left over', () => {
    expect(uncategorizedCounts(account, [category(1, 1, 100, 10)])).toBeNull();
  });
});
