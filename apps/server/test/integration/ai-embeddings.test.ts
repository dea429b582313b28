import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import {
  hashedEmbedding,
  startFakeOpenAi,
  type FakeOpenAi,
} from '@brieftaube/test-support/fake-openai.ts';
import { appendMessages, type TestMessage } from '@brieftaube/test-support/mailbox.ts';
import {
  accountPayload,
  fetchAccount,
  imapClient,
  waitForTask,
} from '@brieftaube/test-support/mail-fixtures.ts';
import {
  DATABASE_KINDS,
  queryRows,
  startTestApp,
  type TestApp,
} from '@brieftaube/test-support/test-app.ts';

const day = (iso: string) => new Date(`${iso}T09:00:00Z`);
const until = async <T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 100));
  }
};

const mail = (to: string, subject: string, text: string, from: string, date: string) =>
  ({ from, to, subject, text, date: day(date) }) satisfies TestMessage;

function mailbox(to: string): TestMessage[] {
  return [
    mail(
      to,
      'Unser neuer Wagen ist da',
      'Der Wagen steht ab Freitag in der Garage. Probefahrt am Wochenende?',
      'Jana <jana@web.example>',
      '2026-10-01',
    ),
    mail(
      to,
      'Ihre Telekom Rechnung Oktober',
      'Ihre Rechnung über 39,95 € steht bereit.',
      'Telekom <rechnung@telekom.example>',
      '2026-10-02',
    ),
    mail(
      to,
      'Grillabend am Samstag',
      'Kommst du am Samstag zum Grillen? Bring gern Salat mit.',
      'Tom <tom@web.example>',
      '2026-10-03',
    ),
    mail(
      to,
      'Ihre Bahnfahrt nach Hamburg',
      `Ihre Fahrkarte für den ICE liegt bei. ${'Gute Reise wünscht Ihre Bahn. '.repeat(100)}`,
      'Bahn <buchung@bahn.example>',
      '2026-10-04',
    ),
  ];
}

