import http from 'node:http';
import { startDovecot } from '../../test-support/src/dovecot.ts';
import { imapClient } from '../../test-support/src/mail-fixtures.ts';
import { appendMessages, generateMessages } from '../../test-support/src/mailbox.ts';
import { startOAuthServer } from '../../test-support/src/oauth-server.ts';
import { startSmtpServer } from '../../test-support/src/smtp-server.ts';
import { oauthStackPorts } from './ports.ts';

/**
 * The stand-in for Google in the end-to-end run (a Playwright webServer beside the app, which is
 * configured for it at start): a real OAuth 2.0 / OpenID Connect server, a Dovecot that checks
 * XOAUTH2 tokens by introspecting them there, an SMTP server that does the same, and a small
 * control API for the tests (add a mailbox, shorten token lifetimes, revoke a user's grants).
 */
const ports = oauthStackPorts(Number(process.env.E2E_PORT ?? 3100));
const oauth = await startOAuthServer({ port: ports.oauth });
const dovecot = await startDovecot([], {
  oauth2IntrospectionUrl: oauth.introspectionUrlWithCredentials,
  ports: { imap: ports.imap, lmtp: ports.lmtp },
});
const smtp = await startSmtpServer(
  {},
  { introspect: (t) => oauth.introspect(t), port: ports.smtp },
);

async function body(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length
    ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>)
    : {};
}

const control = http.createServer((req, res) => {
  const reply = (status: number, value: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  };
  (async () => {
    const input = await body(req);
    switch (req.url) {
      case '/health':
        return reply(200, { ok: true });
      case '/mailbox': {
        const address = String(input.address);
        dovecot.addUser(address, 'unused-password');
        const client = await imapClient(dovecot, address, 'unused-password');
        await appendMessages(client, 'INBOX', generateMessages(Number(input.messages ?? 3)));
        await client.logout();
        return reply(200, { address });
      }
      case '/ttl':
        oauth.setAccessTokenTtl(Number(input.seconds));
        return reply(200, { seconds: input.seconds });
      case '/revoke':
        await oauth.revokeGrants(String(input.login));
        return reply(200, { revoked: input.login });
      case '/calls':
        return reply(200, { ...oauth.calls, sent: smtp.received.length });
      default:
        return reply(404, { error: 'unknown' });
    }
  })().catch((error: unknown) => reply(500, { error: String(error) }));
});
await new Promise<void>((resolve) => control.listen(ports.control, '127.0.0.1', resolve));

const stop = () => {
  control.close();
  void Promise.all([dovecot.stop(), smtp.close(), oauth.close()]).finally(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
