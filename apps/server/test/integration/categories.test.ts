import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import {
  DATABASE_KINDS,
  queryRows,
  startTestApp,
  type TestApp,
} from '@brieftaube/test-support/test-app.ts';

interface CategoryJson {
  id: number;
  name: string;
  description: string;
  color: string;
  account: number;
  email_count: number;
  unread_email_count: number;
}

describe.each(DATABASE_KINDS)('categories API on %s', (kind) => {
  let t: TestApp;
  let owner: ApiUser;
  let stranger: ApiUser;
  let accountId: number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await registerApiUser(t.app, 'kat');
    stranger = await registerApiUser(t.app, 'fremd');
    const account = await owner.request({
      method: 'POST',
      url: '/api/accounts/',
      payload: { email_address: 'kat@gmx.de', password: 'x' },
    });
    accountId = account.json<{ id: number }>().id;
  });
  afterAll(async () => t?.close());

  const create = (payload: object, user = owner) =>
    user.request({ method: 'POST', url: '/api/categories/', payload });
  const fields = (res: { json: <T>() => T }) =>
    res.json<{ error: { fields: Record<string, string[]> } }>().error.fields;

  it('creates a category with blue as the default colour and zero counts', async () => {
    const res = await create({
      account: accountId,
      name: 'Rechnungen',
      description: 'Rechnungen, Mahnungen und Zahlungsbestätigungen',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<CategoryJson>()).toMatchObject({
      name: 'Rechnungen',
      color: 'blue',
      account: accountId,
      email_count: 0,
      unread_email_count: 0,
    });
  });

  it('requires name and description (spec §5) and a known colour and account', async () => {
    const res = await create({ account: accountId, name: ' ', color: 'magenta' });
    expect(res.statusCode).toBe(400);
    expect(fields(res)).toEqual({
      name: ['REQUIRED'],
      description: ['REQUIRED'],
      color: ['COLOR_INVALID'],
    });
    // The German sentences of spec §5 come with the codes, for clients other than the web app.
    expect(res.json()).toMatchObject({
      error: {
        message:
          'Name ist erforderlich. Beschreibung ist erforderlich. Diese Farbe steht nicht zur Auswahl.',
        field_messages: {
          name: 'Name ist erforderlich',
          description: 'Beschreibung ist erforderlich',
        },
      },
    });
    // The spec's dialog names no account: a user with exactly one means that one…
    const implied = await create({ name: 'Ohne Konto', description: 'y', color: '' });
    expect(implied.statusCode).toBe(201);
    expect(implied.json<CategoryJson>()).toMatchObject({ account: accountId, color: 'blue' });
    await owner.request({
      method: 'DELETE',
      url: `/api/categories/${implied.json<CategoryJson>().id}/`,
    });
    // …a user with none (or several) has to say which.
    expect(fields(await create({ name: 'x', description: 'y' }, stranger))).toEqual({
      account: ['REQUIRED'],
    });
    expect(fields(await create({ account: 'abc', name: 'x', description: 'y' }))).toEqual({
      account: ['INVALID'],
    });
    const unknown = await create({ account: 999_999, name: 'x', description: 'y' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Das E-Mail-Konto wurde nicht gefunden.' },
    });
  });

  it('refuses a second category of the same name in one account', async () => {
    await create({ account: accountId, name: 'Reisen', description: 'Buchungen und Tickets' });
    const again = await create({ account: accountId, name: 'reisen', description: 'doppelt' });
    expect(fields(again)).toEqual({ name: ['CATEGORY_EXISTS'] });
    // The same letters in another Unicode spelling (a + combining diaeresis, as macOS types).
    const composed = await create({ account: accountId, name: 'Bücher', description: 'Lesen' });
    expect(composed.json<{ name: string }>().name).toBe('Bücher');
    const decomposed = await create({
      account: accountId,
      name: 'Bu\u0308cher',
      description: 'Lesen',
    });
    expect(fields(decomposed)).toEqual({ name: ['CATEGORY_EXISTS'] });
    const bücher = composed.json<{ id: number }>().id;
    await owner.request({ method: 'DELETE', url: `/api/categories/${bücher}/` });
  });

  it('counts its mail, edits and deletes; deleted categories leave mail uncategorised', async () => {
    const category = (
      await create({
        account: accountId,
        name: 'Verein',
        description: 'Sportverein',
        color: 'green',
      })
    ).json<CategoryJson>();
    const [folder] = await queryRows<{ id: number }>(
      t.database.db,
      sql`INSERT INTO folders (user_id, account_id, path, name, folder_type) SELECT user_id, id, 'INBOX', 'INBOX', 'inbox' FROM accounts WHERE id = ${accountId} RETURNING id`,
    );
    await t.database.db.execute(sql`
      INSERT INTO emails (user_id, account_id, folder_id, uid, subject, received_at, is_read, category_id, category_source)
      SELECT f.user_id, f.account_id, f.id, g, 'Mail ' || g, now(), g = 1, ${category.id}, 'user'
      FROM folders f, generate_series(1, 3) g WHERE f.id = ${folder.id}`);
    const got = await owner.request({ method: 'GET', url: `/api/categories/${category.id}/` });
    expect(got.json<CategoryJson>()).toMatchObject({ email_count: 3, unread_email_count: 2 });

    const patched = await owner.request({
      method: 'PATCH',
      url: `/api/categories/${category.id}/`,
      payload: { color: 'yellow-darken-2', description: 'Alles vom Verein' },
    });
    expect(patched.json<CategoryJson>()).toMatchObject({
      color: 'yellow-darken-2',
      description: 'Alles vom Verein',
      name: 'Verein',
    });

    const list = (
      await owner.request({ method: 'GET', url: `/api/categories/?account=${accountId}` })
    ).json<CategoryJson[]>();
    expect(list.map((c) => c.name)).toEqual(['Rechnungen', 'Reisen', 'Verein']);

    expect(
      (await owner.request({ method: 'DELETE', url: `/api/categories/${category.id}/` }))
        .statusCode,
    ).toBe(204);
    const [left] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM emails WHERE folder_id = ${folder.id} AND category_id IS NULL`,
    );
    expect(left.n).toBe(3);
  });

  it("hides other users' categories and does not find their accounts", async () => {
    const category = (
      await create({ account: accountId, name: 'Privat', description: 'Familie' })
    ).json<CategoryJson>();
    for (const call of [
      { method: 'GET', url: `/api/categories/${category.id}/` },
      { method: 'PATCH', url: `/api/categories/${category.id}/`, payload: { name: 'x' } },
      { method: 'DELETE', url: `/api/categories/${category.id}/` },
    ] as const) {
      expect((await stranger.request(call)).statusCode).toBe(404);
    }
    expect((await stranger.request({ method: 'GET', url: '/api/categories/' })).json()).toEqual([]);
    expect(
      (await create({ account: accountId, name: 'Fremd', description: 'x' }, stranger)).statusCode,
    ).toBe(404);
  });
});
