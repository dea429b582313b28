import { sql } from 'drizzle-orm';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@brieftaube/server/db/client.ts';
import { createSecretBox } from '@brieftaube/server/lib/secret-box.ts';
import { deriveKey, loadRootSecret } from '@brieftaube/server/lib/secrets.ts';
import { createServices } from '@brieftaube/server/services.ts';
import { registerApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot } from '@brieftaube/test-support/dovecot.ts';
import { deliverViaLmtp } from '@brieftaube/test-support/mailbox.ts';
import { fetchAccount } from '@brieftaube/test-support/mail-fixtures.ts';
import { startOAuthServer } from '@brieftaube/test-support/oauth-server.ts';
import { connectOverApi, googleAt } from '@brieftaube/test-support/oauth-stack.ts';
import { queryRows, startTestApp } from '@brieftaube/test-support/test-app.ts';

// OAuth accounts beyond one request (issue 23, ADR 0027): two processes renewing at once on
// PostgreSQL, and an account kept live over IDLE, with nothing secret in the logs.
describe('OAuth token refresh across two processes on PostgreSQL', () => {
  it('refreshes once when two processes need a new token at the same moment', async () => {
    const oauth = await startOAuthServer();
    const dovecot = await startDovecot([], {
      oauth2IntrospectionUrl: oauth.introspectionUrlWithCredentials,
    });
    const first = await startTestApp('postgres', googleAt(oauth, dovecot));
    // A second process: its own services and connection pool on the same database.
    const secondDb = await openDatabase(first.config);
    const second = createServices(first.config, secondDb);
    try {
      const user = await registerApiUser(first.app, 'zwei');
      dovecot.addUser('zwei.prozesse@gmail.com', 'unused');
      const {
        account: { id },
      } = await connectOverApi(user, oauth, 'zwei.prozesse@gmail.com');
      await first.database.db.execute(
        sql`UPDATE accounts SET token_expiry = now() - interval '1 minute' WHERE id = ${id}`,
      );
      const [{ user_id: userId }] = await queryRows<{ user_id: string }>(
        first.database.db,
        sql`SELECT user_id FROM accounts WHERE id = ${id}`,
      );
      const before = oauth.calls.refresh;
      const [a, b] = await Promise.all(
        [first.services, second].map(async (services) =>
          services.accounts.credentialsOf((await services.accounts.findAccount(userId, id))!),
        ),
      );
      // The refresh token rotates: a second refresh with the old one would have been refused.
      expect(oauth.calls.refresh).toBe(before + 1);
      expect(a!.accessToken).toBe(b!.accessToken);
      expect((await oauth.introspect(a!.accessToken!)).active).toBe(true);
    } finally {
      await second.events.close();
      await secondDb.close();
      await first.close();
      await dovecot.stop();
      await oauth.close();
    }
  });
});

describe('an OAuth account kept live (IDLE over XOAUTH2)', () => {
  it('hears new mail without a fetch, logged in with its token; no token, code or state is logged', async () => {
    let logged = '';
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => (logged += chunk.toString()));
    const oauth = await startOAuthServer();
    const dovecot = await startDovecot([], {
      oauth2IntrospectionUrl: oauth.introspectionUrlWithCredentials,
    });
    const t = await startTestApp(
      'pglite',
      { ...googleAt(oauth, dovecot), LOG_LEVEL: 'trace' },
      { jobs: true, liveSync: { pollSeconds: 60, rescanSeconds: 600 }, logStream },
    );
    try {
      const user = await registerApiUser(t.app, 'idle');
      const address = 'idle.oauth@gmail.com';
      dovecot.addUser(address, 'unused');
      const {
        account: { id },
        back,
      } = await connectOverApi(user, oauth, address);
      expect((await fetchAccount(user, id)).status).toBe('SUCCESS');
      const live = t.queue!.live!;
      const deadline = Date.now() + 5000;
      while (!live.watching().includes(id) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(live.watching()).toContain(id);

      await deliverViaLmtp(dovecot.lmtpPort, address, { subject: 'Über IDLE angekommen' });
      let subjects: string[] = [];
      for (let i = 0; i < 200 && !subjects.includes('Über IDLE angekommen'); i++) {
        await new Promise((r) => setTimeout(r, 50));
        subjects = (
          await user.request({ method: 'GET', url: `/api/emails/?accounts=${id}&limit=10` })
        )
          .json<{ subject: string }[]>()
          .map((m) => m.subject);
      }
      expect(subjects).toContain('Über IDLE angekommen');
      expect(dovecot.log()).toMatch(/method=(XOAUTH2|OAUTHBEARER)/);
      await live.stop();

      // What the server must never write down: the tokens, the code, the state, the verifier.
      const [row] = await queryRows<{ a: string; r: string }>(
        t.database.db,
        sql`SELECT access_token_sealed AS a, refresh_token_sealed AS r FROM accounts WHERE id = ${id}`,
      );
      const secrets = createSecretBox(deriveKey(loadRootSecret(t.config), 'credentials-kek'));
      const never = [
        secrets.open(row.a),
        secrets.open(row.r),
        back.searchParams.get('code')!,
        back.searchParams.get('state')!,
      ];
      expect(logged).toContain('/api/oauth/callback/');
      for (const secret of never) expect(logged).not.toContain(secret);
    } finally {
      await t.close();
      await dovecot.stop();
      await oauth.close();
    }
  });
});
