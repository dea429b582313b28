interface Call {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  payload?: Record<string, unknown>;
}
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import { appendMessages, generateMessages } from '@brieftaube/test-support/mailbox.ts';
import {
  accountPayload,
  fetchAccount,
  imapClient,
} from '@brieftaube/test-support/mail-fixtures.ts';
import {
  DATABASE_KINDS,
  queryRows,
  startTestApp,
  type TestApp,
} from '@brieftaube/test-support/test-app.ts';

interface Ids {
  account: number;
  folder: number;
  otherFolder: number;
  category: number;
  email: number;
  part: string;
  task: string;
  proposal: number;
}

/** A user with a synced mailbox (INBOX with an attachment, a custom folder), a category, a task. */
async function populatedUser(t: TestApp, dovecot: Dovecot, name: string): Promise<[ApiUser, Ids]> {
  const user = await registerApiUser(t.app, name);
  const address = `${user.username}@beispiel.de`;
  dovecot.addUser(address, 'pw');
  const imap = await imapClient(dovecot, address);
  await imap.mailboxCreate('Projekte');
  const messages = generateMessages(6);
  await appendMessages(imap, 'INBOX', messages);
  await imap.logout();
  const account = (
    await user.request({
      method: 'POST',
      url: '/api/accounts/',
      payload: accountPayload(dovecot, address),
    })
  ).json<{ id: number }>();
  await fetchAccount(user, account.id);
  const folders = (
    await user.request({ method: 'GET', url: `/api/folders/?account_id=${account.id}` })
  ).json<{ id: number; folder_type: string; name: string }[]>();
  const inbox = folders.find((f) => f.folder_type === 'inbox')!;
  const custom = folders.find((f) => f.name === 'Projekte')!;
  const category = (
    await user.request({
      method: 'POST',
      url: '/api/categories/',
      payload: { name: 'Rechnungen', description: 'Rechnungen und Belege', account: account.id },
    })
  ).json<{ id: number }>();
  const withAttachment = (
    await user.request({ method: 'GET', url: `/api/emails/?folder_id=${inbox.id}&limit=50` })
  )
    .json<{ id: number; has_attachments: boolean }[]>()
    .find((e) => e.has_attachments)!;
  const detail = (
    await user.request({ method: 'GET', url: `/api/emails/${withAttachment.id}/` })
  ).json<{ attachments: { part: string }[] }>();
  const task = (
    await user.request({ method: 'POST', url: `/api/tasks/fetch-emails/${account.id}/` })
  ).json<{ task_id: string }>();
  // A category proposal as a cluster analysis leaves it (its own test is ai.test.ts).
  const { id: userId } = (
    await queryRows<{ id: string }>(
      t.database.db,
      sql`SELECT id FROM users WHERE username = ${user.username}`,
    )
  )[0];
  const [proposal] = await t.services.ai.repo.insertProposals(userId, account.id, [
    {
      name: 'Vorschlag',
      description: 'E-Mails rund um Vorschläge.',
      emailIds: [withAttachment.id],
    },
  ]);
  return [
    user,
    {
      account: account.id,
      folder: inbox.id,
      otherFolder: custom.id,
      category: category.id,
      email: withAttachment.id,
      part: detail.attachments[0]!.part,
      task: task.task_id,
      proposal: proposal!,
    },
  ];
}

/**
 * Every route with an id in its path, called with the owner's ids. A route the API gains later and
 * this table lacks fails the test (see the first `it`), so the matrix cannot fall behind.
 */
