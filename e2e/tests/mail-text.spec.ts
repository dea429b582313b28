import fs from 'node:fs';
import { imapClient } from '../../test-support/src/mail-fixtures.ts';
import { buildMessage } from '../../test-support/src/mailbox.ts';
import { NOTES, PICTURE, noTextMails } from '../../apps/server/test/fixtures/no-text-mail.ts';
import { expectAccessible, screenshot } from './helpers.ts';
import { expect, signedInWithMailbox, test, type Mailbox } from './support/mail-stack.ts';

/** Mail as another program left it: appended today, whatever its Date header says. */
async function appendToday(
  mailbox: Mailbox,
  dovecot: Parameters<typeof imapClient>[0],
  raws: Buffer[],
) {
  const imap = await imapClient(dovecot, mailbox.address, mailbox.password);
  for (const raw of raws) await imap.append('INBOX', raw, [], new Date());
  await imap.logout();
}

test('the list shows the date the sender wrote, and a mail of files says it has no text', async ({
  page,
  request,
  mail,
}) => {
  test.setTimeout(120_000);
  const mailbox = await mail.mailbox({ empty: true });
  await appendToday(mailbox, mail.dovecot, [
    await buildMessage({
      subject: 'Neue Nachricht',
      text: 'Gerade geschrieben.',
      date: new Date(Date.now() - 3_600_000),
    }),
    noTextMails.yenc,
    noTextMails.scan,
    // Imported last: by arrival it would be on top and say "today".
    await buildMessage({
      subject: 'Importierte Rechnung',
      text: 'Aus dem alten Postfach.',
      date: new Date('2019-03-04T09:15:00Z'),
    }),
  ]);
  await signedInWithMailbox(page, request, mailbox);
  await page.goto('/app');

  const rows = page.locator('a.bt-link');
  await expect(rows).toHaveCount(4);
  await expect(rows.first()).toContainText('Neue Nachricht');
  await expect(rows.last()).toContainText('Importierte Rechnung');
  const imported = rows.filter({ hasText: 'Importierte Rechnung' }).locator('time');
  await expect(imported).toHaveText('04.03.2019');
  await expect(imported).toHaveAttribute('title', 'Montag, 4. März 2019 um 10:15');
  await expect(rows.filter({ hasText: 'Scan vom Drucker' }).locator('time')).toHaveText(
    /^(2\. März|02\.03\.2026)$/,
  );

  // A yEnc post: no garbled text, its files listed and downloadable, the sentence above them.
  await rows.filter({ hasText: 'Bilder vom Ausflug' }).click();
  await expect(page.getByRole('heading', { name: 'Bilder vom Ausflug' })).toBeVisible();
  const note = page.getByText('Diese E-Mail enthält keinen Text, nur Anhänge.');
  await expect(note).toBeVisible();
  const files = page.getByRole('region', { name: /2 Anhänge/ });
  await expect(files).toBeVisible();
  expect((await note.boundingBox())!.y).toBeLessThan((await files.boundingBox())!.y);
  await expect(page.getByText('Diese E-Mail hat keinen Textinhalt.')).toBeHidden();
  for (const [name, bytes] of [
    ['Ausflug 1.jpg', PICTURE],
    ['notizen.txt', NOTES],
  ] as const) {
    const download = page.waitForEvent('download');
    await files.getByRole('button', { name: new RegExp(`^${name} herunterladen`) }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(name);
    expect(fs.readFileSync(await file.path())).toEqual(bytes);
  }
  await expectAccessible(page);
  await screenshot(page, 'detail-attachments-only-light');

  await page.goBack();
  await rows.filter({ hasText: 'Scan vom Drucker' }).click();
  await expect(page.getByText('Diese E-Mail enthält keinen Text, nur Anhänge.')).toBeVisible();
  await expect(page.getByText('Scan_0001.pdf', { exact: true })).toBeVisible();

  // The detail names the arrival where it is not the date shown.
  await page.goBack();
  await rows.filter({ hasText: 'Importierte Rechnung' }).click();
  const date = page.locator('article time').first();
  await expect(date).toHaveText('Montag, 4. März 2019 um 10:15');
  await expect(date).toHaveAttribute('title', /^Empfangen: /);
});

test.describe('in New York', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('a reply quotes with the time of the browser’s zone, as the list shows it', async ({
    page,
    request,
    mail,
  }) => {
    test.setTimeout(120_000);
    const mailbox = await mail.mailbox({ empty: true });
    await appendToday(mailbox, mail.dovecot, [
      await buildMessage({
        from: 'Julia Wagner <julia@beispiel.de>',
        subject: 'Termin am Samstag',
        text: 'Passt Ihnen 14 Uhr?',
        date: new Date('2026-05-02T09:00:00Z'),
      }),
    ]);
    await signedInWithMailbox(page, request, mailbox);
    await page.goto('/app');
    const row = page.locator('a.bt-link').filter({ hasText: 'Termin am Samstag' });
    await expect(row.locator('time')).toHaveAttribute('title', 'Samstag, 2. Mai 2026 um 05:00');
    await row.click();
    await page
      .getByRole('toolbar', { name: 'Aktionen für diese E-Mail' })
      .getByRole('button', { name: 'Antworten', exact: true })
      .click();
    await expect(page.getByRole('textbox', { name: 'Nachricht' })).toContainText(
      'Am 2. Mai 2026 um 05:00 schrieb Julia Wagner <julia@beispiel.de>:',
    );
  });
});
