import { describe, expect, it } from 'vitest';
import { providerKind } from './provider-icon.ts';

describe('providerKind', () => {
  it('trusts the provider the server names', () => {
    expect(providerKind({ provider: 'google', imap_server: 'imap.example.org' })).toBe('google');
    expect(providerKind({ provider: 'microsoft', imap_server: 'x' })).toBe('microsoft');
    expect(providerKind({ provider: 'yahoo', imap_server: 'x' })).toBe('yahoo');
  });
  it('recognises the big providers by their IMAP host', () => {
    expect(providerKind({ provider: 'imap', imap_server: 'imap.gmail.com' })).toBe('google');
    expect(providerKind({ provider: 'imap', imap_server: 'outlook.office365.com' })).toBe(
      'microsoft',
    );
    expect(providerKind({ provider: 'imap', imap_server: 'imap-mail.outlook.com' })).toBe(
      'microsoft',
    );
    expect(providerKind({ provider: 'imap', imap_server: 'imap.live.com' })).toBe('microsoft');
    expect(providerKind({ provider: 'imap', imap_server: 'imap.hotmail.com' })).toBe('microsoft');
    expect(providerKind({ provider: 'imap', imap_server: 'imap.mail.yahoo.com' })).toBe('yahoo');
  });
  it('falls back to a generic server', () => {
    expect(providerKind({ provider: 'imap', imap_server: 'imap.gmx.net' })).toBe('generic');
    expect(providerKind({ provider: 'imap', imap_server: 'mail.delivery.de' })).toBe('generic');
  });
});
