import { imapClient } from '../../test-support/src/mail-fixtures.ts';
import { expect, signedInWithMailbox, test } from './support/mail-stack.ts';

test('"!" reports the focused mail as spam; "Kein Spam" in the spam folder brings it back, on the server too', async ({
  page,
  request,
  mail,
}) => {
  test.setTimeout(120_000);
  const mailbox = await mail.mailbox({ bulk: 5 });
  /** The subjects in a folder of the Dovecot, as another mail client sees them. */
  const subjectsIn = async (path: string) => {
    const client = await imapClient(mail.dovecot, mailbox.address, mailbox.password);
    try {
      await client.mailboxOpen(path);
      const subjects: string[] = [];
      for await (const m of client.fetch('1:*', { envelope: true }))
        subjects.push(m.envelope?.subject ?? '');
      return subjects;
    } catch {
      return [];
    } finally {
      await client.logout();
    }
  };
  await signedInWithMailbox(page, request, mailbox);
  await page.goto('/app');
  const rows = page.locator('[data-email-id]');
  await expect(rows.first()).toBeVisible();

  // The list: j focuses the newest mail, "!" reports it.
  await page.keyboard.press('j');
  const first = rows.first();
  const id = await first.getAttribute('data-email-id');
  const subject = (await first.locator('.bt-subject').textContent())?.trim();
  expect(subject).toBeTruthy();
  await page.keyboard.press('!');
  await expect(
    page.getByText('E-Mail als Spam markiert und in den Spam-Ordner verschoben'),
  ).toBeVisible();
  await expect(page.locator(`[data-email-id="${id}"]`)).toHaveCount(0);
  await expect.poll(() => subjectsIn('Junk')).toContain(subject);
  await expect.poll(() => subjectsIn('INBOX')).not.toContain(subject);

  // The spam folder: the same mail, opened, offers "Kein Spam" instead.
  const nav = page.getByRole('navigation', { name: 'Navigation' });
  await nav.getByRole('link', { name: /^Spam/ }).click();
  await page.getByText(subject!, { exact: true }).first().click();
  const toolbar = page.getByRole('toolbar', { name: 'Aktionen für diese E-Mail' });
  await expect(toolbar.getByRole('button', { name: /^Als Spam markieren/ })).toHaveCount(0);
  await toolbar.getByRole('button', { name: /^Kein Spam/ }).click();
  await expect(
    page.getByText('E-Mail als „Kein Spam“ markiert und in den Posteingang verschoben'),
  ).toBeVisible();
  // The mail closes (history.back(), a navigation that would cancel the page.goto below).
  await expect(page).not.toHaveURL(/\/app\/emails\/\d+/);
  await expect.poll(() => subjectsIn('INBOX')).toContain(subject);
  await expect.poll(() => subjectsIn('Junk')).not.toContain(subject);

  // Selected in the list, the toolbar button does the same as the key.
  await page.goto('/app');
  const row = rows.first();
  const second = (await row.locator('.bt-subject').textContent())?.trim();
  await row.getByRole('checkbox').check();
  await page
    .getByRole('toolbar', { name: 'Aktionen für die Liste' })
    .getByRole('button', { name: /^Als Spam markieren/ })
    .click();
  await expect.poll(() => subjectsIn('Junk')).toContain(second);
});
