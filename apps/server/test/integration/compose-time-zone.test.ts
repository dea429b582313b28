import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import { appendMessages } from '@brieftaube/test-support/mailbox.ts';
import {
  accountPayload,
  fetchAccount,
  imapClient,
  waitForTask,
} from '@brieftaube/test-support/mail-fixtures.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '@brieftaube/test-support/test-app.ts';
import { probes } from '../fixtures/mime-probes.ts';

interface Template {
  text: string;
  html: string;
}

describe.each(DATABASE_KINDS)('dates the server writes into a reply, on %s', (kind) => {
  let t: TestApp;
  let dovecot: Dovecot;
  let owner: ApiUser;
  let emailId: number;
  let accountId: number;
  const address = `zone-${kind}@beispiel.de`;

  beforeAll(async () => {
    [t, dovecot] = await Promise.all([
      startTestApp(kind, { CORS_ORIGINS: 'https://mail.beispiel.de' }, { jobs: true }),
      startDovecot(),
    ]);
    owner = await registerApiUser(t.app, 'zone');
    dovecot.addUser(address, 'pw');
    const client = await imapClient(dovecot, address);
    await appendMessages(client, 'INBOX', [
      {
        subject: 'Termin am Samstag',
        from: 'Julia Wagner <julia@beispiel.de>',
        text: 'Passt Ihnen 14 Uhr?',
        date: new Date('2026-05-02T09:00:00Z'),
      },
    ]);
    await client.logout();
    const account = await owner.request({
      method: 'POST',
      url: '/api/accounts/',
      payload: accountPayload(dovecot, address),
    });
    accountId = account.json<{ id: number }>().id;
    const synced = await fetchAccount(owner, accountId);
    if (synced.status !== 'SUCCESS') throw new Error(`sync failed: ${synced.message}`);
    emailId = (await owner.request({ method: 'GET', url: '/api/emails/' })).json<
      { id: number }[]
    >()[0]!.id;
  });
  afterAll(async () => {
    await Promise.all([t?.close(), dovecot?.stop()]);
  });

  const template = async (action: string, zone?: string) => {
    const res = await owner.request({
      method: 'GET',
      url: `/api/emails/${emailId}/compose/?action=${action}`,
      headers: zone === undefined ? {} : { 'x-time-zone': zone },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Template>();
  };

  it('writes the quote header in the zone the browser names', async () => {
    const reply = await template('reply', 'America/New_York');
    const header = 'Am 2. Mai 2026 um 05:00 schrieb Julia Wagner <julia@beispiel.de>:';
    expect(reply.text).toContain(header);
    expect(reply.html).toContain(header.replace('<', '&lt;').replace('>', '&gt;'));
    expect((await template('reply_all', 'Asia/Tokyo')).text).toContain(
      'Am 2. Mai 2026 um 18:00 schrieb',
    );
  });

  it("writes a forward's date in that zone too", async () => {
    const forward = await template('forward', 'America/New_York');
    expect(forward.text).toContain('Datum: 2. Mai 2026 um 05:00');
    expect(forward.html).toContain('Datum: 2. Mai 2026 um 05:00');
  });

  it('writes German time where no zone or an unknown one is named', async () => {
    expect((await template('reply')).text).toContain('Am 2. Mai 2026 um 11:00 schrieb');
    expect((await template('reply', 'Mars/Olympus')).text).toContain(
      'Am 2. Mai 2026 um 11:00 schrieb',
    );
  });

  it('writes the dates a sync puts into text in the zone of the browser that asked', async () => {
    const client = await imapClient(dovecot, address);
    await client.append('INBOX', probes.p19);
    await client.logout();
    const started = await owner.request({
      method: 'POST',
      url: `/api/tasks/fetch-emails/${accountId}/`,
      headers: { 'x-time-zone': 'America/New_York' },
    });
    expect(started.statusCode).toBe(202);
    const task = await waitForTask(owner, started.json<{ task_id: string }>().task_id);
    expect(task.status).toBe('SUCCESS');
    const invitation = (
      await owner.request({ method: 'GET', url: '/api/emails/?q=Jahresplanung' })
    ).json<{ id: number }[]>()[0]!;
    const detail = (
      await owner.request({ method: 'GET', url: `/api/emails/${invitation.id}/` })
    ).json<{ body_text: string }>();
    // 09:00 UTC: 05:00 in New York (daylight saving time since 8 March), not 10:00 in Berlin.
    expect(detail.body_text).toContain('Beginn: 10.03.2026, 05:00');
  });

  it('lets a web app on another origin send its zone', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: `/api/emails/${emailId}/compose/?action=reply`,
      headers: {
        origin: 'https://mail.beispiel.de',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,x-time-zone',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['access-control-allow-headers'])).toContain('x-time-zone');
  });
});
