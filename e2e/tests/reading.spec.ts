import fs from 'node:fs';
import path from 'node:path';
import { imapClient } from '../../test-support/src/mail-fixtures.ts';
import { expectAccessible, screenshot } from './helpers.ts';
import { expect, signedInWithMailbox, test } from './support/mail-stack.ts';

const testdata = path.resolve(
  import.meta.dirname,
  '../../../shared/corpora/mime/kde-mimetreeparser/autotests/testdata',
);

/** A one-message mbox file of the corpus as the message itself (its "From " line removed). */
function corpusMessage(file: string): Buffer {
  const raw = fs.readFileSync(path.join(testdata, file));
  return raw.subarray(0, 5).toString('latin1') === 'From '
    ? raw.subarray(raw.indexOf('\n') + 1)
    : raw;
}

/** An old client's mail: raw Latin-1 bytes in a file name, spaces in an unquoted one. */
const oldClientMail = Buffer.from(
  [
    'From: Altes Programm <alt@beispiel.de>',
    'To: leser@beispiel.de',
    'Subject: Unterlagen vom Amt',
    'Date: Tue, 03 Mar 2026 10:15:00 +0100',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="teil"',
    '',
    '--teil',
    'Content-Type: text/plain; charset=iso-8859-1',
    '',
    'Anbei die Übersicht und die Rechnung.',
    '--teil',
    'Content-Type: application/pdf',
    'Content-Disposition: attachment; filename=Übersicht.pdf',
    'Content-Transfer-Encoding: base64',
    '',
    'JVBERi0xLjQK',
    '--teil',
    'Content-Type: application/pdf',
    'Content-Disposition: attachment; filename=Rechnung vom Mai 2026.pdf',
    'Content-Transfer-Encoding: base64',
    '',
    'JVBERi0xLjQK',
    '--teil--',
    '',
  ].join('\r\n'),
  'latin1',
);

test('encrypted mail says so in German, and old clients’ file names read as they were meant', async ({
  page,
  request,
  mail,
}) => {
  test.setTimeout(120_000);
  const mailbox = await mail.mailbox({ empty: true });
  const imap = await imapClient(mail.dovecot, mailbox.address, mailbox.password);
  await imap.append('INBOX', corpusMessage('smime-signed-encrypted.mbox'), ['\\Seen']);
  await imap.append('INBOX', corpusMessage('openpgp-signed-encrypted.mbox'), ['\\Seen']);
  await imap.append('INBOX', oldClientMail, ['\\Seen']);
  await imap.logout();
  await signedInWithMailbox(page, request, mailbox);
  await page.goto('/app');

  for (const subject of ['S/MIME signed and encrypted', 'OpenPGP signed and encrypted']) {
    await page.getByRole('link', { name: new RegExp(subject) }).click();
    await expect(page.getByRole('heading', { name: subject })).toBeVisible();
    await expect(
      page.getByText('Diese E-Mail ist verschlüsselt und kann hier nicht gelesen werden.', {
        exact: false,
      }),
    ).toBeVisible();
    await expect(
      page.getByRole('alert').getByRole('button', { name: 'Original herunterladen' }),
    ).toBeVisible();
    await page.goBack();
  }
  await expectAccessible(page);

  await page.getByRole('link', { name: /Unterlagen vom Amt/ }).click();
  await expect(page.getByText('Anbei die Übersicht und die Rechnung.')).toBeVisible();
  await expect(page.getByText('Übersicht.pdf', { exact: true })).toBeVisible();
  await expect(page.getByText('Rechnung vom Mai 2026.pdf', { exact: true })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: /S\/MIME signed and encrypted/ }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await screenshot(page, 'detail-encrypted-light');
});

test('an open "Verschieben" menu stays where it opened when the page moves under it', async ({
  page,
  request,
  mail,
}) => {
  const mailbox = await mail.mailbox({ empty: true });
  const imap = await imapClient(mail.dovecot, mailbox.address, mailbox.password);
  await imap.append('INBOX', oldClientMail, ['\\Seen']);
  await imap.logout();
  await signedInWithMailbox(page, request, mailbox);
  await page.goto('/app');
  await page.getByRole('link', { name: /Unterlagen vom Amt/ }).click();
  await page
    .getByRole('toolbar', { name: 'Aktionen für diese E-Mail' })
    .getByRole('button', { name: 'Verschieben' })
    .click();
  const archive = page.getByRole('menuitem', { name: 'Archiv' });
  await expect(archive).toBeVisible();
  const opened = await archive.boundingBox();
  // What a task card does that appears or goes above the mail while folders reload: the
  // toolbar moves, and the menu is laid out again.
  await page.evaluate(() => {
    const spacer = document.createElement('div');
    spacer.style.height = '120px';
    document.querySelector('main')!.prepend(spacer);
    window.dispatchEvent(new Event('resize'));
  });
  await page.waitForTimeout(500);
  expect(await archive.boundingBox()).toEqual(opened);
  await archive.click();
  await expect(page).not.toHaveURL(/\/app\/emails\/\d+/);
});
