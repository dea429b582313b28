import PostalMime from 'postal-mime';
import { deliverViaLmtp } from '../../test-support/src/mailbox.ts';
import { imapClient } from '../../test-support/src/mail-fixtures.ts';
import {
  caretToEditorStart,
  expectAccessible,
  registerViaUi,
  screenshot,
  uniqueUser,
} from './helpers.ts';
import { expect, fillAccountForm, test } from './support/mail-stack.ts';

/** Subjects in a Dovecot folder, as another mail client sees them. */
async function subjectsOnServer(
  mail: { dovecot: Parameters<typeof imapClient>[0] },
  address: string,
  password: string,
  folder: string,
): Promise<string[]> {
  const client = await imapClient(mail.dovecot, address, password);
  try {
    const lock = await client.getMailboxLock(folder);
    try {
      const subjects: string[] = [];
      if (!(client.mailbox && client.mailbox.exists)) return subjects;
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

// The main journey with the animations a user sees by default (the rest of the suite runs with
// "reduce motion", playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

test('a new user onboards with an IMAP account, reads, replies, files and categorises mail', async ({
  page,
  mail,
  trap,
}) => {
  // 2.6 min on a slow VM (limit against a hang, not a speed check).
  test.setTimeout(360_000);
  const mailbox = await mail.mailbox();
  const user = uniqueUser();

  // Registration and onboarding, with the account connected through the setup form.
  await registerViaUi(page, user);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await fillAccountForm(page, mailbox);
  await page.getByRole('button', { name: 'Verbindung testen' }).click();
  await expect(page.getByText(/IMAP.*erfolgreich|Verbindung.*erfolgreich/i).first()).toBeVisible();
  await screenshot(page, 'onboarding-account-form');
  await page.getByRole('button', { name: 'Konto hinzufügen' }).click();
  // The first fetch with live progress, then the finish.
  await expect(page.getByRole('progressbar').first()).toBeVisible();
  await expect(page.getByText(/E-Mail-Abruf abgeschlossen/)).toBeVisible({ timeout: 30_000 });
  await screenshot(page, 'onboarding-fetch-done');
  // Reloaded before the end, onboarding resumes at the fetch of the account already connected.
  await page.reload();
  await expect(page.getByText(/E-Mail-Abruf abgeschlossen/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Konto hinzufügen' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Weiter' }).click();
  // Categories come later in this walk (through the category dialog).
  await page.getByRole('button', { name: 'Überspringen' }).click();
  await page.getByRole('button', { name: 'Zu Brieftaube' }).click();
  await expect(page).toHaveURL(/\/app$/);

  // Counts as in Dovecot: 40 generated (read) + 6 letters (unread) in INBOX, 1 in a nested
  // folder and 1 in Sent; 'Posteingang' counts all mail (spec §2).
  const nav = page.getByRole('navigation', { name: 'Navigation' });
  await expect(nav.getByRole('link', { name: /^Posteingang , 48 insgesamt/ })).toBeVisible();
  await expect(nav.getByRole('link', { name: /^Ungelesene , 6 ungelesen/ })).toBeVisible();
  await expect(
    nav.getByRole('link', { name: new RegExp(`^${mailbox.address}.*6 ungelesen , 48 insgesamt`) }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Posteingang', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'mailbox-light');

  // An HTML mail: the remote image stays blocked until the user allows it once.
  const remote = () => trap.requests.map((r) => r.target);
  const before = remote().length;
  await page
    .getByRole('link', { name: /Stadtwerke Leipzig/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Ihre Jahresabrechnung 2026' })).toBeVisible();
  const bar = page.getByRole('alert').filter({ hasText: 'Externe Inhalte wurden blockiert' });
  await expect(bar).toBeVisible();
  const frame = page.frameLocator('iframe').first();
  await expect(frame.getByText('1.234,56 €')).toBeVisible();
  expect(remote().slice(before)).toEqual([]);
  await expectAccessible(page);
  await screenshot(page, 'detail-remote-blocked');
  await bar.getByRole('button', { name: 'Einmal anzeigen' }).click();
  await expect
    .poll(() =>
      remote()
        .slice(before)
        .some((t) => t.includes('stadtwerke-leipzig.example')),
    )
    .toBe(true);
  await expect(bar).toBeHidden();

  // 'Always for this sender' is kept on the server: it survives a reload (a fresh page state),
  // and revoking it blocks the images again.
  await page.reload();
  await expect(bar).toBeVisible();
  await bar.getByRole('button', { name: 'Immer für diesen Absender anzeigen' }).click();
  const alwaysNote = page.getByRole('alert').filter({ hasText: 'werden immer angezeigt' });
  await expect(alwaysNote).toBeVisible();
  await page.reload();
  await expect(alwaysNote).toBeVisible();
  await expect(bar).toBeHidden();
  await alwaysNote.getByRole('button', { name: 'Nicht mehr automatisch anzeigen' }).click();
  await expect(bar).toBeVisible();

  // Reply: the SMTP server receives a correct reply, and Sent shows it after a fetch.
  const sentBefore = mail.smtp.received.length;
  await page
    .getByRole('toolbar', { name: 'Aktionen für diese E-Mail' })
    .getByRole('button', {
      name: 'Antworten',
      exact: true,
    })
    .click();
  await expect(page.getByRole('textbox', { name: 'Betreff' })).toHaveValue(
    'AW: Ihre Jahresabrechnung 2026',
  );
  const editor = page.getByRole('textbox', { name: 'Nachricht' });
  await caretToEditorStart(editor);
  await page.keyboard.type('Vielen Dank, ich habe die Abrechnung erhalten.');
  await screenshot(page, 'compose-reply');
  await page.getByRole('button', { name: 'Senden' }).click();
  await expect(page.getByText('E-Mail wurde gesendet.')).toBeVisible({ timeout: 20_000 });
  const [reply] = (await mail.smtp.waitFor(sentBefore + 1)).slice(sentBefore);
  const parsed = await PostalMime.parse(reply!.raw);
  expect(parsed.subject).toBe('AW: Ihre Jahresabrechnung 2026');
  expect(parsed.inReplyTo).toBeTruthy();
  expect(parsed.references).toContain(parsed.inReplyTo!.replace(/[<>]/g, ''));
  expect(parsed.text).toContain('Vielen Dank, ich habe die Abrechnung erhalten.');
  expect(parsed.text).toMatch(/Am \d+\. \w+ 2026 um \d\d:\d\d schrieb Stadtwerke Leipzig/);
  expect(reply!.to).toEqual(['kundenservice@stadtwerke-leipzig.example']);
  await page.getByRole('button', { name: 'Alle E-Mails abrufen' }).click();
  await page.getByRole('link', { name: 'Gesendet', exact: true }).click();
  await expect(
    page.getByRole('link', { name: /AW: Ihre Jahresabrechnung 2026/ }).first(),
  ).toBeVisible({ timeout: 20_000 });

  // Move a mail into the nested folder, on the server too.
  await page
    .getByRole('link', { name: /^Posteingang , / })
    .first()
    .click();
  await page
    .getByRole('link', { name: /Deutsche Bahn/ })
    .first()
    .click();
  await expect(
    page.getByRole('heading', { name: 'Ihre Reiseverbindung nach Hamburg' }),
  ).toBeVisible();
  await page
    .getByRole('toolbar', { name: 'Aktionen für diese E-Mail' })
    .getByRole('button', {
      name: 'Verschieben',
    })
    .click();
  await page.getByRole('menuitem', { name: 'Kunde Müller' }).click();
  // The moved mail closes and the list shows again (history.back(): a navigation of its own,
  // which would cancel the page.goto below if it came after it, as it did on a slow machine).
  await expect(page).not.toHaveURL(/\/app\/emails\/\d+/);
  await expect
    .poll(() => subjectsOnServer(mail, mailbox.address, mailbox.password, 'Projekte/Kunde Müller'))
    .toContain('Ihre Reiseverbindung nach Hamburg');
  expect(await subjectsOnServer(mail, mailbox.address, mailbox.password, 'INBOX')).not.toContain(
    'Ihre Reiseverbindung nach Hamburg',
  );

  // A category from the drawer's plus button: validation first, then created.
  await page.goto('/app');
  await page.getByRole('button', { name: 'Neue Kategorie erstellen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neue Kategorie erstellen' });
  await dialog.getByRole('button', { name: 'Erstellen' }).click();
  await expect(dialog.getByText('Name ist erforderlich')).toBeVisible();
  await expect(dialog.getByText('Beschreibung ist erforderlich')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'category-dialog-errors');
  await dialog.getByRole('textbox', { name: 'Kategoriename' }).fill('Verein');
  await dialog
    .getByRole('textbox', { name: 'Beschreibung' })
    .fill('Post vom Sportverein: Einladungen, Beiträge, Termine.');
  await dialog.getByRole('button', { name: 'Erstellen' }).click();
  await expect(dialog).toBeHidden();

  // Assign a mail to it, then see it in the account's category view.
  await page
    .getByRole('link', { name: /Sportverein Grün-Weiß/ })
    .first()
    .click();
  await page
    .getByRole('toolbar', { name: 'Aktionen für diese E-Mail' })
    .getByRole('button', {
      name: 'Kategorie ändern',
    })
    .click();
  await page
    .getByRole('menuitem', { name: /Verein/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Kategorieansicht' }).first().click();
  await expect(nav.getByRole('link', { name: /^Verein\b.*1/ })).toBeVisible();
  await expect(nav.getByRole('link', { name: /^Ohne Kategorie/ })).toBeVisible();
  await screenshot(page, 'drawer-category-view');
  await nav.getByRole('link', { name: /^Verein\b/ }).click();
  await expect(
    page.getByRole('link', { name: /Einladung zur Mitgliederversammlung/ }),
  ).toBeVisible();

  // New mail delivered to the server appears without a reload.
  await page.goto('/app');
  await expect(page.getByRole('heading', { name: 'Posteingang', level: 1 })).toBeVisible();
  await deliverViaLmtp(mailbox.lmtpPort, mailbox.address, {
    from: 'Nachbarin <nachbarin@beispiel.de>',
    subject: 'Grillabend am Samstag',
    text: 'Kommt ihr auch?',
  });
  await expect(page.getByRole('link', { name: /Grillabend am Samstag/ })).toBeVisible({
    timeout: 15_000,
  });

  // Dark mode, kept over a reload.
  await page.getByRole('button', { name: 'Dunkles Design aktivieren' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Helles Design aktivieren' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await expectAccessible(page);
  await screenshot(page, 'mailbox-dark');
});
