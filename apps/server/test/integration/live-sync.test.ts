import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import { openEventStream, type EventStream } from '@brieftaube/test-support/event-stream.ts';
import { appendMessages, deliverViaLmtp } from '@brieftaube/test-support/mailbox.ts';
import {
  accountPayload,
  fetchAccount,
  imapClient,
} from '@brieftaube/test-support/mail-fixtures.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '@brieftaube/test-support/test-app.ts';
import { startLiveSync, type LiveSync } from '@brieftaube/server/mail/live/live-sync.ts';
import { createLogger } from '@brieftaube/server/lib/logger.ts';

interface ListItem {
  id: number;
  subject: string;
  is_read: boolean;
}

const until = async <T>(probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe.each(DATABASE_KINDS)('live sync (IDLE, polling, event stream) on %s', (kind) => {
  let t: TestApp;
  let dovecot: Dovecot;
  let baseUrl: string;
  let owner: ApiUser;
  let other: ApiUser;
  let accountId: number;
  let stream: EventStream;
  let otherStream: EventStream;
  /** The live sync of "this process"; replaced by tests that need other settings. */
  let live: LiveSync;
  const address = 'live@beispiel.de';

  beforeAll(async () => {
    [t, dovecot] = await Promise.all([
      startTestApp(
        kind,
        { MAIL_CONNECT_TIMEOUT_SECONDS: '3' },
        // A long poll: what arrives within a second can only have come through IDLE. A long
        // rescan: the account must become live because its first fetch finished, at once.
        { jobs: true, liveSync: { pollSeconds: 60, rescanSeconds: 600 } },
      ),
      startDovecot([{ user: 'live@beispiel.de', password: 'pw' }]),
    ]);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await registerApiUser(t.app, 'live');
    other = await registerApiUser(t.app, 'nachbar');
    const created = await owner.request({
      method: 'POST',
      url: '/api/accounts/',
      payload: accountPayload(dovecot, address),
    });
    accountId = created.json<{ id: number }>().id;
    await deliverViaLmtp(dovecot.lmtpPort, address, { subject: 'Vor dem ersten Abruf' });
    expect((await fetchAccount(owner, accountId)).status).toBe('SUCCESS');
    stream = await openEventStream(baseUrl, owner.access);
    otherStream = await openEventStream(baseUrl, other.access);
    // The account is live once its first fetch has finished: at once, not at the next rescan.
    live = t.queue!.live!;
    await until(async () => (live.watching().includes(accountId) ? true : undefined), 3000);
  }, 60_000);
  afterAll(async () => {
    await live?.stop();
    stream?.close();
    otherStream?.close();
    await Promise.all([t?.close(), dovecot?.stop()]);
  });

  const inbox = async () =>
    (
      await owner.request({
        method: 'GET',
        url: `/api/emails/?accounts=${accountId}&folder_name=INBOX&limit=50`,
      })
    ).json<ListItem[]>();

  it('opens an authenticated text/event-stream and refuses one without a token', async () => {
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    await stream.waitFor((e) => e.event === 'ready');
    const anonymous = await fetch(`${baseUrl}/api/events/`);
    expect(anonymous.status).toBe(401);
  });

  it('new mail reaches the list and the stream through IDLE, without any fetch task', async () => {
    const sent = Date.now();
    await deliverViaLmtp(dovecot.lmtpPort, address, { subject: 'Live zugestellt' });
    const event = await stream.waitFor(
      (e) => e.event === 'mailbox' && e.at >= sent && Number(e.data.new_emails) === 1,
    );
    expect(event.data.account_id).toBe(accountId);
    expect(event.at - sent).toBeLessThan(5_000);
    expect((await inbox()).map((m) => m.subject)).toContain('Live zugestellt');
  });

  it('flag changes and deletions made by another client arrive the same way', async () => {
    const client = await imapClient(dovecot, address);
    try {
      await client.mailboxOpen('INBOX');
      const marked = Date.now();
      await client.messageFlagsAdd({ header: { subject: 'Live zugestellt' } }, ['\\Seen']);
      await stream.waitFor(
        (e) => e.event === 'mailbox' && e.at >= marked && e.data.changed_flags === 1,
      );
      expect((await inbox()).find((m) => m.subject === 'Live zugestellt')?.is_read).toBe(true);

      const deleted = Date.now();
      await client.messageDelete({ header: { subject: 'Vor dem ersten Abruf' } });
      await stream.waitFor(
        (e) => e.event === 'mailbox' && e.at >= deleted && e.data.deleted_emails === 1,
      );
      expect((await inbox()).map((m) => m.subject)).not.toContain('Vor dem ersten Abruf');
    } finally {
      await client.logout();
    }
  });

  const syncDeps = () => t.services.sync;

  it('folders other than the inbox are polled; one the server refuses does not end the session', async () => {
    // A folder the app knows that Dovecot can no longer open (SELECT answers NO).
    const client = await imapClient(dovecot, address);
    await client.mailboxCreate('Kaputt');
    expect((await fetchAccount(owner, accountId)).status).toBe('SUCCESS');
    const brokenDir = path.join(dovecot.homeOf(address), 'Maildir', '.Kaputt');
    const mode = fs.statSync(brokenDir).mode;
    fs.chmodSync(brokenDir, 0);
    const warnings: string[] = [];
    const logger = createLogger(
      'warn',
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          warnings.push((JSON.parse(String(chunk)) as { msg: string }).msg);
          done();
        },
      }),
    );
    // A live sync with a short poll takes over; IDLE watches only the inbox.
    await live.stop();
    live = await startLiveSync(t.database, syncDeps(), {
      pollSeconds: 1,
      rescanSeconds: 1,
      logger,
    });
    await until(async () => (live.watching().includes(accountId) ? true : undefined));
    await new Promise((r) => setTimeout(r, 1500)); // past the first round, into IDLE
    const appended = Date.now();
    try {
      await appendMessages(client, 'Archive', [{ subject: 'Abgelegt von woanders' }]);
    } finally {
      await client.logout();
    }
    const event = await stream.waitFor(
      (e) => e.event === 'mailbox' && e.at >= appended && e.data.new_emails === 1,
    );
    fs.chmodSync(brokenDir, mode);
    // Skipped at each poll, while the session (and IDLE on the inbox) carried on.
    expect(warnings).toContain('live sync skipped a folder the server refused');
    expect(warnings).not.toContain('live sync interrupted');
    expect(event.data.folder_ids).toHaveLength(1);
    const archived = (
      await owner.request({
        method: 'GET',
        url: `/api/emails/?folder_id=${String((event.data.folder_ids as number[])[0])}`,
      })
    ).json<ListItem[]>();
    expect(archived.map((m) => m.subject)).toEqual(['Abgelegt von woanders']);
    // A whole round of the live sync counts as a sync of the account.
    const lastSync = async () =>
      Date.parse(
        (await owner.request({ method: 'GET', url: `/api/accounts/${accountId}/` })).json<{
          last_sync_at: string | null;
        }>().last_sync_at ?? '',
      );
    await until(async () => ((await lastSync()) >= appended ? true : undefined));
  });

  it('folders another client makes or deletes appear and vanish at the next poll, with their mail', async () => {
    const folderPaths = async () =>
      (await owner.request({ method: 'GET', url: `/api/folders/?account_id=${accountId}` }))
        .json<{ path: string }[]>()
        .map((f) => f.path);
    const client = await imapClient(dovecot, address);
    try {
      const made = Date.now();
      await client.mailboxCreate('Von woanders');
      await appendMessages(client, 'Von woanders', [{ subject: 'Im neuen Ordner' }]);
      await stream.waitFor((e) => e.event === 'mailbox' && e.at >= made && e.data.new_emails === 1);
      expect(await folderPaths()).toContain('Von woanders');
      const listed = (
        await owner.request({
          method: 'GET',
          url: `/api/emails/?accounts=${accountId}&folder_name=${encodeURIComponent('Von woanders')}`,
        })
      ).json<ListItem[]>();
      expect(listed.map((m) => m.subject)).toEqual(['Im neuen Ordner']);

      const removed = Date.now();
      await client.mailboxDelete('Von woanders');
      await stream.waitFor((e) => e.event === 'mailbox' && e.at >= removed);
      await until(async () => ((await folderPaths()).includes('Von woanders') ? undefined : true));
    } finally {
      await client.logout();
    }
  });

  it("changes made in the app are announced as 'counts'; other users hear nothing", async () => {
    const mail = (await inbox())[0]!;
    const changed = Date.now();
    await owner.request({
      method: 'PATCH',
      url: `/api/emails/${mail.id}/`,
      payload: { is_read: !mail.is_read },
    });
    const event = await stream.waitFor((e) => e.event === 'counts' && e.at >= changed);
    expect(event.data.account_id).toBe(accountId);
    expect(otherStream.events.filter((e) => e.event !== 'ready')).toEqual([]);
  });

  it('keeps exactly one watcher per account across processes, and takes over when one stops', async () => {
    // A second process's live sync on the same database.
    const second = await startLiveSync(t.database, syncDeps(), {
      pollSeconds: 60,
      rescanSeconds: 1,
    });
    try {
      await second.rescan();
      if (kind === 'postgres') {
        // Advisory locks: the account stays with the first process…
        expect(second.watching()).toEqual([]);
        expect(live.watching()).toEqual([accountId]);
        // …until that process stops; the other one takes over at its next scan.
        await live.stop();
        await until(async () => (second.watching().includes(accountId) ? true : undefined));
        const sent = Date.now();
        await deliverViaLmtp(dovecot.lmtpPort, address, { subject: 'Nach der Übernahme' });
        await stream.waitFor((e) => e.event === 'mailbox' && e.at >= sent);
        expect((await inbox()).map((m) => m.subject)).toContain('Nach der Übernahme');
      } else {
        // PGlite: one process owns the database, so it owns every account.
        expect(second.watching()).toEqual([accountId]);
      }
    } finally {
      await second.stop();
    }
  });
});