describe.each(DATABASE_KINDS)('embeddings from an OpenAI-compatible model on %s', (kind) => {
  let t: TestApp;
  let dovecot: Dovecot;
  let fake: FakeOpenAi;
  let owner: ApiUser;
  let stranger: ApiUser;
  let accountId: number;

  const embedded = async (user: ApiUser) => {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM ai_email_embeddings x JOIN users u ON u.id = x.user_id
          WHERE u.username = ${user.username}`,
    );
    return row.n;
  };
  const search = async (query: string) => {
    const res = await owner.request({
      method: 'POST',
      url: '/api/tasks/ai-search/',
      payload: { query },
    });
    expect(res.statusCode, res.body).toBe(202);
    const task = await waitForTask(owner, res.json<{ task_id: string }>().task_id);
    expect(task.status, task.message).toBe('SUCCESS');
    const ids = (task.result as { results: { email_id: number }[] }).results.map((r) => r.email_id);
    const subjects = await queryRows<{ id: number; subject: string }>(
      t.database.db,
      sql`SELECT id::int AS id, subject FROM emails`,
    );
    return ids.map((id) => subjects.find((s) => s.id === id)!.subject);
  };

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    // Words of one meaning share a dimension, as a real embedding model would place them.
    fake.embed = (text) => hashedEmbedding(text.replace(/\b(wagen|pkw|fahrzeug)\b/gi, 'auto'));
    [t, dovecot] = await Promise.all([
      startTestApp(
        kind,
        {
          AI_BASE_URL: fake.url,
          AI_CHAT_MODEL: 'test-modell',
          AI_EMBEDDING_MODEL: 'test-embed',
          // Nothing here hangs: a loaded VM must never turn an answer of the fake into a timeout.
          AI_TIMEOUT_SECONDS: '15',
        },
        { jobs: true },
      ),
      startDovecot(),
    ]);
    const connect = async (user: ApiUser, messages: TestMessage[]) => {
      const address = `${user.username}@beispiel.de`;
      dovecot.addUser(address, 'pw');
      const imap = await imapClient(dovecot, address);
      await appendMessages(imap, 'INBOX', messages);
      await imap.logout();
      const account = (
        await user.request({
          method: 'POST',
          url: '/api/accounts/',
          payload: accountPayload(dovecot, address),
        })
      ).json<{ id: number }>();
      expect((await fetchAccount(user, account.id)).status).toBe('SUCCESS');
      return account.id;
    };
    owner = await registerApiUser(t.app, 'einbettung');
    stranger = await registerApiUser(t.app, 'einbettungfremd');
    accountId = await connect(owner, mailbox(`${owner.username}@beispiel.de`));
    await connect(stranger, [
      mail(
        'x@beispiel.de',
        'Fremdes Auto',
        'Das Auto des anderen Nutzers: FREMD-0815.',
        'Autohaus <info@autohaus.example>',
        '2026-10-05',
      ),
    ]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([t?.close(), dovecot?.stop(), fake?.close()]);
  });

  it('embeds fetched mail in the background, each user’s in requests of its own', async () => {
    await until(async () =>
      (await embedded(owner)) === 4 && (await embedded(stranger)) === 1 ? true : undefined,
    );
    // A fetch with new mail embeds it too.
    const imap = await imapClient(dovecot, `${owner.username}@beispiel.de`);
    await appendMessages(imap, 'INBOX', [
      mail(
        'x@beispiel.de',
        'Neuer Termin',
        'Zahnarzt am Montag.',
        'Praxis <p@x.example>',
        '2026-10-06',
      ),
    ]);
    await imap.logout();
    expect((await fetchAccount(owner, accountId)).status).toBe('SUCCESS');
    await until(async () => ((await embedded(owner)) === 5 ? true : undefined));
    const [vector] = await queryRows<{ bytes: number; model: string }>(
      t.database.db,
      sql`SELECT length(vector)::int AS bytes, model FROM ai_email_embeddings LIMIT 1`,
    );
    expect(vector).toEqual({ bytes: 64 * 4, model: 'test-embed' });
    expect(fake.embeddingRequests.length).toBeGreaterThan(0);
    // Every request since the start: the subject and the start of the text, one user's mail.
    for (const request of fake.embeddingRequests) {
      expect(request.model).toBe('test-embed');
      const strangers = request.input.filter((input) => input.includes('FREMD-0815'));
      expect(strangers.length === 0 || strangers.length === request.input.length).toBe(true);
      for (const input of request.input) expect(input.length).toBeLessThanOrEqual(2000);
    }
    const inputs = fake.embeddingRequests.flatMap((r) => r.input);
    expect(inputs.find((i) => i.startsWith('Ihre Bahnfahrt nach Hamburg\n'))).toHaveLength(2000);
    expect(inputs.filter((i) => i.includes('FREMD-0815'))).toHaveLength(1);
    // Nothing went to the chat model for this.
    expect(fake.requests).toHaveLength(0);
  });

  it('search ranks mail of similar wording, and falls back to BM25 when the model fails', async () => {
    await until(async () => ((await embedded(owner)) >= 4 ? true : undefined));
    fake.embeddingRequests.length = 0;
    // "Auto" is no word of the mail about the new "Wagen": the embeddings find it.
    const found = await search('Auto');
    expect(found[0]).toBe('Unser neuer Wagen ist da');
    expect(found).not.toContain('Fremdes Auto');
    expect(fake.embeddingRequests).toEqual([{ model: 'test-embed', input: ['Auto'] }]);
    // The words still count most: a query the text contains ranks that mail first.
    expect((await search('Telekom Rechnung'))[0]).toBe('Ihre Telekom Rechnung Oktober');

    fake.embed = () => ({ status: 500 });
    // Without the model only words rank: "Garage" is a word of the field of "Auto" (word
    // fields, ADR 0022), so the new car is still found, but no longer "Fremdes Auto" of the
    // stranger nor mail without such a word.
    expect(await search('Auto')).toEqual(['Unser neuer Wagen ist da']);
    expect(await search('Fahrzeugschein')).toEqual([]);
    expect((await search('Grillabend'))[0]).toBe('Grillabend am Samstag');
  });

  it('a question retrieves mail of similar wording for the model to answer from', async () => {
    const given = async () => {
      fake.requests.length = 0;
      fake.reply = () => ({ content: JSON.stringify({ found: false, answer: '', citations: [] }) });
      const res = await owner.request({
        method: 'POST',
        url: '/api/tasks/ai-question/',
        payload: { question: 'Wann kommt das Auto?' },
      });
      const task = await waitForTask(owner, res.json<{ task_id: string }>().task_id);
      expect(task.status, task.message).toBe('SUCCESS');
      const prompt = fake.requests[0]?.messages.find((m) => m.role === 'user')?.content ?? '';
      return prompt.includes('[{')
        ? (JSON.parse(prompt.slice(prompt.indexOf('[{'))) as { subject: string }[]).map(
            (m) => m.subject,
          )
        : [];
    };
    fake.embed = (text) => hashedEmbedding(text.replace(/\b(wagen|pkw|fahrzeug)\b/gi, 'auto'));
    expect(await given()).toContain('Unser neuer Wagen ist da');
    // Without the query's embedding, the words alone do not find it.
    fake.embed = () => ({ status: 500 });
    expect(await given()).not.toContain('Unser neuer Wagen ist da');
  });
});
