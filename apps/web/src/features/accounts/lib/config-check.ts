import { isGmailAddress } from './account-status.ts';

/** The settings the check looks at, as the form holds them (ports as typed). */
export interface CheckedSettings {
  email_address: string;
  password: string;
  imap_server: string;
  imap_port: string;
  smtp_server: string;
  smtp_port: string;
  /** On edit: the password already stored counts as an authentication method. */
  hasStoredPassword: boolean;
  /** The account is connected through OAuth (a token is stored). */
  hasOAuth: boolean;
}

export type CheckSeverity = 'error' | 'warning' | 'info';
export type CheckField = 'imap_server' | 'imap_port' | 'smtp_server' | 'smtp_port';

export interface CheckIssue {
  id: 'missingEmail' | 'missingAuth' | `gmail_${CheckField}` | 'gmailOauth';
  severity: CheckSeverity;
  /** A value the form can apply with one click. */
  fix?: { field: CheckField; value: string };
}

/** Spec §5 / §9: the Gmail servers and ports. */
export const GMAIL_EXPECTED: Record<CheckField, string> = {
  imap_server: 'imap.gmail.com',
  imap_port: '993',
  smtp_server: 'smtp.gmail.com',
  smtp_port: '587',
};

/** Spec §5 "Account configuration check (client-side)". Errors block saving; the rest advise. */
export function checkAccountConfig(settings: CheckedSettings): CheckIssue[] {
  const issues: CheckIssue[] = [];
  const email = settings.email_address.trim();
  if (!email) issues.push({ id: 'missingEmail', severity: 'error' });
  const hasPassword = settings.password.trim() !== '';
  const passwordBased = hasPassword || settings.hasStoredPassword;
  if (!passwordBased && !settings.hasOAuth) issues.push({ id: 'missingAuth', severity: 'error' });
  if (email && isGmailAddress(email)) {
    for (const field of Object.keys(GMAIL_EXPECTED) as CheckField[]) {
      const expected = GMAIL_EXPECTED[field];
      if (settings[field].trim().toLowerCase() !== expected)
        issues.push({ id: `gmail_${field}`, severity: 'warning', fix: { field, value: expected } });
    }
    if (passwordBased && !settings.hasOAuth) issues.push({ id: 'gmailOauth', severity: 'info' });
  }
  return issues;
}

export const hasBlockingIssue = (issues: CheckIssue[]) =>
  issues.some((issue) => issue.severity === 'error');
