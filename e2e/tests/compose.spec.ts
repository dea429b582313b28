import fs from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { imapClient } from '../../test-support/src/mail-fixtures.ts';
import { caretToEditorStart } from './helpers.ts';
import { expect, signedInWithMailbox, test, type Mailbox } from './support/mail-stack.ts';

/** Subjects in a folder of the test Dovecot, as another mail client sees them. */
async function subjectsIn(
  mail: { dovecot: Parameters<typeof imapClient>[0] },
  mailbox: Mailbox,
  folder: string,
): Promise<string[]> {
  const client = await imapClient(mail.dovecot, mailbox.address, mailbox.password);
  try {
    const lock = await client.getMailboxLock(folder);
    try {
      const subjects: string[] = [];
      if (!client.mailbox || !client.mailbox.exists) return subjects;
      for await (const m of client.fetch('1:*', { envelope: true }))
        subjects.push(m.envelope?.subject ?? '');
      return subjects;
    } finally {
      lock.release();
    }
  } finally {
    await client.logout();
  }
}

test('a new mail with cc, formatting and an attachment: draft saved, then sent and filed', async ({
  page,
  request,
  mail,
}, testInfo) => {
  test.setTimeout(120_000);
  const mailbox = await mail.mailbox({ empty: true });
  await signedInWithMailbox(page, request, mailbox);
  await page.goto('/app/compose');

  const to = page.getByRole('combobox', { name: /^An/ });
  await expect(to).toBeFocused();
  await page.keyboard.type('Kollegin <kollegin@beispiel.de>');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Cc-Empfänger hinzufügen', exact: true }).click();
  await page.getByRole('combobox', { name: /^Cc/ }).fill('chefin@beispiel.de');
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'Betreff' }).fill('Übersicht für März');
  await page.getByRole('textbox', { name: 'Nachricht' }).click();
  await page.keyboard.type('Hallo, anbei die ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('Übersicht');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('. Grüße');
  await page.locator('input[type=file]').setInputFiles({
    name: 'Übersicht März.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Größe: 1.234,56 €\n'),
  });
  await expect(page.getByText('Übersicht März.txt')).toBeVisible();

  // More than 25 MB together is refused in German before anything is uploaded.
  // A sparse file on disk: Chromium reads it by path, so no 26 MB travel through the protocol.
  const huge = path.join(testInfo.outputPath(), 'Riesig.bin');
  fs.mkdirSync(path.dirname(huge), { recursive: true });
  fs.closeSync(fs.openSync(huge, 'w'));
  fs.truncateSync(huge, 26 * 1024 * 1024);
  await page.locator('input[type=file]').setInputFiles(huge, { timeout: 30_000 });
  await expect(page.getByText(/„Riesig\.bin“ \(26 MB\) wurde nicht angehängt/)).toBeVisible();

  // Autosave puts the draft into the server's Drafts folder.
  await expect(page.getByText(/Entwurf gespeichert/)).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(() => subjectsIn(mail, mailbox, 'Drafts'), { timeout: 15_000 })
    .toContain('Übersicht für März');

  const before = mail.smtp.received.length;
  await page.getByRole('button', { name: 'Senden' }).click();
  await expect(page.getByText('E-Mail wurde gesendet.')).toBeVisible({ timeout: 20_000 });
  const [sent] = (await mail.smtp.waitFor(before + 1)).slice(before);
  expect(sent!.to.sort()).toEqual(['chefin@beispiel.de', 'kollegin@beispiel.de']);
  const parsed = await PostalMime.parse(sent!.raw);
  expect(parsed.subject).toBe('Übersicht für März');
  expect(parsed.cc?.map((a) => a.address)).toEqual(['chefin@beispiel.de']);
  expect(parsed.html).toMatch(/<strong>Übersicht<\/strong>/);
  expect(parsed.text).toContain('Hallo, anbei die Übersicht. Grüße');
  expect(parsed.attachments.map((a) => a.filename)).toEqual(['Übersicht März.txt']);
  expect(new TextDecoder().decode(parsed.attachments[0]!.content as ArrayBuffer)).toBe(
    'Größe: 1.234,56 €\n',
  );
  // Filed in Sent, and the draft is gone.
  await expect.poll(() => subjectsIn(mail, mailbox, 'Sent')).toContain('Übersicht für März');
  await expect.poll(() => subjectsIn(mail, mailbox, 'Drafts')).not.toContain('Übersicht für März');
});

