import type { APIRequestContext, Page } from '@playwright/test';
import { test as base, expect, uniqueStamp } from './base.ts';
import { seedDemoMailbox } from '../../../test-support/src/demo-mailbox.ts';
import { startDovecot, type Dovecot } from '../../../test-support/src/dovecot.ts';
import { imapClient } from '../../../test-support/src/mail-fixtures.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../test-support/src/smtp-server.ts';

/** A mailbox on the test Dovecot whose sender may submit through the test SMTP server. */
export interface Mailbox {
  address: string;
  password: string;
  imapPort: number;
  smtpPort: number;
  lmtpPort: number;
}

export interface MailStack {
  dovecot: Dovecot;
  smtp: TestSmtpServer;
  /** A new mailbox, with the lived-in demo mail unless `empty`. */
  mailbox(options?: { empty?: boolean; bulk?: number }): Promise<Mailbox>;
}

/**
 * A real Dovecot and a real SMTP server for each Playwright worker,
 * started by the tests themselves on free ports of 127.0.0.1. The app (webServer) knows nothing
 * of them: every account is configured through the app, as a user would.
 */
export const test = base.extend<object, { mail: MailStack }>({
  mail: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring.
    async ({}, use) => {
      const [dovecot, smtp] = await Promise.all([startDovecot(), startSmtpServer()]);
      const stack: MailStack = {
        dovecot,
        smtp,
        async mailbox(options = {}) {
          const address = `postfach.${uniqueStamp()}@beispiel.de`;
          const password = 'Postfach-Passwort-1';
          dovecot.addUser(address, password);
          smtp.addUser(address, password);
          if (!options.empty) {
            const client = await imapClient(dovecot, address, password);
            await seedDemoMailbox(client, address, { bulk: options.bulk ?? 40 });
            await client.logout();
          }
          return {
            address,
            password,
            imapPort: dovecot.imapPort,
            smtpPort: smtp.port,
            lmtpPort: dovecot.lmtpPort,
          };
        },
      };
      await use(stack);
      await Promise.all([smtp.close(), dovecot.stop()]);
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});

export { expect };

/** Fills the app's IMAP/SMTP form (onboarding or 'Konto hinzufügen') for a test mailbox. */
export async function fillAccountForm(page: Page, mailbox: Mailbox): Promise<void> {
  await page.getByRole('button', { name: /Anderer Anbieter \(IMAP\/SMTP\)/ }).click();
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(mailbox.address);
  await page.getByRole('textbox', { name: 'Anzeigename' }).fill('Erika Mustermann');
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(mailbox.password);
  await page.getByRole('textbox', { name: 'IMAP-Server' }).fill('127.0.0.1');
  await page.getByRole('textbox', { name: 'IMAP-Port' }).fill(String(mailbox.imapPort));
  await chooseOption(page, 'IMAP-Sicherheit', 'Keine');
  await page.getByRole('textbox', { name: 'SMTP-Server' }).fill('127.0.0.1');
  await page.getByRole('textbox', { name: 'SMTP-Port' }).fill(String(mailbox.smtpPort));
  await chooseOption(page, 'SMTP-Sicherheit', 'Keine');
  // Plain connections are allowed, but not without saying what they mean.
  await expect(
    page.getByRole('note').filter({ hasText: 'Ohne Verschlüsselung gehen Passwort' }),
  ).toHaveCount(2);
}

async function chooseOption(page: Page, select: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: new RegExp(`^${select}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The API's account settings for an address on the test servers (both without TLS). */
const accountData = (mailbox: Mailbox, address: string, password: string) => ({
  email_address: address,
  imap_server: '127.0.0.1',
  imap_port: mailbox.imapPort,
  imap_security: 'none',
  smtp_server: '127.0.0.1',
  smtp_port: mailbox.smtpPort,
  smtp_security: 'none',
  password,
});

/**
 * A new user, registered through the API (fast) and signed in in `page`; onboarding is done unless
 * `onboarded` is false.
 */
export async function signedInUser(
  page: Page,
  request: APIRequestContext,
  { onboarded = true }: { onboarded?: boolean } = {},
): Promise<{ access: string; username: string; auth: { authorization: string } }> {
  const username = `nutzer${uniqueStamp()}`;
  const password = 'Sonnenblume!42';
  const reg = await request.post('/api/auth/registration/', {
    data: { username, email: `${username}@beispiel.de`, password1: password, password2: password },
  });
  expect(reg.ok()).toBe(true);
  const session = (await reg.json()) as { access: string; refresh: string; user: unknown };
  const auth = { authorization: `Bearer ${session.access}` };
  const user = onboarded
    ? ((await (
        await request.patch('/api/auth/user/', {
          headers: auth,
          data: { onboarding_complete: true },
        })
      ).json()) as unknown)
    : session.user;
  await page.addInitScript(
    (s) => {
      // Only once: a later test step may sign out on purpose.
      if (sessionStorage.getItem('e2e-session-set')) return;
      sessionStorage.setItem('e2e-session-set', '1');
      localStorage.setItem('accessToken', s.access);
      localStorage.setItem('refreshToken', s.refresh);
      localStorage.setItem('user', JSON.stringify(s.user));
    },
    { ...session, user },
  );
  return { access: session.access, username, auth };
}

/** A signed-up user with a connected, fetched mailbox, through the API (fast), signed in in `page`. */
export async function signedInWithMailbox(
  page: Page,
  request: APIRequestContext,
  mailbox: Mailbox,
): Promise<{ accountId: number; access: string; username: string }> {
  const { access, username, auth } = await signedInUser(page, request);
  const account = await request.post('/api/accounts/', {
    headers: auth,
    data: accountData(mailbox, mailbox.address, mailbox.password),
  });
  expect(account.ok(), await account.text()).toBe(true);
  const { id } = (await account.json()) as { id: number };
  const task = (await (
    await request.post(`/api/tasks/fetch-emails/${id}/`, { headers: auth })
  ).json()) as { task_id: string };
  await expect
    .poll(
      async () => {
        const all = (await (
          await request.get('/api/status/all-tasks/', { headers: auth })
        ).json()) as Record<string, { status: string }>;
        return all[task.task_id]?.status;
      },
      { timeout: 30_000 },
    )
    .toBe('SUCCESS');
  return { accountId: id, access, username };
}

/** An account on the test Dovecot whose password is wrong: each fetch of it fails. */
export async function brokenAccount(
  request: APIRequestContext,
  access: string,
  mailbox: Mailbox,
  name: string,
): Promise<string> {
  const address = `${name}.${uniqueStamp()}@beispiel.de`;
  const res = await request.post('/api/accounts/', {
    headers: { authorization: `Bearer ${access}` },
    data: accountData(mailbox, address, 'falsches-Passwort'),
  });
  expect(res.ok(), await res.text()).toBe(true);
  return address;
}