function pathCalls(a: Ids): Record<string, Call[]> {
  return {
    '/api/accounts/{id}/': [
      { method: 'GET', url: `/api/accounts/${a.account}/` },
      { method: 'PATCH', url: `/api/accounts/${a.account}/`, payload: { display_name: 'X' } },
      { method: 'DELETE', url: `/api/accounts/${a.account}/` },
    ],
    '/api/accounts/{id}/statistics/': [
      { method: 'GET', url: `/api/accounts/${a.account}/statistics/` },
    ],
    '/api/accounts/{id}/test_connection/': [
      { method: 'POST', url: `/api/accounts/${a.account}/test_connection/` },
    ],
    '/api/accounts/{id}/folder_settings/': [
      { method: 'PATCH', url: `/api/accounts/${a.account}/folder_settings/`, payload: {} },
    ],
    '/api/accounts/{id}/folders/': [{ method: 'GET', url: `/api/accounts/${a.account}/folders/` }],
    '/api/folders/{id}/': [
      { method: 'GET', url: `/api/folders/${a.otherFolder}/` },
      { method: 'PATCH', url: `/api/folders/${a.otherFolder}/`, payload: { name: 'Fremd' } },
      { method: 'DELETE', url: `/api/folders/${a.otherFolder}/` },
    ],
    '/api/folders/{id}/update_counts/': [
      { method: 'POST', url: `/api/folders/${a.folder}/update_counts/` },
    ],
    '/api/folders/{id}/emails/': [{ method: 'GET', url: `/api/folders/${a.folder}/emails/` }],
    '/api/folders/{id}/move_emails/': [
      {
        method: 'POST',
        url: `/api/folders/${a.folder}/move_emails/`,
        payload: { target_folder_id: a.otherFolder, email_ids: [a.email] },
      },
    ],
    '/api/tasks/fetch-emails/{accountId}/': [
      { method: 'POST', url: `/api/tasks/fetch-emails/${a.account}/` },
    ],
    '/api/accounts/{accountId}/sync/': [
      { method: 'POST', url: `/api/accounts/${a.account}/sync/` },
    ],
    '/api/tasks/{taskId}/revoke/': [{ method: 'POST', url: `/api/tasks/${a.task}/revoke/` }],
    '/api/tasks/ai-categorize/{taskId}/undo/': [
      { method: 'POST', url: `/api/tasks/ai-categorize/${a.task}/undo/` },
    ],
    '/api/tasks/cluster-refine/proposals/{proposalId}/accept/': [
      { method: 'POST', url: `/api/tasks/cluster-refine/proposals/${a.proposal}/accept/` },
    ],
    '/api/tasks/cluster-refine/proposals/{proposalId}/dismiss/': [
      { method: 'POST', url: `/api/tasks/cluster-refine/proposals/${a.proposal}/dismiss/` },
    ],
    '/api/categories/{id}/': [
      { method: 'GET', url: `/api/categories/${a.category}/` },
      { method: 'PATCH', url: `/api/categories/${a.category}/`, payload: { name: 'Fremd' } },
      { method: 'DELETE', url: `/api/categories/${a.category}/` },
    ],
    '/api/emails/{id}/': [
      { method: 'GET', url: `/api/emails/${a.email}/` },
      { method: 'PATCH', url: `/api/emails/${a.email}/`, payload: { is_read: true } },
      { method: 'DELETE', url: `/api/emails/${a.email}/` },
    ],
    '/api/emails/{id}/attachments/{part}/': [
      { method: 'GET', url: `/api/emails/${a.email}/attachments/${a.part}/` },
    ],
    '/api/emails/{id}/raw/': [{ method: 'GET', url: `/api/emails/${a.email}/raw/` }],
    '/api/emails/{id}/compose/': [
      { method: 'GET', url: `/api/emails/${a.email}/compose/?action=reply` },
    ],
  };
}

/** Routes without a path id that take an id in the query or body: the stranger's own otherwise. */
function bodyCalls(a: Ids, own: Ids): Call[] {
  const message = { to: 'jemand@beispiel.de', subject: 'Hallo', text: 'Hallo' };
  return [
    { method: 'POST', url: '/api/folders/', payload: { account: a.account, name: 'Fremd' } },
    {
      method: 'POST',
      url: '/api/actions/test-connection/',
      payload: {
        email_address: 'x@beispiel.de',
        imap_server: '127.0.0.1',
        smtp_server: '127.0.0.1',
        account_id: a.account,
      },
    },
    { method: 'POST', url: '/api/folders/', payload: { parent: a.otherFolder, name: 'Fremd' } },
    {
      method: 'POST',
      url: '/api/folders/sync_account_folders/',
      payload: { account_id: a.account },
    },
    { method: 'POST', url: '/api/folders/update_all_counts/', payload: { account_id: a.account } },
    { method: 'GET', url: `/api/folders/tree/?account_id=${a.account}` },
    { method: 'GET', url: `/api/folders/statistics/?account_id=${a.account}` },
    {
      method: 'POST',
      url: '/api/categories/',
      payload: { name: 'Fremd', description: 'Fremd', account: a.account },
    },
    { method: 'POST', url: '/api/emails/bulk/', payload: { ids: [a.email], action: 'read' } },
    { method: 'POST', url: '/api/tasks/ai-categorize/', payload: { account_id: a.account } },
    { method: 'POST', url: '/api/tasks/ai-categorize/', payload: { email_pks: [a.email] } },
    {
      method: 'POST',
      url: '/api/tasks/ai-categorize/',
      payload: { account_id: own.account, email_pks: [own.email, a.email] },
    },
    { method: 'POST', url: '/api/tasks/cluster-refine/', payload: { account_id: a.account } },
    { method: 'GET', url: `/api/tasks/cluster-refine/proposals/?account_id=${a.account}` },
    { method: 'PATCH', url: `/api/emails/${own.email}/`, payload: { category: a.category } },
    {
      method: 'POST',
      url: '/api/emails/bulk/',
      payload: { ids: [own.email], action: 'categorize', category: a.category },
    },
    {
      method: 'POST',
      url: `/api/folders/${own.folder}/move_emails/`,
      payload: { target_folder_id: own.otherFolder, email_ids: [a.email] },
    },
    {
      method: 'POST',
      url: `/api/folders/${own.folder}/move_emails/`,
      payload: { target_folder_id: a.otherFolder, email_ids: [own.email] },
    },
    { method: 'POST', url: '/api/emails/send/', payload: { account: a.account, ...message } },
    {
      method: 'POST',
      url: '/api/emails/send/',
      payload: { account: own.account, in_reply_to_email: a.email, ...message },
    },
    {
      method: 'POST',
      url: '/api/emails/send/',
      payload: { account: own.account, forward_of: a.email, ...message },
    },
    { method: 'POST', url: '/api/drafts/', payload: { account: a.account, ...message } },
    {
      method: 'POST',
      url: '/api/drafts/',
      payload: { account: own.account, draft_id: a.email, ...message },
    },
  ];
}