test('when the SMTP server cannot be reached, the mail is kept as a draft with a German message', async ({
  page,
  request,
  mail,
}) => {
  test.setTimeout(120_000);
  const mailbox = await mail.mailbox({ empty: true });
  const { access, accountId } = await signedInWithMailbox(page, request, mailbox);
  // Port 9 (discard) has no listener here: the connection is refused.
  const patch = await request.patch(`/api/accounts/${accountId}/`, {
    headers: { authorization: `Bearer ${access}` },
    // Another port needs the password again.
    data: { smtp_port: 9, password: mailbox.password },
  });
  expect(patch.ok(), await patch.text()).toBe(true);
  await page.goto('/app/compose');
  await page.getByRole('combobox', { name: /^An/ }).fill('kollegin@beispiel.de');
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'Betreff' }).fill('Nicht verloren');
  await page.getByRole('textbox', { name: 'Nachricht' }).click();
  await page.keyboard.type('Dieser Text darf nicht verloren gehen.');
  const before = mail.smtp.received.length;
  await page.getByRole('button', { name: 'Senden' }).click();
  await expect(
    page.getByText(
      /Die E-Mail konnte nicht gesendet werden: Der Postausgangsserver \(SMTP\) ist nicht erreichbar\..*Entwurf gespeichert/,
    ),
  ).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => subjectsIn(mail, mailbox, 'Drafts'), { timeout: 15_000 })
    .toContain('Nicht verloren');
  // The text is still in the form, and nothing reached the SMTP server.
  await expect(page.getByRole('textbox', { name: 'Nachricht' })).toContainText(
    'Dieser Text darf nicht verloren gehen.',
  );
  expect(mail.smtp.received.length).toBe(before);
});

test('with the mail server down, what was written survives a closed tab and is saved once the server is back', async ({
  page,
  request,
  mail,
}) => {
  test.setTimeout(120_000);
  const mailbox = await mail.mailbox({ empty: true });
  const { access, accountId } = await signedInWithMailbox(page, request, mailbox);
  const imapPort = async (port: number) => {
    const res = await request.patch(`/api/accounts/${accountId}/`, {
      headers: { authorization: `Bearer ${access}` },
      data: { imap_port: port, password: mailbox.password },
    });
    expect(res.ok(), await res.text()).toBe(true);
  };
  // Port 9 (discard) has no listener here: no draft can be saved.
  await imapPort(9);
  await page.goto('/app/compose');
  await page.getByRole('combobox', { name: /^An/ }).fill('kollegin@beispiel.de');
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'Betreff' }).fill('Ohne Server geschrieben');
  await page.getByRole('textbox', { name: 'Nachricht' }).click();
  await page.keyboard.type('Dieser Absatz darf nicht verloren gehen.');
  await expect(page.getByText(/Entwurf nicht gespeichert/)).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(1500);
  const context = page.context();
  await page.close({ runBeforeUnload: false });

  const again = await context.newPage();
  await again.goto('/app/compose');
  const offer = again
    .getByRole('status')
    .filter({ hasText: 'Die E-Mail „Ohne Server geschrieben“ vom' });
  await expect(offer).toBeVisible();
  // The server is back by now.
  await imapPort(mail.dovecot.imapPort);
  await offer.getByRole('button', { name: 'Wiederherstellen' }).click();
  await expect(offer).toBeHidden();
  await expect(again.getByRole('textbox', { name: 'Betreff' })).toHaveValue(
    'Ohne Server geschrieben',
  );
  await expect(again.getByText('kollegin@beispiel.de', { exact: true })).toBeVisible();
  await expect(again.getByRole('textbox', { name: 'Nachricht' })).toContainText(
    'Dieser Absatz darf nicht verloren gehen.',
  );

  // The restored mail becomes a draft on the server by itself (it counts as a change), and the
  // browser's copy goes.
  await expect
    .poll(() => subjectsIn(mail, mailbox, 'Drafts'), { timeout: 20_000 })
    .toContain('Ohne Server geschrieben');
  await expect
    .poll(() =>
      again.evaluate(
        () => Object.keys(localStorage).filter((k) => k.startsWith('brieftaube.compose:')).length,
      ),
    )
    .toBe(0);
});

