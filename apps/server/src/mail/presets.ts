import type { AccountProvider, TransportSecurity } from '../db/schema/accounts.ts';

export interface ProviderPreset {
  key: string;
  label: string;
  provider: AccountProvider;
  domains: string[];
  imap: { host: string; port: number; security: TransportSecurity };
  smtp: { host: string; port: number; security: TransportSecurity };
}

// Published settings of the providers most used in German-speaking countries. Gmail follows
// spec §5 (IMAP 993, SMTP 587).
export const providerPresets: ProviderPreset[] = [
  {
    key: 'gmail',
    label: 'Gmail',
    provider: 'google',
    domains: ['gmail.com', 'googlemail.com'],
    imap: { host: 'imap.gmail.com', port: 993, security: 'ssl' },
    smtp: { host: 'smtp.gmail.com', port: 587, security: 'starttls' },
  },
  {
    key: 'outlook',
    label: 'Outlook / Hotmail',
    provider: 'microsoft',
    domains: [
      'outlook.com',
      'outlook.de',
      'hotmail.com',
      'hotmail.de',
      'live.com',
      'live.de',
      'msn.com',
    ],
    imap: { host: 'outlook.office365.com', port: 993, security: 'ssl' },
    smtp: { host: 'smtp-mail.outlook.com', port: 587, security: 'starttls' },
  },
  {
    key: 'yahoo',
    label: 'Yahoo',
    provider: 'yahoo',
    domains: ['yahoo.com', 'yahoo.de', 'ymail.com', 'rocketmail.com'],
    imap: { host: 'imap.mail.yahoo.com', port: 993, security: 'ssl' },
    smtp: { host: 'smtp.mail.yahoo.com', port: 465, security: 'ssl' },
  },
  {
    key: 'gmx',
    label: 'GMX',
    provider: 'imap',
    domains: ['gmx.de', 'gmx.net', 'gmx.at', 'gmx.ch', 'gmx.com'],
    imap: { host: 'imap.gmx.net', port: 993, security: 'ssl' },
    smtp: { host: 'mail.gmx.net', port: 587, security: 'starttls' },
  },
  {
    key: 'webde',
    label: 'WEB.DE',
    provider: 'imap',
    domains: ['web.de'],
    imap: { host: 'imap.web.de', port: 993, security: 'ssl' },
    smtp: { host: 'smtp.web.de', port: 587, security: 'starttls' },
  },
  {
    key: 'tonline',
    label: 'T-Online',
    provider: 'imap',
    domains: ['t-online.de', 'magenta.de'],
    imap: { host: 'secureimap.t-online.de', port: 993, security: 'ssl' },
    smtp: { host: 'securesmtp.t-online.de', port: 465, security: 'ssl' },
  },
  {
    key: 'ionos',
    label: 'IONOS',
    provider: 'imap',
    domains: ['ionos.de', 'online.de', '1und1.de'],
    imap: { host: 'imap.ionos.de', port: 993, security: 'ssl' },
    smtp: { host: 'smtp.ionos.de', port: 587, security: 'starttls' },
  },
  {
    key: 'icloud',
    label: 'iCloud',
    provider: 'imap',
    domains: ['icloud.com', 'me.com', 'mac.com'],
    imap: { host: 'imap.mail.me.com', port: 993, security: 'ssl' },
    smtp: { host: 'smtp.mail.me.com', port: 587, security: 'starttls' },
  },
  {
    key: 'posteo',
    label: 'Posteo',
    provider: 'imap',
    domains: ['posteo.de', 'posteo.net'],
    imap: { host: 'posteo.de', port: 993, security: 'ssl' },
    smtp: { host: 'posteo.de', port: 587, security: 'starttls' },
  },
  {
    key: 'mailboxorg',
    label: 'mailbox.org',
    provider: 'imap',
    domains: ['mailbox.org'],
    imap: { host: 'imap.mailbox.org', port: 993, security: 'ssl' },
    smtp: { host: 'smtp.mailbox.org', port: 587, security: 'starttls' },
  },
];

export function presetForAddress(email: string): ProviderPreset | undefined {
  const domain = email.split('@').pop()?.trim().toLowerCase() ?? '';
  return providerPresets.find((p) => p.domains.includes(domain));
}

/** Spec §2: the account icon follows the provider; Microsoft is recognised by its servers too. */
export function providerFor(email: string, imapHost: string): AccountProvider {
  const byAddress = presetForAddress(email)?.provider;
  if (byAddress && byAddress !== 'imap') return byAddress;
  const host = imapHost.toLowerCase();
  if (host.endsWith('gmail.com') || host.endsWith('googlemail.com')) return 'google';
  if (/outlook|office365|hotmail/.test(host)) return 'microsoft';
  if (host.includes('yahoo')) return 'yahoo';
  return 'imap';
}