describe.each(DATABASE_KINDS)("another user's ids on %s", (kind) => {
  let t: TestApp;
  let dovecot: Dovecot;
  let owner: ApiUser;
  let stranger: ApiUser;
  let a: Ids;
  let own: Ids;

  beforeAll(async () => {
    [t, dovecot] = await Promise.all([startTestApp(kind, {}, { jobs: true }), startDovecot()]);
    [owner, a] = await populatedUser(t, dovecot, 'eigen');
    [stranger, own] = await populatedUser(t, dovecot, 'fremd');
  }, 120_000);
  afterAll(async () => {
    await Promise.all([t?.close(), dovecot?.stop()]);
  });

  it('the matrix names every route of the API that takes an id in its path', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, unknown>;
    }>();
    const withIds = Object.keys(doc.paths).filter((p) => p.includes('{'));
    expect(withIds.sort()).toEqual(Object.keys(pathCalls(a)).sort());
  });

  it('answers 404 on every route, for every id of the first user, and changes nothing', async () => {
    const before: unknown = (
      await owner.request({ method: 'GET', url: `/api/emails/${a.email}/` })
    ).json();
    for (const call of Object.values(pathCalls(a)).flat()) {
      const res = await stranger.request(call);
      expect(res.statusCode, `${call.method} ${call.url} ${res.body}`).toBe(404);
      expect(res.body, `${call.method} ${call.url}`).not.toContain('Rechnungen');
    }
    for (const call of bodyCalls(a, own)) {
      const res = await stranger.request(call);
      expect(res.statusCode, `${call.method} ${call.url} ${JSON.stringify(call.payload)}`).toBe(
        404,
      );
    }
    // Lists filtered by someone else's ids show nothing of theirs.
    for (const url of [
      `/api/emails/?accounts=${a.account}`,
      `/api/emails/?folder_id=${a.folder}`,
      `/api/emails/?category=${a.category}`,
      `/api/folders/?account_id=${a.account}`,
      `/api/categories/?account=${a.account}`,
    ]) {
      const res = await stranger.request({ method: 'GET', url });
      expect([200, 404], url).toContain(res.statusCode);
      if (res.statusCode === 200) expect(res.json(), url).toEqual([]);
    }
    // The owner still has everything, unchanged; and the same calls work for the owner.
    expect((await owner.request({ method: 'GET', url: `/api/emails/${a.email}/` })).json()).toEqual(
      before,
    );
    for (const call of Object.values(pathCalls(a))
      .flat()
      .filter((c) => c.method === 'GET'))
      expect((await owner.request(call)).statusCode, `owner: ${call.url}`).toBe(200);
    const tasks = (await stranger.request({ method: 'GET', url: '/api/status/all-tasks/' })).json<
      Record<string, unknown>
    >();
    expect(Object.keys(tasks)).not.toContain(a.task);
  });

  it('a signed-out caller gets 401 on every route behind the sign-in, before its input is read', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    }>();
    const open = ['/api/auth/registration/', '/api/auth/login/', '/api/auth/token/refresh/'];
    let checked = 0;
    for (const [route, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const label = `${method.toUpperCase()} ${route}`;
        if (open.includes(route) || (route === '/api/auth/logout/' && method === 'post')) continue;
        expect(operation.security, label).toBeDefined();
        // Invalid ids, and a body that fails every schema: the sign-in is checked first.
        const url = route.replace(/\{[^}]+\}/g, 'abc') + '?limit=0&account_id=abc';
        for (const authorization of [undefined, 'Bearer kein-gueltiges-token']) {
          const res = await t.app.inject({
            method: method.toUpperCase() as Call['method'],
            url,
            headers: {
              ...(authorization ? { authorization } : {}),
              ...(method === 'get' ? {} : { 'content-type': 'application/json' }),
            },
            ...(method === 'get' ? {} : { payload: '{"unbekannt": 1}' }),
          });
          expect(res.statusCode, `${label} (${authorization ?? 'no token'})`).toBe(401);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('an id in a path or filter is plain digits: 1e1, 0x1, +1 and 01 name nothing', async () => {
    const id = own.otherFolder;
    for (const alias of [`${id}.0`, `${id}e0`, `0x${id.toString(16)}`, `+${id}`, `0${id}`]) {
      const res = await stranger.request({ method: 'GET', url: `/api/folders/${alias}/` });
      expect(res.statusCode, alias).toBe(404);
    }
    expect((await stranger.request({ method: 'GET', url: `/api/folders/${id}/` })).statusCode).toBe(
      200,
    );
  });

  it('folder filters: unknown ids and types match nothing, empty values are dropped', async () => {
    const list = async (query: string) => {
      const res = await stranger.request({ method: 'GET', url: `/api/folders/${query}` });
      expect(res.statusCode, query).toBe(200);
      return res.json<{ account: number; folder_type: string }[]>();
    };
    const all = await list('');
    expect(all.length).toBeGreaterThan(2);
    expect(await list('?account_id=abc')).toEqual([]);
    expect(await list('?account_id=-1')).toEqual([]);
    expect(await list(`?account_id=${own.account},`)).toEqual(all);
    expect(await list(`?account_id=,${own.account},abc`)).toEqual(all);
    expect(await list('?folder_type=bogus')).toEqual([]);
    const inboxes = await list('?folder_type=inbox,bogus,');
    expect(inboxes.map((f) => f.folder_type)).toEqual(['inbox']);
    expect(await list('?folder_type=,')).toEqual(all);
    const tree = await stranger.request({
      method: 'GET',
      url: `/api/folders/tree/?account_id=${own.account},`,
    });
    expect(tree.statusCode).toBe(200);
    expect(tree.json<unknown[]>().length).toBeGreaterThan(0);
    const stats = await stranger.request({
      method: 'GET',
      url: `/api/folders/statistics/?account_id=,${own.account}`,
    });
    expect(stats.json<{ total_folders: number }>().total_folders).toBe(all.length);
  });

  it('ids that cannot exist (beyond the integer columns, zero, not numbers) answer 404 or 400, never 500', async () => {
    for (const bad of [2_147_483_648, 99_999_999_999_999, 0]) {
      const none: Ids = {
        ...own,
        account: bad,
        folder: bad,
        otherFolder: bad,
        category: bad,
        email: bad,
        proposal: bad,
      };
      none.task = '00000000-0000-4000-8000-000000000000';
      for (const call of Object.values(pathCalls(none)).flat()) {
        const res = await stranger.request(call);
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
      }
      for (const call of bodyCalls(none, own)) {
        const res = await stranger.request(call);
        expect([400, 404], `${call.method} ${call.url} ${JSON.stringify(call.payload)}`).toContain(
          res.statusCode,
        );
      }
      for (const url of [
        `/api/emails/?accounts=${bad}`,
        `/api/emails/?folder_id=${bad}`,
        `/api/emails/?category=${bad}`,
        `/api/emails/?accounts=abc`,
        `/api/categories/?account=${bad}`,
        `/api/categories/?account=abc`,
        `/api/folders/?account_id=${bad}`,
        `/api/folders/?parent=${bad}`,
        `/api/folders/tree/?account_id=${bad}`,
        `/api/folders/statistics/?account_id=${bad}`,
      ]) {
        const res = await stranger.request({ method: 'GET', url });
        // A filter that names nothing that can exist finds nothing, or is refused; never all.
        expect([200, 400, 404], url).toContain(res.statusCode);
        if (res.statusCode === 200)
          expect(JSON.stringify(res.json()), url).toMatch(/^\[\]$|"total_folders":0/);
      }
    }
    // A made-up page marker pointing beyond the columns is refused as such.
    const cursor = Buffer.from('2026-01-01T00:00:00.000Z|99999999999').toString('base64url');
    const paged = await stranger.request({ method: 'GET', url: `/api/emails/?cursor=${cursor}` });
    expect(paged.statusCode).toBe(400);
    expect(paged.json<{ error: { fields: Record<string, string[]> } }>().error.fields).toEqual({
      cursor: ['CURSOR_INVALID'],
    });
  });
});
