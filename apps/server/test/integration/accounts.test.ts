import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import { freePort } from '@brieftaube/test-support/ports.ts';
import { startSmtpServer, type TestSmtpServer } from '@brieftaube/test-support/smtp-server.ts';
import { CONNECTION_TESTS_PER_WINDOW } from '../../src/modules/accounts/accounts.service.ts';
import { fetchAccount } from '@brieftaube/test-support/mail-fixtures.ts';
import {
  DATABASE_KINDS,
  queryRows,
  startTestApp,
  type TestApp,
} from '@brieftaube/test-support/test-app.ts';

interface AccountJson {
  id: number;
  email_address: string;
  provider: string;
  imap_server: string;
  imap_port: number;
  imap_security: string;
  smtp_server: string;
  smtp_port: number;
  smtp_security: string;
  has_password: boolean;
}

describe.each(DATABASE_KINDS)('accounts API on %s', (kind) => {
  let t: TestApp;
  let dovecot: Dovecot;
  let smtp: TestSmtpServer;
  let owner: ApiUser;
  let stranger: ApiUser;
  let mailbox = 0;

  beforeAll(async () => {
    [t, dovecot, smtp] = await Promise.all([
      startTestApp(kind, { MAIL_CONNECT_TIMEOUT_SECONDS: '5' }, { jobs: true }),
      startDovecot(),
      startSmtpServer(),
    ]);
    owner = await registerApiUser(t.app, 'besitzer');
    stranger = await registerApiUser(t.app, 'fremder');
  });
  afterAll(async () => {
    await Promise.all([t?.close(), dovecot?.stop(), smtp?.close()]);
  });

  /** A real mailbox on the test servers and the account settings that reach it. */
  function newMailbox(password = 'Postfach-Passwort-1') {
    mailbox += 1;
    const address = `konto${mailbox}@beispiel.de`;
    dovecot.addUser(address, password);
    smtp.addUser(address, password);
    return {
      email_address: address,
      imap_server: '127.0.0.1',
      imap_port: dovecot.imapPort,
      imap_security: 'none',
      smtp_server: '127.0.0.1',
      smtp_port: smtp.port,
      smtp_security: 'none',
      password,
    };
  }
  const create = async (user: ApiUser, payload: object) =>
    user.request({ method: 'POST', url: '/api/accounts/', payload });

  it('creates an account, never returns the password and stores it only sealed', async () => {
    const settings = newMailbox();
    const res = await create(owner, settings);
    expect(res.statusCode).toBe(201);
    const account = res.json<AccountJson>();
    expect(account).toMatchObject({
      email_address: settings.email_address,
      provider: 'imap',
      imap_server: '127.0.0.1',
      imap_port: dovecot.imapPort,
      has_password: true,
    });
    expect(res.body).not.toContain(settings.password);
    const [row] = await queryRows<{ password_sealed: string }>(
      t.database.db,
      sql`SELECT password_sealed FROM accounts WHERE id = ${account.id}`,
    );
    expect(row.password_sealed).toMatch(/^v1\./);
    expect(row.password_sealed).not.toContain(settings.password);

    const list = await owner.request({ method: 'GET', url: '/api/accounts/' });
    expect(list.json<AccountJson[]>().map((a) => a.id)).toContain(account.id);
  });

  it('fills Gmail from the preset (spec §5: IMAP 993, SMTP 587) and knows Microsoft', async () => {
    const gmail = await create(owner, {
      email_address: 'max.mustermann@gmail.com',
      password: 'app-passwort',
    });
    expect(gmail.json<AccountJson>()).toMatchObject({
      provider: 'google',
      imap_server: 'imap.gmail.com',
      imap_port: 993,
      imap_security: 'ssl',
      smtp_server: 'smtp.gmail.com',
      smtp_port: 587,
      smtp_security: 'starttls',
    });
    const outlook = await create(owner, {
      email_address: 'erika@firma.de',
      imap_server: 'outlook.office365.com',
      smtp_server: 'smtp.office365.com',
      password: 'x',
    });
    expect(outlook.json<AccountJson>()).toMatchObject({
      provider: 'microsoft',
      imap_port: 993,
      smtp_port: 587,
    });
  });

  it('names every faulty field', async () => {
    const res = await create(owner, {
      email_address: 'kein-at',
      imap_server: 'imap.x.de/pfad',
      imap_port: 70000,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { fields: Record<string, string[]> } }>().error.fields).toEqual({
      email_address: ['EMAIL_INVALID'],
      imap_server: ['HOST_INVALID'],
      imap_port: ['PORT_INVALID'],
      smtp_server: ['REQUIRED'],
      password: ['REQUIRED'],
    });
  });

  it('refuses a blank password, overlong values and folder settings beyond reason', async () => {
    const settings = newMailbox();
    const res = await create(owner, {
      ...settings,
      password: '   ',
      display_name: 'x'.repeat(201),
      username: 'u'.repeat(321),
    });
    expect(res.statusCode).toBe(400);
    const error = res.json<{
      error: { fields: Record<string, string[]>; field_messages: Record<string, string> };
    }>().error;
    expect(error.fields).toEqual({
      password: ['REQUIRED'],
      display_name: ['TOO_LONG'],
      username: ['TOO_LONG'],
    });
    expect(error.field_messages.display_name).toBe('Anzeigename: Die Eingabe ist zu lang');
    const longLocal = await create(owner, {
      ...settings,
      email_address: `${'a'.repeat(65)}@beispiel.de`,
    });
    expect(longLocal.json<{ error: { fields: unknown } }>().error.fields).toEqual({
      email_address: ['EMAIL_INVALID'],
    });

    const { id } = (await create(owner, settings)).json<AccountJson>();
    const huge = await owner.request({
      method: 'PATCH',
      url: `/api/accounts/${id}/folder_settings/`,
      payload: { notes: 'x'.repeat(70 * 1024) },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json<{ error: { message: string } }>().error.message).toBe(
      'Ordnereinstellungen: Die Eingabe ist zu lang.',
    );
  });

  it('words schema errors in German, without field names in English', async () => {
    const settings = newMailbox();
    const { id } = (await create(owner, settings)).json<AccountJson>();
    const wrongType = await owner.request({
      method: 'PATCH',
      url: `/api/accounts/${id}/`,
      payload: { imap_security: 5 },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json<{ error: { message: string } }>().error.message).toBe(
      'IMAP-Verschlüsselung: Dieser Wert ist ungültig.',
    );
    const notAnObject = await owner.request({
      method: 'POST',
      url: '/api/accounts/',
      payload: [],
    });
    expect(notAnObject.statusCode).toBe(400);
    expect(notAnObject.json<{ error: { message: string } }>().error.message).toBe(
      'Die Anfrage ist ungültig.',
    );
    // A coerced id that is missing or blank is required, not "invalid".
    for (const payload of [{}, { account_id: '' }]) {
      const missing = await owner.request({
        method: 'POST',
        url: '/api/folders/sync_account_folders/',
        payload,
      });
      expect(missing.json<{ error: { message: string } }>().error.message).toBe(
        'Konto ist erforderlich.',
      );
    }
    const plural = await owner.request({
      method: 'POST',
      url: '/api/folders/1/move_emails/',
      payload: { target_folder_id: 1 },
    });
    expect(plural.json<{ error: { message: string } }>().error.message).toBe(
      'E-Mails sind erforderlich.',
    );
  });

  it('answers with or without the trailing slash', async () => {
    const withSlash = await owner.request({ method: 'GET', url: '/api/accounts/' });
    const without = await owner.request({ method: 'GET', url: '/api/accounts' });
    expect(without.statusCode).toBe(200);
    expect(without.json()).toEqual(withSlash.json());
    expect((await owner.request({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);
  });

  it('refuses the same address twice for one user', async () => {
    const settings = newMailbox();
    expect((await create(owner, settings)).statusCode).toBe(201);
    const again = await create(owner, {
      ...settings,
      email_address: settings.email_address.toUpperCase(),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json<{ error: { fields: Record<string, string[]> } }>().error.fields).toEqual({
      email_address: ['ACCOUNT_EXISTS'],
    });
  });

  it('tests the stored account; a blank password keeps it, a new one replaces it; ports stay unless sent', async () => {
    const settings = newMailbox();
    const { id } = (await create(owner, settings)).json<AccountJson>();
    const test = () =>
      owner.request({ method: 'POST', url: `/api/accounts/${id}/test_connection/` });
    expect((await test()).json()).toMatchObject({
      success: true,
      imap: { success: true },
      smtp: { success: true },
    });

    const blank = await owner.request({
      method: 'PATCH',
      url: `/api/accounts/${id}/`,
      payload: { password: '', display_name: 'Büro' },
    });
    expect(blank.statusCode).toBe(200);
    expect(blank.json<AccountJson>().imap_port).toBe(dovecot.imapPort);
    expect((await test()).json()).toMatchObject({ success: true });

    // An edit form sends the stored ports again: the encryption setting stays as it is.
    const resent = await owner.request({
      method: 'PATCH',
      url: `/api/accounts/${id}/`,
      payload: {
        email_address: settings.email_address,
        imap_server: settings.imap_server,
        smtp_server: settings.smtp_server,
        imap_port: settings.imap_port,
        smtp_port: String(settings.smtp_port),
      },
    });
    expect(resent.json<AccountJson>()).toMatchObject({
      imap_security: 'none',
      smtp_security: 'none',
    });
    expect((await test()).json()).toMatchObject({ success: true });

    await owner.request({
      method: 'PATCH',
      url: `/api/accounts/${id}/`,
      payload: { password: 'falsches-passwort' },
    });
    const failed = (await test()).json<{
      success: boolean;
      imap: { error_code: string };
      smtp: { error_code: string };
    }>();
    expect(failed.success).toBe(false);
    expect(failed.imap.error_code).toBe('AUTH_FAILED');
    expect(failed.smtp.error_code).toBe('AUTH_FAILED');
  });

  it('tests unsaved settings', async () => {
    const settings = newMailbox();
    const ok = await owner.request({
      method: 'POST',
      url: '/api/actions/test-connection/',
      payload: settings,
    });
    expect(ok.json(), ok.body).toMatchObject({ success: true });
    const wrong = await owner.request({
      method: 'POST',
      url: '/api/actions/test-connection/',
      payload: { ...settings, smtp_port: dovecot.imapPort },
    });
    expect(wrong.json()).toMatchObject({
      success: false,
      imap: { success: true },
      smtp: { success: false },
    });
  });

  it('tests edited settings with the stored password, but never towards another host', async () => {
    const settings = newMailbox();
    const { id } = (await create(owner, settings)).json<AccountJson>();
    const { password: _, ...withoutPassword } = settings;
    const stored = await owner.request({
      method: 'POST',
      url: '/api/actions/test-connection/',
      payload: { ...withoutPassword, account_id: id },
    });
    expect(stored.json(), stored.body).toMatchObject({ success: true });
    const elsewhere = await owner.request({
      method: 'POST',
      url: '/api/actions/test-connection/',
      payload: { ...withoutPassword, imap_server: 'localhost', account_id: id },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json<{ error: { fields: unknown } }>().error.fields).toEqual({
      password: ['REQUIRED'],
    });
    const unencrypted = await owner.request({
      method: 'POST',
      url: '/api/actions/test-connection/',
      payload: { ...withoutPassword, imap_port: 1143, account_id: id },
    });
    expect(unencrypted.statusCode).toBe(400);
    // Spec §5: the form sends ports only if set; left out, the stored ones are tested.
    const portsLeftOut = await owner.request({
      method: 'POST',
      url: '/api/actions/test-connection/',
      payload: { account_id: id, imap_server: '127.0.0.1', smtp_server: '127.0.0.1' },
    });
    expect(portsLeftOut.json(), portsLeftOut.body).toMatchObject({ success: true });
  });

  it('keeps the stored password only while the account points at the same servers', async () => {
    const settings = newMailbox();
    const { id } = (await create(owner, settings)).json<AccountJson>();
    const patch = (payload: object) =>
      owner.request({ method: 'PATCH', url: `/api/accounts/${id}/`, payload });
    // Another host, another port or another encryption: the password must be typed again.
    for (const change of [
      { imap_server: 'mail.example.org' },
      { smtp_server: 'localhost' },
      { imap_port: dovecot.imapPort + 1 },
      { smtp_security: 'starttls' },
    ]) {
      const res = await patch({ ...change, password: '' });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json<{ error: { fields: unknown } }>().error.fields).toEqual({
        password: ['REQUIRED'],
      });
    }
    const unchanged = (
      await owner.request({ method: 'GET', url: `/api/accounts/${id}/` })
    ).json<AccountJson>();
    expect(unchanged).toMatchObject({ imap_server: '127.0.0.1', imap_port: dovecot.imapPort });
    // The same servers with a new display name keep it; a new host with a password is fine.
    expect((await patch({ imap_server: '127.0.0.1', display_name: 'Privat' })).statusCode).toBe(
      200,
    );
    const moved = await patch({ imap_server: 'localhost', password: settings.password });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<AccountJson>()).toMatchObject({
      imap_server: 'localhost',
      has_password: true,
    });
  });

  it('limits connection tests per user, so that the server cannot be used to scan a network', async () => {
    const tester = await registerApiUser(t.app, 'pruefer');
    const closed = { ...newMailbox(), imap_port: await freePort(), smtp_port: await freePort() };
    const tryOnce = () =>
      tester.request({ method: 'POST', url: '/api/actions/test-connection/', payload: closed });
    for (let i = 0; i < CONNECTION_TESTS_PER_WINDOW; i++) {
      const res = await tryOnce();
      expect(res.json<{ imap: { error_code: string } }>().imap.error_code).toBe(
        'CONNECTION_REFUSED',
      );
    }
    const limited = await tryOnce();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json<{ error: { message: string } }>().error.message).toBe(
      'Zu viele Versuche in kurzer Zeit. Bitte warten Sie einige Minuten.',
    );
    // Another user is not held up by it.
    expect(
      (
        await owner.request({
          method: 'POST',
          url: '/api/actions/test-connection/',
          payload: closed,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('connects with only the fields spec §7 names to a server on this machine without TLS', async () => {
    const { imap_security: _i, smtp_security: _s, ...specFields } = newMailbox();
    const created = await create(owner, specFields);
    expect(created.statusCode, created.body).toBe(201);
    const account = created.json<AccountJson>();
    // Not on port 993/465: STARTTLS, which this machine's own servers may lack.
    expect(account).toMatchObject({ imap_security: 'starttls', smtp_security: 'starttls' });
    const tested = await owner.request({
      method: 'POST',
      url: `/api/accounts/${account.id}/test_connection/`,
    });
    expect(tested.json(), tested.body).toMatchObject({
      success: true,
      imap: { success: true },
      smtp: { success: true },
    });
    expect(await fetchAccount(owner, account.id)).toMatchObject({ status: 'SUCCESS' });
  });

  it('merges folder settings', async () => {
    const { id } = (await create(owner, newMailbox())).json<AccountJson>();
    const url = `/api/accounts/${id}/folder_settings/`;
    await owner.request({ method: 'PATCH', url, payload: { hidden: ['Junk'] } });
    const res = await owner.request({
      method: 'PATCH',
      url,
      payload: { sync_interval_minutes: 5 },
    });
    expect(res.json()).toEqual({ folder_settings: { hidden: ['Junk'], sync_interval_minutes: 5 } });
    const account = await owner.request({ method: 'GET', url: `/api/accounts/${id}/` });
    expect(account.json()).toMatchObject({
      folder_settings: { hidden: ['Junk'], sync_interval_minutes: 5 },
    });
    // Sent back in the answer's own shape, and by PUT: the settings inside are meant.
    const wrapped = await owner.request({
      method: 'PUT',
      url,
      payload: { folder_settings: { collapsed: true } },
    });
    expect(wrapped.json()).toEqual({
      folder_settings: { hidden: ['Junk'], sync_interval_minutes: 5, collapsed: true },
    });
  });

  it("answers 404 to every call on another user's account and lists only one's own", async () => {
    const { id } = (await create(owner, newMailbox())).json<AccountJson>();
    const calls = [
      { method: 'GET', url: `/api/accounts/${id}/` },
      { method: 'PATCH', url: `/api/accounts/${id}/`, payload: { display_name: 'Übernommen' } },
      { method: 'POST', url: `/api/accounts/${id}/test_connection/` },
      { method: 'PATCH', url: `/api/accounts/${id}/folder_settings/`, payload: { a: 1 } },
      { method: 'DELETE', url: `/api/accounts/${id}/` },
    ] as const;
    for (const call of calls) expect((await stranger.request(call)).statusCode).toBe(404);
    expect((await stranger.request({ method: 'GET', url: '/api/accounts/' })).json()).toEqual([]);
    expect((await owner.request({ method: 'GET', url: `/api/accounts/${id}/` })).statusCode).toBe(
      200,
    );
  });

  it('deletes an account', async () => {
    const { id } = (await create(owner, newMailbox())).json<AccountJson>();
    expect(
      (await owner.request({ method: 'DELETE', url: `/api/accounts/${id}/` })).statusCode,
    ).toBe(204);
    expect((await owner.request({ method: 'GET', url: `/api/accounts/${id}/` })).statusCode).toBe(
      404,
    );
  });

  it('requires a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/accounts/' })).statusCode).toBe(401);
  });
});
