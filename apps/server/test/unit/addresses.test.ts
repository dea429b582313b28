import { asciiAddress, asciiDomain, isMailAddress } from '@brieftaube/shared';
import { describe, expect, it } from 'vitest';

describe('mail addresses with umlaut domains', () => {
  it('spells host names in ASCII, as DNS and mail servers do', () => {
    expect(asciiDomain('bücher.de')).toBe('xn--bcher-kva.de');
    expect(asciiDomain('IMAP.Müller-Bau.de')).toBe('imap.xn--mller-bau-q9a.de');
    expect(asciiDomain('mail.example.com')).toBe('mail.example.com');
    expect(asciiDomain('127.0.0.1')).toBe('127.0.0.1');
    for (const bad of ['', 'a b.de', 'x.de/pfad', 'host:993', 'a@b.de', 'x.de?q', '[::1]'])
      expect(asciiDomain(bad)).toBeUndefined();
  });

  it('takes addresses at umlaut domains, and refuses what is no address', () => {
    expect(asciiAddress('Info@Bücher.de')).toBe('Info@xn--bcher-kva.de');
    expect(isMailAddress('info@bücher.de')).toBe(true);
    expect(isMailAddress(' anna@straße.de ')).toBe(true);
    expect(isMailAddress('anna@beispiel.de')).toBe(true);
    for (const bad of ['kein-empfänger', 'a@', '@b.de', 'a@b', 'a b@c.de', 'a@b.de/x'])
      expect(isMailAddress(bad), bad).toBe(false);
  });
});

describe('account settings at an umlaut domain', () => {
  it('are taken as typed; only what is no host name is refused', async () => {
    const { normaliseServerSettings } = await import('../../src/modules/accounts/account-input.ts');
    const ok = normaliseServerSettings({
      email_address: 'info@bücher.de',
      imap_server: 'imap.bücher.de',
      smtp_server: 'smtp.bücher.de',
      password: 'pw',
    });
    expect(ok.errors).toEqual({});
    expect(ok.settings).toMatchObject({
      emailAddress: 'info@bücher.de',
      imap: { host: 'imap.bücher.de', port: 993 },
    });
    const bad = normaliseServerSettings({
      email_address: 'info@bücher.de',
      imap_server: 'imap bücher.de',
      smtp_server: 'smtp.bücher.de/x',
      password: 'pw',
    });
    expect(bad.errors).toEqual({ imap_server: ['HOST_INVALID'], smtp_server: ['HOST_INVALID'] });
  });
});
