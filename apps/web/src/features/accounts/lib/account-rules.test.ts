import type { Account } from '@brieftaube/shared';
import { describe, expect, it } from 'vitest';
import { accountStatus } from './account-status.ts';
import { emptyAccountForm, formValuesOf, sameTarget, toAccountInput } from './account-form.ts';
import { checkAccountConfig } from './config-check.ts';

const account = (patch: Partial<Account>): Account => ({
  id: 1,
  email_address: 'erika@beispiel.de',
  display_name: null,
  provider: 'imap',
  imap_server: 'imap.beispiel.de',
  imap_port: 993,
  imap_security: 'ssl',
  smtp_server: 'smtp.beispiel.de',
  smtp_port: 587,
  smtp_security: 'starttls',
  username: null,
  has_password: true,
  access_token: null,
  refresh_token: null,
  token_expiry: null,
  needs_reauth: false,
  total_emails: 0,
  unread_emails: 0,
  last_sync_at: null,
  last_sync_error: null,
  folder_settings: {},
  created_at: '2026-01-01T00:00:00Z',
  ...patch,
});
const now = Date.parse('2026-06-01T12:00:00Z');

describe('accountStatus (spec §4)', () => {
  it('asks an OAuth account without a token or with an expired one to sign in again', () => {
    const oauth = { provider: 'google' as const, has_password: false, refresh_token: 'x' };
    expect(accountStatus(account({ ...oauth, access_token: null }), now).kind).toBe('needsReauth');
    expect(
      accountStatus(
        account({ ...oauth, access_token: 'x', token_expiry: '2026-06-01T11:00:00Z' }),
        now,
      ).kind,
    ).toBe('needsReauth');
  });
  it('asks again when the server found the access ended, and names Yahoo too', () => {
    const ended = {
      provider: 'yahoo' as const,
      has_password: false,
      access_token: null,
      refresh_token: null,
      needs_reauth: true,
    };
    expect(accountStatus(account(ended), now).kind).toBe('needsReauth');
    const live = {
      provider: 'yahoo' as const,
      has_password: false,
      access_token: 'x',
      refresh_token: 'x',
      token_expiry: '2026-06-02T00:00:00Z',
    };
    expect(accountStatus(account(live), now).kind).toBe('oauthYahoo');
    // A Gmail account with a password stays a password account, convertible.
    expect(
      accountStatus(account({ provider: 'google', email_address: 'erika@gmail.com' }), now),
    ).toMatchObject({ kind: 'password', convertibleToOAuth: true });
  });
  it('names the OAuth provider of a valid token', () => {
    const valid = { has_password: false, access_token: 'x', token_expiry: '2026-06-02T00:00:00Z' };
    expect(accountStatus(account({ ...valid, provider: 'google' }), now).kind).toBe('oauthGoogle');
    expect(accountStatus(account({ ...valid, provider: 'microsoft' }), now).kind).toBe(
      'oauthMicrosoft',
    );
  });
  it('marks password accounts, and Gmail ones as convertible to OAuth', () => {
    expect(accountStatus(account({}), now)).toMatchObject({
      kind: 'password',
      convertibleToOAuth: false,
    });
    expect(
      accountStatus(account({ email_address: 'erika@gmail.com', provider: 'google' }), now),
    ).toMatchObject({ kind: 'password', convertibleToOAuth: true });
  });
  it('shows a password account whose last fetch failed as a problem, not as connected', () => {
    expect(
      accountStatus(account({ last_sync_error: 'Anmeldung fehlgeschlagen' }), now),
    ).toMatchObject({ kind: 'syncFailed', severity: 'error' });
  });
  it('calls an account without any credentials incomplete', () => {
    expect(accountStatus(account({ has_password: false }), now).kind).toBe('incomplete');
  });
});

describe('checkAccountConfig (spec §5)', () => {
  const base = {
    email_address: '',
    password: '',
    imap_server: '',
    imap_port: '',
    smtp_server: '',
    smtp_port: '',
    hasStoredPassword: false,
    hasOAuth: false,
  };
  it('requires an address and an authentication method', () => {
    expect(checkAccountConfig(base).map((i) => i.id)).toEqual(['missingEmail', 'missingAuth']);
    expect(checkAccountConfig({ ...base, hasStoredPassword: true }).map((i) => i.id)).toEqual([
      'missingEmail',
    ]);
  });
  it('suggests the Gmail servers and ports and recommends OAuth for a password', () => {
    const issues = checkAccountConfig({
      ...base,
      email_address: 'erika@gmail.com',
      password: 'app-passwort',
      imap_server: 'imap.gmail.com',
      imap_port: '143',
      smtp_server: 'smtp.gmail.com',
      smtp_port: '587',
    });
    expect(issues).toEqual([
      { id: 'gmail_imap_port', severity: 'warning', fix: { field: 'imap_port', value: '993' } },
      { id: 'gmailOauth', severity: 'info' },
    ]);
  });
});

describe('toAccountInput (spec §5)', () => {
  const values = {
    ...emptyAccountForm,
    email_address: 'erika@gmx.de',
    imap_server: 'imap.gmx.net',
  };
  it('sends ports only when set', () => {
    const input = toAccountInput({ ...values, imap_port: '', smtp_port: '587' }, false);
    expect(input).not.toHaveProperty('imap_port');
    expect(input.smtp_port).toBe(587);
  });
  it('sends the password on update only when it is not blank', () => {
    expect(toAccountInput({ ...values, password: '  ' }, true)).not.toHaveProperty('password');
    expect(toAccountInput({ ...values, password: 'neu' }, true).password).toBe('neu');
    expect(toAccountInput({ ...values, password: '' }, false).password).toBe('');
  });
});

describe('sameTarget', () => {
  const stored = account({});
  const values = formValuesOf(stored);
  it('lends the stored password to the same servers, whatever the case of the host name', () => {
    expect(sameTarget({ ...values, imap_server: 'IMAP.Beispiel.de ', username: 'x' }, stored)).toBe(
      true,
    );
  });
  it('needs the password again for another host, port or encryption', () => {
    expect(sameTarget({ ...values, smtp_server: 'smtp.anders.de' }, stored)).toBe(false);
    expect(sameTarget({ ...values, imap_port: '143' }, stored)).toBe(false);
    expect(sameTarget({ ...values, smtp_security: 'none' }, stored)).toBe(false);
  });
});
