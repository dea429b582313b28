import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import { accountPayload, imapClient } from '@brieftaube/test-support/mail-fixtures.ts';
import { appendMessages, generateMessages } from '@brieftaube/test-support/mailbox.ts';
import { startSmtpServer, type TestSmtpServer } from '@brieftaube/test-support/smtp-server.ts';
import {
  DATABASE_KINDS,
  queryRows,
  startTestApp,
  type TestApp,
} from '@brieftaube/test-support/test-app.ts';
import {
  parseAllowList,
  type Lookup,
  type ResolvedAddress,
} from '../../src/mail/net/host-policy.ts';
import { createMailConnector } from '../../src/mail/net/mail-connector.ts';
import { syncFolder } from '../../src/mail/sync/folder-sync.ts';

/**
 * A name server under an attacker's control: its first answer passes the check (the test
 * servers' address stands in for a public one), every later answer points elsewhere. Names
 * under .test exist nowhere else, so a second lookup by anyone but this one fails outright.
 */
function rebindingDns(later: ResolvedAddress[]) {
  const asked: string[] = [];
  const lookup: Lookup = async (host) => {
    asked.push(host);
    return asked.length === 1 ? [{ address: '127.0.0.1', family: 4 }] : later;
  };
  return { lookup, asked };
}

describe.each(DATABASE_KINDS)('connecting to the address that was checked, on %s', (kind) => {
  let t: TestApp;
  let dovecot: Dovecot;
  let smtp: TestSmtpServer;
  const address = 'dns@beispiel.de';

  beforeAll(async () => {
    [t, dovecot, smtp] = await Promise.all([
      startTestApp(kind),
      startDovecot([{ user: address, password: 'pw' }]),
      startSmtpServer({ [address]: 'pw' }),
    ]);
    const client = await imapClient(dovecot, address);
    await appendMessages(client, 'INBOX', generateMessages(60));
    await client.logout();
  });
  afterAll(async () => {
    await Promise.all([t?.close(), dovecot?.stop(), smtp?.close()]);
  });

  const connectorWith = (lookup: Lookup) =>
    createMailConnector({
      // A provider's server that allows exactly the test servers' address.
      policy: { serverMode: true, allowList: parseAllowList('127.0.0.1').list },
      limits: { perAccount: 5, perServer: 20 },
      lookup,
    });

  it('resolves once per session and goes where the check said, also from the bulk workers', async () => {
    const dns = rebindingDns([{ address: '10.0.0.1', family: 4 }]);
    const connector = connectorWith(dns.lookup);
    const endpoint = {
      host: 'imap.umgebunden.test',
      port: dovecot.imapPort,
      security: 'none' as const,
    };
    const credentials = { user: address, password: 'pw' };

    const owner = await registerApiUser(t.app, 'dns');
    const created = await owner.request({
      method: 'POST',
      url: '/api/accounts/',
      payload: accountPayload(dovecot, address),
    });
    const accountId = created.json<{ id: number }>().id;
    await owner.request({
      method: 'POST',
      url: '/api/folders/sync_account_folders/',
      payload: { account_id: accountId },
    });
    const inbox = (
      await t.services.sync.foldersRepo.list(
        (
          await queryRows<{ userId: string }>(
            t.database.db,
            sql`SELECT user_id AS "userId" FROM accounts WHERE id = ${accountId}`,
          )
        )[0].userId,
        { accountIds: [accountId], types: ['inbox'] },
      )
    )[0]!;

    const session = await connector.openImap(endpoint, credentials);
    try {
      expect(session.target.reached).toBe('127.0.0.1');
      // Every message beyond the first page through the workers, in sessions of their own.
      const result = await syncFolder(session.client, t.services.sync.emailSync, inbox, {
        headerBatch: 0,
        bulk: {
          endpoint,
          credentials,
          minMessages: 1,
          reserve: (wanted) =>
            connector.reserveExtra(endpoint, credentials, session.target.addresses, wanted),
        },
      });
      expect(result.newMessages).toBe(60);
    } finally {
      await session.close();
    }
    expect(dns.asked).toEqual(['imap.umgebunden.test']);

    // The next session asks again, and the new answer is judged like the first.
    await expect(connector.openImap(endpoint, credentials)).rejects.toMatchObject({
      code: 'EHOSTBLOCKED',
    });
    expect(dns.asked).toHaveLength(2);
  });

  it('sends mail to the checked address of the SMTP server', async () => {
    const dns = rebindingDns([{ address: '169.254.169.254', family: 4 }]);
    const connector = connectorWith(dns.lookup);
    const endpoint = { host: 'smtp.umgebunden.test', port: smtp.port, security: 'none' as const };
    const { transport } = await connector.smtp(endpoint, { user: address, password: 'pw' });
    try {
      await transport.sendMail({
        from: address,
        to: 'ziel@beispiel.de',
        subject: 'Über die geprüfte Adresse',
        text: 'Hallo',
      });
    } finally {
      transport.close();
    }
    expect((await smtp.waitFor(1))[0]!.to).toEqual(['ziel@beispiel.de']);
    await expect(connector.smtp(endpoint, { user: address, password: 'pw' })).rejects.toMatchObject(
      { code: 'EHOSTBLOCKED', addressClass: 'metadata' },
    );
  });
});
