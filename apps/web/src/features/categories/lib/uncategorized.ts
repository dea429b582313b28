import type { Account, Category } from '@brieftaube/shared';

export interface UncategorizedCounts {
  email_count: number;
  unread_email_count: number;
}

/**
 * Spec §3: the virtual 'Ohne Kategorie' of an account holds the account totals minus the sum over
 * its categories, and exists only while that difference is above 0.
 */
export function uncategorizedCounts(
  account: Account,
  categories: Category[],
): UncategorizedCounts | null {
  const own = categories.filter((category) => category.account === account.id);
  const total = own.reduce((sum, category) => sum + category.email_count, 0);
  const unread = own.reduce((sum, category) => sum + category.unread_email_count, 0);
  const email_count = account.total_emails - total;
  if (email_count <= 0) return null;
  return { email_count, unread_email_count: Math.max(0, account.unread_emails - unread) };
}