test('a reply left untouched keeps no draft; a saved forward opens from Entwürfe for editing, with its file, and is sent from there', async ({
  page,
  request,
  mail,
}) => {
  test.setTimeout(150_000);
  const mailbox = await mail.mailbox();
  const { access } = await signedInWithMailbox(page, request, mailbox);
  const found = await request.get('/api/emails/?q=Jahresabrechnung', {
    headers: { authorization: `Bearer ${access}` },
  });
  const original = ((await found.json()) as { id: number; subject: string }[]).find(
    (e) => e.subject === 'Ihre Jahresabrechnung 2026',
  )!;

  // Opened and left as it came: no draft is written (Gmail and Thunderbird keep none either).
  const draftSaves: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/drafts/')) draftSaves.push(r.url());
  });
  await page.goto(`/app/compose/reply/${original.id}`);
  await expect(page.getByRole('textbox', { name: 'Nachricht' })).toContainText('schrieb');
  // Longer than the autosave delay (3 s): a save would have started by now.
  await page.waitForTimeout(5000);
  expect(draftSaves).toEqual([]);
  await expect(page.getByText(/Entwurf gespeichert/)).toHaveCount(0);

  // A forward with a line of its own is kept as a draft, the PDF inside it.
  await page.goto(`/app/compose/forward/${original.id}`);
  await page.getByRole('combobox', { name: /^An/ }).fill('buchhaltung@beispiel.de');
  await page.keyboard.press('Enter');
  await caretToEditorStart(page.getByRole('textbox', { name: 'Nachricht' }));
  await page.keyboard.type('Erste Fassung.');
  await expect(page.getByText(/Entwurf gespeichert/)).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(() => subjectsIn(mail, mailbox, 'Drafts'), { timeout: 15_000 })
    .toContain('WG: Ihre Jahresabrechnung 2026');

  // Entwürfe → the draft opens where it is written.
  await page.goto('/app');
  await page
    .getByRole('link', { name: /^Entwürfe\b/ })
    .first()
    .click();
  await page
    .getByRole('link', { name: /WG: Ihre Jahresabrechnung 2026/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/app\/compose\/draft\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Entwurf bearbeiten' })).toBeVisible();
  await expect(page.getByText('buchhaltung@beispiel.de')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Betreff' })).toHaveValue(
    'WG: Ihre Jahresabrechnung 2026',
  );
  const body = page.getByRole('textbox', { name: 'Nachricht' });
  await expect(body).toContainText('Erste Fassung.');
  await expect(body).toContainText('Weitergeleitete Nachricht');
  await expect(page.getByText('Jahresabrechnung-2026.pdf')).toBeVisible();
  await caretToEditorStart(body);
  await page.keyboard.type('Zweite Fassung. ');

  const before = mail.smtp.received.length;
  await page.getByRole('button', { name: 'Senden' }).click();
  await expect(page.getByText('E-Mail wurde gesendet.')).toBeVisible({ timeout: 20_000 });
  const [sent] = (await mail.smtp.waitFor(before + 1)).slice(before);
  expect(sent!.to).toEqual(['buchhaltung@beispiel.de']);
  const parsed = await PostalMime.parse(sent!.raw);
  expect(parsed.subject).toBe('WG: Ihre Jahresabrechnung 2026');
  expect(parsed.text).toContain('Zweite Fassung. Erste Fassung.');
  expect(parsed.attachments.map((a) => a.filename)).toEqual(['Jahresabrechnung-2026.pdf']);
  expect(new TextDecoder().decode(parsed.attachments[0]!.content as ArrayBuffer)).toBe(
    '%PDF-1.4 Abrechnung',
  );
  await expect
    .poll(() => subjectsIn(mail, mailbox, 'Drafts'))
    .not.toContain('WG: Ihre Jahresabrechnung 2026');
});
