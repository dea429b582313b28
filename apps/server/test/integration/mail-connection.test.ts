import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import { freePort } from '@brieftaube/test-support/ports.ts';
import { startSmtpServer, type TestSmtpServer } from '@brieftaube/test-support/smtp-server.ts';
import { parseAllowList } from '../../src/mail/net/host-policy.ts';
import { createMailConnector } from '../../src/mail/net/mail-connector.ts';
import { testMailConnection } from '../../src/mail/test-connection.ts';
import type { ServerEndpoint } from '../../src/mail/transport-settings.ts';

// As on a laptop: the test servers listen on 127.0.0.1.
const connector = createMailConnector({
  policy: { serverMode: false, allowList: parseAllowList('').list },
  limits: { perAccount: 5, perServer: 20 },
});

describe('mail connection test against real servers', () => {
  let dovecot: Dovecot;
  let smtp: TestSmtpServer;
  let silent: net.Server;
  let silentPort: number;
  let imap: ServerEndpoint;
  let smtpEndpoint: ServerEndpoint;
  beforeAll(async () => {
    dovecot = await startDovecot([{ user: 'anna@beispiel.de', password: 'richtig' }]);
    smtp = await startSmtpServer({ 'anna@beispiel.de': 'richtig' });
    // Accepts connections and never says a word: a server that hangs.
    silent = net.createServer(() => undefined);
    silentPort = await freePort();
    await new Promise<void>((r) => silent.listen(silentPort, '127.0.0.1', r));
    imap = { host: dovecot.host, port: dovecot.imapPort, security: 'none' };
    smtpEndpoint = { host: smtp.host, port: smtp.port, security: 'none' };
  });
  afterAll(async () => {
    await dovecot?.stop();
    await smtp?.close();
    silent?.close();
  });

  it('succeeds with the right password', async () => {
    const result = await testMailConnection(connector, imap, smtpEndpoint, {
      user: 'anna@beispiel.de',
      password: 'richtig',
    });
    expect(result).toEqual({
      success: true,
      imap: { success: true, error_code: null, message: null, error: null },
      smtp: { success: true, error_code: null, message: null, error: null },
    });
  });

  it('reports a wrong password for IMAP and SMTP separately', async () => {
    const result = await testMailConnection(connector, imap, smtpEndpoint, {
      user: 'anna@beispiel.de',
      password: 'falsch',
    });
    expect(result.success).toBe(false);
    expect(result.imap.error_code).toBe('AUTH_FAILED');
    expect(result.smtp.error_code).toBe('AUTH_FAILED');
    expect(result.imap.message).toBe(
      'Die Anmeldung wurde abgelehnt. Bitte prüfen Sie Benutzername und Passwort.',
    );
    // The servers' own words on the refusal, not the library's ("Invalid login: …").
    expect(result.imap.error).toMatch(/Authentication failed/i);
    expect(result.smtp.error).toMatch(/^535\b/);
  });

  it('never reads out what some other service on the tested port says', async () => {
    const banner = net.createServer((socket) => {
      socket.write('SSH-2.0-OpenSSH_9.2 intern-geheim\r\n');
      socket.on('data', () => socket.write('Protocol mismatch. intern-geheim\r\n'));
    });
    const port = await freePort();
    await new Promise<void>((r) => banner.listen(port, '127.0.0.1', r));
    try {
      const other = { host: '127.0.0.1', port, security: 'none' as const };
      const result = await testMailConnection(
        connector,
        other,
        other,
        { user: 'x', password: 'y' },
        2_000,
      );
      expect(result.success).toBe(false);
      expect(JSON.stringify(result)).not.toContain('geheim');
      expect(result.imap.error).toBeNull();
      expect(result.smtp.error).toBeNull();
    } finally {
      banner.close();
    }
  });

  it('tells IMAP failing from SMTP working', async () => {
    const refusedPort = await freePort();
    const result = await testMailConnection(
      connector,
      { ...imap, port: refusedPort },
      smtpEndpoint,
      {
        user: 'anna@beispiel.de',
        password: 'richtig',
      },
    );
    expect(result.imap.error_code).toBe('CONNECTION_REFUSED');
    expect(result.smtp.success).toBe(true);
  });

  it('recognises an unknown host', async () => {
    const host = { host: 'gibt-es-nicht.invalid', port: 993, security: 'ssl' as const };
    const result = await testMailConnection(
      connector,
      host,
      { ...host, port: 465 },
      { user: 'x', password: 'y' },
    );
    expect(result.imap.error_code).toBe('HOST_NOT_FOUND');
    expect(result.smtp.error_code).toBe('HOST_NOT_FOUND');
  });

  it('recognises TLS spoken to a plain-text port', async () => {
    const result = await testMailConnection(
      connector,
      { ...imap, security: 'ssl' },
      { ...smtpEndpoint, security: 'ssl' },
      {
        user: 'anna@beispiel.de',
        password: 'richtig',
      },
    );
    expect(result.imap.error_code).toBe('TLS_ERROR');
    expect(result.smtp.error_code).toBe('TLS_ERROR');
  });

  it('gives up on a server that never answers', async () => {
    const hanging = { host: '127.0.0.1', port: silentPort, security: 'none' as const };
    const started = Date.now();
    const result = await testMailConnection(
      connector,
      hanging,
      hanging,
      { user: 'x', password: 'y' },
      1_500,
    );
    expect(result.imap.error_code).toBe('TIMEOUT');
    expect(result.smtp.error_code).toBe('TIMEOUT');
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
