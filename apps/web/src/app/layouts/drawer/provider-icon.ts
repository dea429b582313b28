import type { Account } from '@brieftaube/shared';

export type ProviderKind = 'google' | 'microsoft' | 'yahoo' | 'generic';

const MICROSOFT_HOSTS = /(^|[.-])(outlook|hotmail|office365|live)\./i;

/**
 * Spec §2: the account icon by provider. The server names the provider where it knows it; the
 * host names catch accounts set up by hand against the big providers' servers.
 */
export function providerKind(account: Pick<Account, 'provider' | 'imap_server'>): ProviderKind {
  const host = account.imap_server ?? '';
  if (account.provider === 'google' || /(^|\.)(gmail|googlemail)\.com$/i.test(host))
    return 'google';
  if (account.provider === 'microsoft' || MICROSOFT_HOSTS.test(host)) return 'microsoft';
  if (account.provider === 'yahoo' || /(^|\.)yahoo\./i.test(host)) return 'yahoo';
  return 'generic';
}

export const PROVIDER_ICONS: Record<ProviderKind, string> = {
  google: 'google',
  microsoft: 'microsoft-outlook',
  yahoo: 'yahoo',
  generic: 'email-outline',
};
