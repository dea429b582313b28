import { describe, expect, it } from 'vitest';
import { classifyConnectionError, connectionMessagesDe } from '../../src/mail/connection-errors.ts';
import { serialiseError } from '../../src/mail/sync/bulk-fetch.ts';

describe('a server that refuses one more connection', () => {
  // What imapflow throws when Dovecot refuses the login (captured against Dovecot 2.3).
  const dovecot = Object.assign(new Error('Command failed'), {
    authenticationFailed: true,
    responseStatus: 'NO',
    serverResponseCode: 'LIMIT',
    response:
      '2 NO [LIMIT] Maximum number of connections from user+IP exceeded (mail_max_userip_connections=10)',
    responseText:
      'Maximum number of connections from user+IP exceeded (mail_max_userip_connections=10)',
  });

  it('is not a refused login but too many connections, also when a worker reports it', () => {
    expect(classifyConnectionError(dovecot)).toBe('TOO_MANY_CONNECTIONS');
    expect(classifyConnectionError(serialiseError(dovecot))).toBe('TOO_MANY_CONNECTIONS');
    expect(connectionMessagesDe.TOO_MANY_CONNECTIONS).toContain(
      'zu viele gleichzeitige Verbindungen',
    );
  });

  it('knows Gmail and SMTP words for it, and still tells a wrong password apart', () => {
    const gmail = Object.assign(new Error('Command failed'), {
      authenticationFailed: true,
      responseText: 'Too many simultaneous connections. (Failure)',
    });
    expect(classifyConnectionError(gmail)).toBe('TOO_MANY_CONNECTIONS');
    const smtp = Object.assign(new Error('421 4.7.0 Too many concurrent SMTP connections'), {
      code: 'EPROTOCOL',
      responseCode: 421,
    });
    expect(classifyConnectionError(smtp)).toBe('TOO_MANY_CONNECTIONS');
    const wrong = Object.assign(new Error('Command failed'), {
      authenticationFailed: true,
      serverResponseCode: 'AUTHENTICATIONFAILED',
      responseText: 'Authentication failed.',
    });
    expect(classifyConnectionError(wrong)).toBe('AUTH_FAILED');
  });

  it('names a host the network policy refused, and too many failed attempts', () => {
    expect(classifyConnectionError({ code: 'EHOSTBLOCKED', message: 'x' })).toBe('HOST_BLOCKED');
    expect(classifyConnectionError({ code: 'ETOOMANYATTEMPTS', message: 'x' })).toBe(
      'TOO_MANY_ATTEMPTS',
    );
  });
});
