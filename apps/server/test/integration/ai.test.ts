import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { AiCancelledError } from '@brieftaube/server/ai/index.ts';
import type { ModelRows } from '@brieftaube/server/ai/local/categorize/model-rows.ts';
import { createModelCache } from '@brieftaube/server/ai/model-cache.ts';
import { codealltagMessages } from '@brieftaube/test-support/ai-mailbox.ts';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import { appendMessages, type TestMessage } from '@brieftaube/test-support/mailbox.ts';
import {
  accountPayload,
  fetchAccount,
  imapClient,
  waitForTask,
  type TaskStatus,
} from '@brieftaube/test-support/mail-fixtures.ts';
import {
  DATABASE_KINDS,
  queryRows,
  startTestApp,
  type TestApp,
} from '@brieftaube/test-support/test-app.ts';
import { day, ownMail } from '../fixtures/ai-own-mail.ts';

describe.each(DATABASE_KINDS)('AI tasks on %s', (kind) => {
  let t: TestApp;
  let dovecot: Dovecot;
  let owner: ApiUser;
  let stranger: ApiUser;
  let accountId: number;
  let strangerAccountId: number;
  let strangerEmailId: number;
  // Without AI_BASE_URL nothing of the AI may leave the machine: every fetch is counted.
  let fetches: MockInstance<typeof fetch>;

  const post = (user: ApiUser, url: string, payload: object = {}) =>
    user.request({ method: 'POST', url, payload });
  async function runTask(user: ApiUser, url: string, payload: object): Promise<TaskStatus> {
    const res = await post(user, url, payload);
    expect(res.statusCode, res.body).toBe(202);
    return waitForTask(user, res.json<{ task_id: string }>().task_id);
  }
  const ids = async (where: ReturnType<typeof sql>) =>
    (
      await queryRows<{ id: number }>(
        t.database.db,
        sql`SELECT id::int AS id FROM emails WHERE ${where} ORDER BY id`,
      ).catch(() => [] as { id: number }[])
    ).map((r) => r.id);

  async function connect(user: ApiUser, messages: TestMessage[], sent: TestMessage[] = []) {
    const address = `${user.username}@beispiel.de`;
    dovecot.addUser(address, 'pw');
    const imap = await imapClient(dovecot, address);
    await appendMessages(imap, 'INBOX', messages);
    if (sent.length) await appendMessages(imap, 'Sent', sent, ['\\Seen']);
    await imap.logout();
    const account = (await post(user, '/api/accounts/', accountPayload(dovecot, address))).json<{
      id: number;
    }>();
    expect((await fetchAccount(user, account.id)).status).toBe('SUCCESS');
    return { address, accountId: account.id };
  }

  beforeAll(async () => {
    fetches = vi.spyOn(globalThis, 'fetch');
    [t, dovecot] = await Promise.all([startTestApp(kind, {}, { jobs: true }), startDovecot()]);
    owner = await registerApiUser(t.app, 'kiuser');
    stranger = await registerApiUser(t.app, 'kifremd');
    const address = `${owner.username}@beispiel.de`;
    const sentToThomas: TestMessage[] = [
      {
        from: address,
        to: 'Thomas Weber <thomas.weber@web.de>',
        subject: 'Re: Fliesen',
        text: 'Moin Thomas,\n\nich kann dir die Fliesen am Samstag vorbeibringen. Passt dir das?\n\nBis dann\nKatrin',
        date: day('2026-09-20'),
      },
    ];
    ({ accountId } = await connect(
      owner,
      [...codealltagMessages(24, address), ...ownMail(address)],
      sentToThomas,
    ));
    ({ accountId: strangerAccountId } = await connect(stranger, [
      {
        from: 'Telekom Rechnung <rechnung@telekom.de>',
        subject: 'Ihre Telekom Rechnung für Oktober 2026 (fremd)',
        text: 'Rechnung des anderen Nutzers.',
        date: day('2026-10-03'),
      },
    ]));
    strangerEmailId = (await ids(sql`account_id = ${strangerAccountId}`))[0]!;
  }, 120_000);
  afterAll(async () => {
    fetches.mockRestore();
    await Promise.all([t?.close(), dovecot?.stop()]);
  });

  it('suggests a category description at once, from the name and the user’s own mail', async () => {
    const started = performance.now();
    const res = await post(owner, '/api/tasks/ai-category-description/', { name: 'Rechnungen' });
    const elapsed = performance.now() - started;
    expect(res.statusCode, res.body).toBe(200);
    const { status, suggestion } = res.json<{ status: string; suggestion: string }>();
    expect(status).toBe('SUCCESS');
    expect(suggestion).toMatch(/^Rechnungen, Zahlungsaufforderungen und Abrechnungen/);
    expect(suggestion).toContain('Telekom');
    expect(elapsed).toBeLessThan(300);
    // Another user's mail is no hint for this one's categories.
    const theirs = await post(stranger, '/api/tasks/ai-category-description/', { name: 'Umbau' });
    expect(theirs.json<{ suggestion: string }>().suggestion).not.toContain('Web');
    expect(
      (await post(owner, '/api/tasks/ai-category-description/', { name: ' ' })).statusCode,
    ).toBe(400);
  });

  it('categorises from descriptions and the user’s own filing, learns at once, never overrides the user', async () => {
    const create = async (name: string, description: string) =>
      (await post(owner, '/api/categories/', { account: accountId, name, description })).json<{
        id: number;
      }>().id;
    const finance = await create(
      'Finanzen',
      'Alles rund ums Geld: Bank, Konto, Aktien und Börse, Kredite, Versicherungen und Steuern.',
    );
    const travel = await create(
      'Reisen',
      'Urlaub und Reisen: Flüge, Bahn, Hotels, Ferienwohnungen, Reiseziele und Erfahrungen unterwegs.',
    );
    const financeMail = await ids(sql`account_id = ${accountId} AND message_id LIKE 'finance-%'`);
    const travelMail = await ids(sql`account_id = ${accountId} AND message_id LIKE 'travels-%'`);
    // The user files six of each (enough for the engine to calibrate its confidence on them);
    // one more "wrongly", to see that the AI keeps it.
    expect(financeMail).toHaveLength(24);
    const file = async (id: number, category: number | null) => {
      const res = await owner.request({
        method: 'PATCH',
        url: `/api/emails/${id}/`,
        payload: { category },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    for (const id of financeMail.slice(0, 6)) await file(id, finance);
    // Several at once, as the list's "Kategorie zuweisen" does: learned as one sum.
    const bulk = await owner.request({
      method: 'POST',
      url: '/api/emails/bulk/',
      payload: { ids: travelMail.slice(0, 6), action: 'categorize', category: travel },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    await file(financeMail[6]!, travel);
    // Learned at once: the user's rows hold the filed mails, before any categorisation run.
    const [learned] = await queryRows<{ docs: number }>(
      t.database.db,
      sql`SELECT docs FROM ai_category_totals WHERE category_id = ${finance} AND source = 'user'`,
    );
    expect(Number(learned.docs)).toBe(6);
    const [learnedTravel] = await queryRows<{ docs: number }>(
      t.database.db,
      sql`SELECT docs FROM ai_category_totals WHERE category_id = ${travel} AND source = 'user'`,
    );
    expect(Number(learnedTravel.docs)).toBe(7);
    // Taken back out: the counts follow.
    await file(financeMail[2]!, null);
    await file(financeMail[2]!, finance);

    const task = await runTask(owner, '/api/tasks/ai-categorize/', { account_id: accountId });
    expect(task.status, task.message).toBe('SUCCESS');
    expect(task.task_type).toBe('AI_CATEGORIZE');
    expect(task.message).toMatch(/^Kategorisierung abgeschlossen: \d+ E-Mails einsortiert/);
    const result = task.result as {
      categorized: number;
      uncertain: number;
      per_category: Record<string, number>;
    };
    const filed = await queryRows<{
      id: number;
      category_id: number;
      source: string;
      confidence: number | null;
      message_id: string;
    }>(
      t.database.db,
      sql`SELECT id::int AS id, category_id, category_source AS source, category_confidence AS confidence, message_id
          FROM emails WHERE account_id = ${accountId} AND category_id IS NOT NULL`,
    );
    const byAi = filed.filter((r) => r.source === 'ai');
    expect(byAi.length).toBe(result.categorized);
    expect(result.categorized).toBeGreaterThanOrEqual(1);
    expect(result.per_category[finance]! + result.per_category[travel]!).toBe(result.categorized);
    for (const row of byAi) expect(row.confidence).toBeGreaterThanOrEqual(0.9);
    // Precision of what it filed, on the labelled mail.
    const labelled = byAi.filter((r) => r.message_id.endsWith('@codealltag'));
    const right = labelled.filter(
      (r) => (r.category_id === finance) === r.message_id.startsWith('finance-'),
    );
    // Better than chance on 48 forum mails and 13 examples (7 of 12 right when written): the
    // engine's precision at scale is the eval's figure (ADR 0022), not this tiny mailbox's.
    expect(right.length / labelled.length).toBeGreaterThan(0.5);
    // The user's choices stand, the "wrong" one included.
    const mine = filed.filter((r) => r.source === 'user');
    expect(mine.map((r) => r.id).sort((a, b) => a - b)).toEqual(
      [...financeMail.slice(0, 7), ...travelMail.slice(0, 6)].sort((a, b) => a - b),
    );
    expect(mine.find((r) => r.id === financeMail[6])!.category_id).toBe(travel);

    // The stored rows give the same model in any process: classifying the AI's mail again from
    // them (no retraining for named mails) gives the same categories and confidences.
    const recheck = await runTask(owner, '/api/tasks/ai-categorize/', {
      email_pks: byAi.map((r) => r.id),
      reclassify_uncategorized_only: false,
    });
    expect(recheck.result).toMatchObject({ categorized: byAi.length, uncertain: 0 });
    const rechecked = await queryRows<{ id: number; category_id: number; confidence: number }>(
      t.database.db,
      sql`SELECT id::int AS id, category_id, category_confidence AS confidence FROM emails
          WHERE category_source = 'ai' AND account_id = ${accountId}`,
    );
    for (const row of byAi) {
      const again = rechecked.find((r) => r.id === row.id)!;
      expect(again.category_id).toBe(row.category_id);
      expect(again.confidence).toBeCloseTo(row.confidence!, 5);
    }

    // A mail the user takes out of the AI's category stays out: 'Ohne Kategorie' is the user's
    // choice, for a run over all mail as for one over uncategorised mail.
    const undone = byAi[0]!.id;
    await file(undone, null);
    for (const uncategorizedOnly of [true, false]) {
      const run = await runTask(owner, '/api/tasks/ai-categorize/', {
        account_id: accountId,
        reclassify_uncategorized_only: uncategorizedOnly,
      });
      expect(run.status, run.message).toBe('SUCCESS');
      const [kept] = await queryRows<{ category_id: number | null; source: string | null }>(
        t.database.db,
        sql`SELECT category_id, category_source AS source FROM emails WHERE id = ${undone}`,
      );
      expect(kept).toEqual({ category_id: null, source: 'user' });
    }

    // Mail the AI filed before and is no longer sure of goes back, and the card says so.
    const [unsure] = await queryRows<{ id: number }>(
      t.database.db,
      sql`SELECT id::int AS id FROM emails WHERE account_id = ${accountId}
            AND category_id IS NULL AND category_source IS NULL ORDER BY id LIMIT 1`,
    );
    await t.database.db.execute(
      sql`UPDATE emails SET category_id = ${finance}, category_source = 'ai',
            category_confidence = 0.95 WHERE id = ${unsure.id}`,
    );
    const back = await runTask(owner, '/api/tasks/ai-categorize/', {
      email_pks: [unsure.id],
      reclassify_uncategorized_only: false,
    });
    expect(back.result).toMatchObject({ categorized: 0, uncertain: 1, taken_back: 1 });
    expect(back.message).toBe(
      'Kategorisierung abgeschlossen: 0 E-Mails einsortiert, 1 unsicher (in „Ohne Kategorie“, aus ihrer bisherigen Kategorie genommen).',
    );
    const [returned] = await queryRows<{ category_id: number | null }>(
      t.database.db,
      sql`SELECT category_id FROM emails WHERE id = ${unsure.id}`,
    );
    expect(returned.category_id).toBeNull();

    // Only uncategorised mail, and only the user's own ids.
    const again = await runTask(owner, '/api/tasks/ai-categorize/', {
      account_id: accountId,
      email_pks: financeMail.slice(8, 12),
      reclassify_uncategorized_only: true,
    });
    expect(again.status, again.message).toBe('SUCCESS');
    const foreign = await post(owner, '/api/tasks/ai-categorize/', {
      email_pks: [strangerEmailId],
    });
    expect(foreign.statusCode).toBe(404);
    const foreignAccount = await post(owner, '/api/tasks/ai-categorize/', {
      account_id: strangerAccountId,
    });
    expect(foreignAccount.statusCode).toBe(404);
    // Without a category there is nothing to file into, and the card says what to do.
    const none = await runTask(stranger, '/api/tasks/ai-categorize/', {});
    expect(none.status, none.message).toBe('SUCCESS');
    expect(none.message).toBe(
      'Kategorisierung abgeschlossen: 0 E-Mails einsortiert. Dieses Konto hat noch keine Kategorien. Legen Sie zuerst eine Kategorie mit einer kurzen Beschreibung an; danach sortiert die KI Ihre E-Mails ein.',
    );
  });

  it('keeps a trained model between new-mail runs and is never stale for it', async () => {
    const repo = t.services.ai.repo;
    const models = createModelCache(repo);
    const read = vi.spyOn(repo, 'modelRows');
    try {
      const uncached = async () => createModelCache(repo).load(accountId);
      const first = (await models.load(accountId))!;
      expect(first.terms.filter((r) => r.source === 'background').length).toBeGreaterThan(100);
      expect(first).toEqual(await uncached());
      read.mockClear();
      // The next run reads only the user's own rows.
      expect(await models.load(accountId)).toEqual(first);
      expect(read.mock.calls.map(([, part]) => part)).toEqual(['user']);

      // A correction counts at once.
      const [mail] = await ids(sql`account_id = ${accountId} AND category_id IS NULL`);
      const [category] = await queryRows<{ id: number }>(
        t.database.db,
        sql`SELECT id FROM categories WHERE account_id = ${accountId} ORDER BY id LIMIT 1`,
      );
      const userDocs = (rows: ModelRows) =>
        rows.totals.find((r) => r.categoryId === category.id && r.source === 'user')!.docs;
      const before = userDocs(first);
      const res = await owner.request({
        method: 'PATCH',
        url: `/api/emails/${mail}/`,
        payload: { category: category.id },
      });
      expect(res.statusCode, res.body).toBe(200);
      const corrected = (await models.load(accountId))!;
      expect(userDocs(corrected)).toBe(before + 1);
      expect(corrected).toEqual(await uncached());

      // Trained again (in any process: trained_at changes): its new rows are read.
      const run = await runTask(owner, '/api/tasks/ai-categorize/', { account_id: accountId });
      expect(run.status, run.message).toBe('SUCCESS');
      read.mockClear();
      const retrained = (await models.load(accountId))!;
      expect(read.mock.calls.map(([, part]) => part).sort()).toEqual(['trained', 'user']);
      expect(retrained.trainedAt.getTime()).toBeGreaterThan(first.trainedAt.getTime());
      expect(retrained).toEqual(await uncached());
      // Back as it was for the tests after this one: out of the category, and nobody's choice.
      const undo = await owner.request({
        method: 'PATCH',
        url: `/api/emails/${mail}/`,
        payload: { category: null },
      });
      expect(undo.statusCode, undo.body).toBe(200);
      await t.database.db.execute(sql`UPDATE emails SET category_source = NULL WHERE id = ${mail}`);
    } finally {
      read.mockRestore();
    }
  });

  it('a categorisation run reports its progress and stops where it was revoked, leaving the mail as it was', async () => {
    const filing = sql`SELECT id::int AS id, category_id AS c, category_source AS s,
      category_confidence AS p FROM emails WHERE account_id = ${accountId} ORDER BY id`;
    const before = await queryRows(t.database.db, filing);
    const [user] = await queryRows<{ id: string }>(
      t.database.db,
      sql`SELECT user_id AS id FROM accounts WHERE id = ${accountId}`,
    );
    const reports: string[] = [];
    // Revoked right after the first page was read: the run must stop there, train nothing and
    // file nothing.
    const progress = {
      report: async (_percent: number, message: string) => void reports.push(message),
      isCancelled: async () => true,
    };
    await expect(
      t.services.ai.categorize(
        user.id,
        { accountIds: [accountId], reclassifyUncategorizedOnly: false },
        progress,
      ),
    ).rejects.toBeInstanceOf(AiCancelledError);
    expect(reports[0]).toBe('E-Mails werden gelesen …');
    expect(reports).not.toContain('Die KI lernt aus Ihren Kategorien …');
    expect(await queryRows(t.database.db, filing)).toEqual(before);
    // Not revoked, the same run says how far it got while reading and filing.
    const done: string[] = [];
    await t.services.ai.categorize(
      user.id,
      { accountIds: [accountId], reclassifyUncategorizedOnly: true },
      { report: async (_p, message) => void done.push(message), isCancelled: async () => false },
    );
    expect(done.some((m) => /^E-Mails werden gelesen … \(\d+ von \d+\)$/.test(m))).toBe(true);
    expect(done.some((m) => /^E-Mails werden einsortiert … \(0 von \d+\)$/.test(m))).toBe(true);
  });

  it('searches in natural German with filters and ranking, only in the user’s mail', async () => {
    const task = await runTask(owner, '/api/tasks/ai-search/', {
      query: 'Rechnungen von der Telekom aus dem Oktober',
    });
    expect(task.status, task.message).toBe('SUCCESS');
    expect(task.task_type).toBe('AI_SEARCH');
    const result = task.result as {
      interpretation: string;
      results: {
        email_id: number;
        score: number;
        snippet: string;
        subject: string;
        from: string;
        date: string;
      }[];
    };
    expect(result.interpretation).toMatch(/^Gesucht: .*Oktober 2026/);
    const octoberInvoice = await ids(sql`message_id = 'telekom-3@telekom.de'`);
    expect(result.results.map((r) => r.email_id)).toEqual(octoberInvoice);
    expect(result.results[0]!.snippet).toContain('Mobilfunkrechnung');
    // What the app lists a hit with, without asking for each mail.
    expect(result.results[0]!.subject).toMatch(/Rechnung/);
    expect(result.results[0]!.from).toContain('telekom.de');
    expect(result.results[0]!.date).toMatch(/^2026-10-/);
    expect(task.message).toBe('KI-Suche abgeschlossen: 1 Treffer.');

    // Only the best are listed: that more match is said, not a count of the listed.
    const everything = await runTask(owner, '/api/tasks/ai-search/', { query: 'alle E-Mails' });
    const total = (await ids(sql`account_id = ${accountId}`)).length;
    expect(total).toBeGreaterThan(20);
    expect(everything.result).toMatchObject({ more: true });
    expect((everything.result as { results: unknown[] }).results).toHaveLength(20);
    expect(everything.message).toBe(
      'KI-Suche abgeschlossen: die 20 besten Treffer, es gibt weitere.',
    );

    const umbau = (
      await runTask(owner, '/api/tasks/ai-search/', { query: 'Mails von Thomas zum Umbau' })
    ).result as { results: { email_id: number }[] };
    const thomas = await ids(sql`message_id LIKE 'thomas-%'`);
    expect(umbau.results.length).toBeGreaterThan(0);
    for (const hit of umbau.results) expect(thomas).toContain(hit.email_id);
    // A day the mail is about, not the day it came: Thomas wrote on 19 October that the worktop
    // comes on the 20th. No mail of the 20th says so: the mail that names it, and the line says so.
    const named = (
      await runTask(owner, '/api/tasks/ai-search/', { query: 'Arbeitsplatte am 20. Oktober' })
    ).result as { interpretation: string; results: { email_id: number }[] };
    expect(named.results[0]?.email_id).toBe((await ids(sql`message_id = 'thomas-2@web.de'`))[0]);
    expect(named.interpretation).toMatch(/an diesem Tag kam keine passende E-Mail/);
    // Typed without the umlaut, "Kuechenumbau" is the "Küchenumbau" of Thomas's mail.
    const typed = (await runTask(owner, '/api/tasks/ai-search/', { query: 'Kuechenumbau' }))
      .result as { results: { email_id: number }[] };
    expect(typed.results.length).toBeGreaterThan(0);
    expect(thomas).toContain(typed.results[0]!.email_id);
    // No mail says "Sendungsverfolgung": DHL's "Paket" is of its word field, and the line says
    // that what was typed is in none of the mails shown.
    const tracking = (
      await runTask(owner, '/api/tasks/ai-search/', { query: 'Sendungsverfolgung' })
    ).result as { interpretation: string; results: { email_id: number }[] };
    expect(tracking.results.map((r) => r.email_id)).toEqual(
      await ids(sql`message_id = 'dhl-1@dhl.de'`),
    );
    expect(tracking.interpretation).toBe(
      'Gesucht: Sendungsverfolgung – keine E-Mail enthält die gesuchten Wörter; gezeigt werden E-Mails mit verwandten Begriffen',
    );

    // "an": to whom the mail went (To or Cc), here the user's own mail to Thomas.
    const toThomas = (await runTask(owner, '/api/tasks/ai-search/', { query: 'Mails an Thomas' }))
      .result as { interpretation: string; results: { email_id: number }[] };
    expect(toThomas.interpretation).toBe('Gesucht: alle E-Mails · an Thomas');
    expect(toThomas.results.map((r) => r.email_id)).toEqual(
      await ids(sql`account_id = ${accountId} AND subject = 'Re: Fliesen'`),
    );

    // A day is the user's day: the heating bill came at 09:00 UTC on 2 November, which is
    // that day in Berlin but still 1 November in American Samoa (UTC−11).
    const onDay = async (timeZone: string) => {
      const res = await owner.request({
        method: 'POST',
        url: '/api/tasks/ai-search/',
        payload: { query: 'Rechnungen vom 2.11.2026' },
        headers: { 'x-time-zone': timeZone },
      });
      expect(res.statusCode, res.body).toBe(202);
      const done = await waitForTask(owner, res.json<{ task_id: string }>().task_id);
      return (done.result as { results: { email_id: number }[] }).results.map((r) => r.email_id);
    };
    const krause = await ids(sql`message_id = 'krause-117@krause-haustechnik.de'`);
    expect(await onDay('Europe/Berlin')).toEqual(krause);
    expect(await onDay('Pacific/Pago_Pago')).toEqual([]);

    const theirs = (await runTask(stranger, '/api/tasks/ai-search/', { query: 'Telekom Rechnung' }))
      .result as { results: { email_id: number }[] };
    expect(theirs.results.map((r) => r.email_id)).toEqual([strangerEmailId]);
  });

  it('answers questions from the mail with sources, counts exactly, and says when it finds nothing', async () => {
    const count = await runTask(owner, '/api/tasks/ai-question/', {
      question: 'Wie viele Mails hat mir Thomas Weber im Oktober geschrieben?',
    });
    expect(count.status, count.message).toBe('SUCCESS');
    expect(count.task_type).toBe('AI_QUESTION');
    const counted = count.result as { answer: string; sources: { email_id: number }[] };
    expect(counted.answer).toMatch(/^Ich habe 3 E-Mails gefunden/);
    expect(counted.sources).toHaveLength(3);
    // A day the question is about, not one on which mail came: answered from the mail that
    // names it (Thomas wrote on 19 October that the worktop comes on the 20th).
    const delivery = (
      await runTask(owner, '/api/tasks/ai-question/', {
        question: 'Was wird am 20. Oktober geliefert?',
      })
    ).result as { answer: string; sources: { email_id: number }[] };
    expect(delivery.sources[0]!.email_id).toBe((await ids(sql`message_id = 'thomas-2@web.de'`))[0]);
    expect(delivery.answer).toContain('Arbeitsplatte');
    // German questions on sums, deadlines, numbers, the newest mail and the user's own words.
    const ask = async (question: string) =>
      (await runTask(owner, '/api/tasks/ai-question/', { question })).result as {
        answer: string;
        sources: { email_id: number }[];
      };
    const krause = await ids(sql`message_id = 'krause-117@krause-haustechnik.de'`);
    const sum = await ask('Wie hoch ist die Rechnung von Sanitär Krause?');
    // A sentence in the first person is quoted with who wrote it.
    expect(sum.answer).toBe(
      'Sanitär Krause schreibt: „Für die Wartung Ihrer Heizung am 28. Oktober berechnen wir 249,90 €.“',
    );
    expect(sum.sources.map((s) => s.email_id)).toEqual(krause);
    expect((await ask('Bis wann muss ich die Heizungswartung bezahlen?')).answer).toBe(
      'Bitte überweisen Sie den Betrag bis zum 30. November 2026.',
    );
    expect((await ask('Wann wird die Telekom-Rechnung abgebucht?')).answer).toBe(
      'Der Betrag wird am 15. abgebucht.',
    );
    expect((await ask('Welche Paketnummer hat meine Sendung?')).answer).toBe(
      '00340434161094042557',
    );
    expect((await ask('Wann hat Thomas mir zuletzt geschrieben?')).answer).toBe(
      'Die letzte E-Mail von Thomas Weber kam am Montag, 19. Oktober 2026 um 11:00 Uhr: „Re: Küchenumbau“.',
    );
    expect((await ask('Was habe ich Thomas geschrieben?')).answer).toBe(
      'Sie haben geschrieben: „Ich kann dir die Fliesen am Samstag vorbeibringen.“',
    );
    // "bis Freitag" in a question is a deadline the mail speaks of, not the day it came: asked
    // on Friday 30 October, the heating bill of 2 November still answers it.
    const [{ id: ownerId }] = await queryRows<{ id: string }>(
      t.database.db,
      sql`SELECT id FROM users WHERE username = ${owner.username}`,
    );
    const friday = await t.services.ai.question(
      ownerId,
      'Was muss ich bis Freitag überweisen?',
      new Date('2026-10-30T12:00:00Z'),
      'Europe/Berlin',
    );
    expect(friday.answer).toBe('Bitte überweisen Sie den Betrag bis zum 30. November 2026.');
    // And the other way: what the user sent to Thomas (one mail, in Sent).
    const written = (
      await runTask(owner, '/api/tasks/ai-question/', {
        question: 'Wie viele Mails habe ich an Thomas Weber geschickt?',
      })
    ).result as { answer: string; sources: { email_id: number }[] };
    expect(written.answer).toBe('Ich habe 1 E-Mail gefunden (an Thomas Weber).');
    expect(written.sources.map((s) => s.email_id)).toEqual(
      await ids(sql`account_id = ${accountId} AND subject = 'Re: Fliesen'`),
    );

    // Counting with a topic: every mail that names it, inflected or in a compound ("Rechnungen"
    // counts "Rechnung" and "Mobilfunkrechnung"), checked here against the stored text.
    const all = await queryRows<{ text: string }>(
      t.database.db,
      sql`SELECT e.subject || ' ' || coalesce(e.body_text, '') AS text FROM emails e
          JOIN folders f ON f.id = e.folder_id
          WHERE e.account_id = ${accountId}
            AND f.folder_type NOT IN ('trash', 'spam', 'sent', 'drafts')`,
    );
    const invoices = all.filter((m) => m.text.toLowerCase().includes('rechnung')).length;
    expect(invoices).toBeGreaterThanOrEqual(5);
    const invoiceCount = (
      await runTask(owner, '/api/tasks/ai-question/', {
        question: 'Wie viele Rechnungen habe ich bekommen?',
      })
    ).result as { answer: string };
    expect(invoiceCount.answer).toMatch(new RegExp(`^Ich habe ${invoices} E-Mails gefunden`));

    // Listing: the open invoice, not the four the Telekom debits.
    const open = (
      await runTask(owner, '/api/tasks/ai-question/', {
        question: 'Welche Rechnungen sind noch offen?',
      })
    ).result as { answer: string; sources: { email_id: number }[] };
    expect(open.answer).toContain(
      'Rechnung Nr. 2026-117: Wartung Ihrer Heizung – Sanitär Krause, 249,90 €',
    );
    expect(open.answer).not.toContain('Telekom');
    expect(open.sources.map((s) => s.email_id)).toEqual(
      await ids(sql`message_id = 'krause-117@krause-haustechnik.de'`),
    );
    // "muss ich bezahlen" asks for the open ones too.
    expect((await ask('Welche Rechnungen muss ich noch bezahlen?')).answer).toBe(open.answer);
    // What the user sent is the Sent folder; what they got is everything else.
    const sentCount = (
      await ids(sql`account_id = ${accountId} AND folder_id IN (
        SELECT id FROM folders WHERE folder_type = 'sent')`)
    ).length;
    expect(sentCount).toBeGreaterThan(0);
    expect((await ask('Wie viele E-Mails habe ich gesendet?')).answer).toBe(
      `Ich habe ${sentCount === 1 ? '1 E-Mail' : `${sentCount} E-Mails`} gefunden (gesendet).`,
    );
    // A day's mail, listed: what came that day (asked on 2 November, "gestern" is the 1st).
    const yesterday = await t.services.ai.question(
      ownerId,
      'Was habe ich gestern bekommen?',
      new Date('2026-11-03T12:00:00Z'),
      'Europe/Berlin',
    );
    const onSecond = await ids(sql`account_id = ${accountId}
        AND mail_date >= '2026-11-01T23:00:00Z' AND mail_date < '2026-11-02T23:00:00Z'
        AND folder_id NOT IN (SELECT id FROM folders WHERE folder_type IN ('sent', 'drafts'))`);
    expect(onSecond.length).toBeGreaterThan(0);
    expect(yesterday.answer).toMatch(/^Ich habe \d+ E-Mails? gefunden \(.*erhalten\):\n• /);
    expect(yesterday.sources.map((s) => s.email_id).sort((a, b) => a - b)).toEqual(onSecond);
    // An empty category named as such is an empty category, not a word to look for.
    const emptyCategory = await owner.request({
      method: 'POST',
      url: '/api/categories/',
      payload: { account: accountId, name: 'Heizung', description: 'Heizung und Wartung' },
    });
    expect(emptyCategory.statusCode, emptyCategory.body).toBe(201);
    try {
      expect((await ask('Wie viele E-Mails sind in der Kategorie Heizung?')).answer).toBe(
        'Dazu habe ich in Ihren E-Mails nichts gefunden.',
      );
      // Without the word "Kategorie" it is the topic, and the answer says so.
      expect((await ask('Wie viele Mails zur Heizung?')).answer).toMatch(
        /^Ich habe \d+ E-Mails? gefunden \(„Heizung“ im Text\)\.$/,
      );
    } finally {
      await owner.request({
        method: 'DELETE',
        url: `/api/categories/${emptyCategory.json<{ id: number }>().id}/`,
      });
    }
    const listed = (
      await runTask(owner, '/api/tasks/ai-question/', {
        question: 'Zeig mir alle Mails von Thomas Weber',
      })
    ).result as { answer: string; sources: { email_id: number }[] };
    expect(listed.answer).toMatch(/^Ich habe 3 E-Mails gefunden \(von Thomas Weber\):\n• /);
    expect(listed.sources.map((s) => s.email_id).sort((a, b) => a - b)).toEqual(
      await ids(sql`message_id LIKE 'thomas-%'`),
    );

    const paket = (
      await runTask(owner, '/api/tasks/ai-question/', { question: '📦 Wann kommt mein Paket?' })
    ).result as { answer: string; sources: { email_id: number; subject: string; quote: string }[] };
    expect(paket.answer).toMatch(/29\. Oktober|Donnerstag|10:00/);
    expect(paket.sources[0]).toMatchObject({ subject: 'Ihr Paket kommt morgen' });

    const none = await runTask(owner, '/api/tasks/ai-question/', {
      question: 'Wann ist der Zahnarzttermin bei Dr. Hoffmann?',
    });
    expect(none.result).toEqual({
      answer: 'Dazu habe ich in Ihren E-Mails nichts gefunden.',
      sources: [],
    });
    // The invitation names no date: no answer is made up, and the mail the question is about
    // is shown (as Gmail would), with the sentence that names its topic.
    const festTask = await runTask(owner, '/api/tasks/ai-question/', {
      question: 'Wann ist das Sommerfest?',
    });
    expect(festTask.message).toBe('Keine Antwort gefunden, aber eine E-Mail zum Thema.');
    const fest = festTask.result as {
      answer: string;
      sources: { subject: string; quote: string }[];
    };
    expect(fest.answer).toBe(
      'Eine Antwort darauf habe ich in Ihren E-Mails nicht gefunden. Darum geht es in „Einladung zum Sommerfest“ von Gartenfreunde Nord.',
    );
    expect(fest.sources).toEqual([
      expect.objectContaining({
        subject: 'Einladung zum Sommerfest',
        quote: 'wir feiern wieder unser Sommerfest im Vereinsgarten.',
      }),
    ]);
    // The stranger asks about the owner's mail: nothing of it comes back.
    const theirs = (
      await runTask(stranger, '/api/tasks/ai-question/', { question: 'Wann kommt mein Paket?' })
    ).result as { sources: unknown[] };
    expect(theirs.sources).toEqual([]);
  });

  it('suggests a reply in the register the user wrote to these recipients before', async () => {
    const task = await runTask(owner, '/api/tasks/ai-suggestion/', {
      to_recipients: ['thomas.weber@web.de'],
      subject: 'Re: Küchenumbau: Angebot vom Schreiner',
      context: 'Hallo, der Schreiner hat sein Angebot geschickt. Was meinst du dazu?',
    });
    expect(task.status, task.message).toBe('SUCCESS');
    expect(task.task_type).toBe('AI_SUGGESTION');
    const { suggestion } = task.result as { suggestion: string };
    expect(suggestion).toMatch(/^Moin Thomas,/);
    expect(suggestion).toContain('danke für deine Nachricht');
    expect(suggestion).toMatch(/Bis dann$/);
  });

  it('proposes categories from clusters of uncategorised mail; accept files it, dismiss drops it', async () => {
    const task = await runTask(owner, '/api/tasks/cluster-refine/', { account_id: accountId });
    expect(task.status, task.message).toBe('SUCCESS');
    expect(task.task_type).toBe('CLUSTER_REFINE');
    const { proposals } = task.result as {
      proposals: {
        id: number;
        name: string;
        description: string;
        size: number;
        sample_email_ids: number[];
      }[];
    };
    expect(proposals.length).toBeGreaterThan(0);
    for (const p of proposals) {
      expect(p.size).toBeGreaterThanOrEqual(p.sample_email_ids.length);
      expect(p.description).toMatch(/^E-Mails /);
    }
    const [first, second] = proposals;
    expect(
      (await post(stranger, `/api/tasks/cluster-refine/proposals/${first!.id}/accept/`)).statusCode,
    ).toBe(404);
    expect(
      (await post(stranger, '/api/tasks/cluster-refine/', { account_id: accountId })).statusCode,
    ).toBe(404);
    // The open proposals, with samples the app can list; a stranger sees none of them.
    const listed = (
      await owner.request({
        method: 'GET',
        url: `/api/tasks/cluster-refine/proposals/?account_id=${accountId}`,
      })
    ).json<{
      proposals: { id: number; samples: { email_id: number; subject: string; from: string }[] }[];
    }>();
    expect(listed.proposals.map((p) => p.id)).toEqual(proposals.map((p) => p.id));
    expect(listed.proposals[0]!.samples.map((m) => m.email_id)).toEqual(first!.sample_email_ids);
    expect(listed.proposals[0]!.samples[0]!.from).toMatch(/@/);
    const strangers = await stranger.request({
      method: 'GET',
      url: '/api/tasks/cluster-refine/proposals/',
    });
    expect(strangers.json<{ proposals: unknown[] }>().proposals).toEqual([]);

    // Renamed before accepting: the category takes the user's name.
    const accepted = await post(owner, `/api/tasks/cluster-refine/proposals/${first!.id}/accept/`, {
      name: '  Meine Auswahl ',
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const category = accepted.json<{ id: number; name: string; email_count: number }>();
    expect(category.name).toBe('Meine Auswahl');
    expect(category.email_count).toBeGreaterThan(0);
    if (second) {
      const dismissed = await post(
        owner,
        `/api/tasks/cluster-refine/proposals/${second.id}/dismiss/`,
      );
      expect(dismissed.statusCode).toBe(204);
      expect(
        (await post(owner, `/api/tasks/cluster-refine/proposals/${second.id}/accept/`)).statusCode,
      ).toBe(404);
    }

    // Once the account's mail is filed, a new run has nothing to propose, and the proposals of
    // the last run go too: accepting one would create an empty category.
    const unfiled = await queryRows<{ id: number }>(
      t.database.db,
      sql`SELECT id::int AS id FROM emails WHERE account_id = ${accountId} AND category_id IS NULL`,
    );
    const ids = sql.join(
      unfiled.map((r) => sql`${r.id}`),
      sql`, `,
    );
    await t.database.db.execute(
      sql`UPDATE emails SET category_id = ${category.id}, category_source = 'user' WHERE id IN (${ids})`,
    );
    const openBefore = (
      await owner.request({
        method: 'GET',
        url: `/api/tasks/cluster-refine/proposals/?account_id=${accountId}`,
      })
    ).json<{ proposals: unknown[] }>().proposals;
    expect(openBefore).toHaveLength(proposals.length - (second ? 2 : 1));
    try {
      const again = await runTask(owner, '/api/tasks/cluster-refine/', { account_id: accountId });
      expect(again.result).toEqual({ proposals: [] });
      const left = await owner.request({
        method: 'GET',
        url: `/api/tasks/cluster-refine/proposals/?account_id=${accountId}`,
      });
      expect(left.json<{ proposals: unknown[] }>().proposals).toEqual([]);
    } finally {
      await t.database.db.execute(
        sql`UPDATE emails SET category_id = NULL, category_source = NULL WHERE id IN (${ids})`,
      );
    }
  });

  it('files newly fetched mail of an account with categories on its own', async () => {
    const imap = await imapClient(dovecot, `${owner.username}@beispiel.de`);
    const [mail] = codealltagMessages(40, 'x@beispiel.de').slice(30, 31);
    await appendMessages(imap, 'INBOX', [mail!]);
    await imap.logout();
    const aiTasks = async () =>
      Object.values(
        (await owner.request({ method: 'GET', url: '/api/status/all-tasks/' })).json<
          Record<string, TaskStatus & { task_id: string }>
        >(),
      ).filter((task) => task.task_type === 'AI_CATEGORIZE');
    const before = new Set((await aiTasks()).map((task) => task.task_id));
    await fetchAccount(owner, accountId);
    // Queued before the fetch reports SUCCESS: listed as soon as the fetch is seen to end.
    const auto = (await aiTasks()).find((task) => !before.has(task.task_id));
    expect(auto).toBeDefined();
    const done = await waitForTask(owner, auto!.task_id);
    expect(done.status, done.message).toBe('SUCCESS');
    // Only the new mail, by the stored model: no retraining over the whole account.
    const result = done.result as { categorized: number; uncertain: number };
    expect(result.categorized + result.uncertain).toBe(1);
  });

  it('categorises every account when the call has no body, and the run can be undone', async () => {
    const state = async () =>
      queryRows<{ id: number; category: number | null; source: string | null }>(
        t.database.db,
        sql`SELECT e.id::int AS id, e.category_id AS category, e.category_source AS source
            FROM emails e JOIN accounts a ON a.id = e.account_id
            WHERE a.id = ${accountId} ORDER BY e.id`,
      );
    // What earlier runs filed is taken back first, so that this run has something to do.
    await t.database.db.execute(
      sql`UPDATE emails SET category_id = NULL, category_source = NULL, category_confidence = NULL
          WHERE account_id = ${accountId} AND category_source = 'ai'`,
    );
    const before = await state();
    const res = await owner.request({ method: 'POST', url: '/api/tasks/ai-categorize/' });
    expect(res.statusCode, res.body).toBe(202);
    const runId = res.json<{ task_id: string }>().task_id;
    const done = await waitForTask(owner, runId);
    expect(done.status, done.message).toBe('SUCCESS');
    const after = await state();
    const filed = after.filter((m) => m.source === 'ai');
    expect(filed.length).toBeGreaterThan(1);
    expect(filed.length).toBe((done.result as { categorized: number }).categorized);

    // The user corrects one of them; a stranger cannot undo the run.
    const corrected = filed[0]!;
    const other = after.find((m) => m.category !== null && m.category !== corrected.category);
    expect(other).toBeDefined();
    const patched = await owner.request({
      method: 'PATCH',
      url: `/api/emails/${corrected.id}/`,
      payload: { category: other!.category },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await post(stranger, `/api/tasks/ai-categorize/${runId}/undo/`)).statusCode).toBe(404);

    const undone = await post(owner, `/api/tasks/ai-categorize/${runId}/undo/`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json<{ restored: number }>().restored).toBe(filed.length - 1);
    const restored = await state();
    for (const mail of restored)
      if (mail.id === corrected.id)
        expect(mail).toEqual({ id: mail.id, category: other!.category, source: 'user' });
      else expect(mail).toEqual(before.find((m) => m.id === mail.id));
    // Undone once: a second time restores nothing.
    const again = await post(owner, `/api/tasks/ai-categorize/${runId}/undo/`);
    expect(again.json<{ restored: number }>().restored).toBe(0);
  });

  it('made no network request for the AI: no model is configured', () => {
    expect(fetches).not.toHaveBeenCalled();
  });
});
