import type { Account } from '@brieftaube/shared';

export type AccountStatusKind =
  | 'needsReauth'
  | 'oauthGoogle'
  | 'oauthMicrosoft'
  | 'oauthYahoo'
  | 'password'
  | 'incomplete'
  | 'syncFailed';

export interface AccountStatus {
  kind: AccountStatusKind;
  severity: 'success' | 'warning' | 'error';
  /** Spec §4: a password-based Gmail account could move to OAuth. */
  convertibleToOAuth: boolean;
}

export function isGmailAddress(email: string): boolean {
  const domain = email.split('@').pop()?.trim().toLowerCase() ?? '';
  return domain === 'gmail.com' || domain === 'googlemail.com';
}

/** Spec §4 "Account status (derived)"; `now` is a parameter so the rule can be tested. */
export function accountStatus(account: Account, now = Date.now()): AccountStatus {
  // The server redacts tokens, so presence is all we know. An OAuth account has no password; one
  // whose tokens the provider ended has neither (the server says so in needs_reauth).
  const isOAuth =
    account.provider !== 'imap' &&
    !account.has_password &&
    (!!account.access_token || !!account.refresh_token || account.needs_reauth);
  if (isOAuth) {
    const expiry = account.token_expiry ? Date.parse(account.token_expiry) : NaN;
    const expired = Number.isFinite(expiry) && expiry <= now;
    if (account.needs_reauth || !account.access_token || expired)
      return { kind: 'needsReauth', severity: 'warning', convertibleToOAuth: false };
    return {
      kind:
        account.provider === 'google'
          ? 'oauthGoogle'
          : account.provider === 'microsoft'
            ? 'oauthMicrosoft'
            : 'oauthYahoo',
      severity: 'success',
      convertibleToOAuth: false,
    };
  }
  // Spec §4's "Verbunden" only while it is true: a password the server refuses, a server that
  // is gone, shows as a problem until a fetch works again.
  if (account.has_password && account.last_sync_error)
    return {
      kind: 'syncFailed',
      severity: 'error',
      convertibleToOAuth: isGmailAddress(account.email_address),
    };
  if (account.has_password) {
    return {
      kind: 'password',
      severity: 'success',
      convertibleToOAuth: isGmailAddress(account.email_address),
    };
  }
  return { kind: 'incomplete', severity: 'error', convertibleToOAuth: false };
}
