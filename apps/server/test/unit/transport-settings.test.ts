import { describe, expect, it } from 'vitest';
import { isLoopbackHost, startTlsRequired } from '../../src/mail/transport-settings.ts';

describe('STARTTLS as a requirement', () => {
  it('knows this machine by name and address', () => {
    for (const host of [
      'localhost',
      'LOCALHOST.',
      'mail.localhost',
      '127.0.0.1',
      '127.8.0.3',
      '::1',
      '[::1]',
      '::ffff:127.0.0.1',
    ])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of [
      '127.0.0.1.nip.io',
      'localhost.example.org',
      '10.0.0.1',
      '192.168.1.5',
      'mail.example.org',
      '::2',
      '128.0.0.1',
    ])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it('stays required towards every other host; plain and implicit TLS are unaffected', () => {
    expect(startTlsRequired({ host: 'imap.example.org', port: 143, security: 'starttls' })).toBe(
      true,
    );
    expect(startTlsRequired({ host: '192.168.1.5', port: 587, security: 'starttls' })).toBe(true);
    expect(startTlsRequired({ host: '127.0.0.1', port: 143, security: 'starttls' })).toBe(false);
    expect(startTlsRequired({ host: 'imap.example.org', port: 993, security: 'ssl' })).toBe(false);
    expect(startTlsRequired({ host: 'imap.example.org', port: 143, security: 'none' })).toBe(false);
  });
});
