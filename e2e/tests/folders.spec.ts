import { imapClient } from '../../test-support/src/mail-fixtures.ts';
import { expectAccessible, screenshot } from './helpers.ts';
import { expect, signedInWithMailbox, test, type MailStack } from './support/mail-stack.ts';

/** The folder paths on the Dovecot, as another mail client sees them. */
async function serverFolders(mail: MailStack, address: string, password: string) {
  const client = await imapClient(mail.dovecot, address, password);
  try {
    return (await client.list()).map((m) => m.path);
  } finally {
    await client.logout();
  }
}

test('folders are created, renamed and deleted from the drawer, on the mail server too', async ({
  page,
  request,
  mail,
}) => {
  test.setTimeout(120_000);
  const mailbox = await mail.mailbox({ bulk: 5 });
  await signedInWithMailbox(page, request, mailbox);
  await page.goto('/app');
  const nav = page.getByRole('navigation', { name: 'Navigation' });
  await expect(nav.getByRole('link', { name: /^Projekte/ })).toBeVisible();

  // A subfolder below "Projekte", through the row's menu.
  await nav.getByRole('link', { name: /^Projekte/ }).hover();
  await nav.getByRole('button', { name: 'Ordneraktionen für Projekte' }).click();
  await expect(page.getByRole('menuitem', { name: 'Umbenennen …' })).toBeVisible();
  // The menu fades in; the picture shows it settled.
  await expect(page.locator('.MuiMenu-paper')).toHaveCSS('opacity', '1');
  await screenshot(page, 'folder-menu-light');
  await page.getByRole('menuitem', { name: 'Neuer Unterordner …' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neuer Unterordner in „Projekte“' });
  await expect(dialog).toBeVisible();
  // A name the server cannot take is refused in German, and the dialog stays.
  await dialog.getByRole('textbox', { name: 'Name des Ordners' }).fill('Kunde Müller');
  await dialog.getByRole('button', { name: 'Anlegen' }).click();
  await expect(dialog.getByText('Hier gibt es schon einen Ordner mit diesem Namen.')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'folder-create-light');
  await dialog.getByRole('textbox', { name: 'Name des Ordners' }).fill('Belege 2026');
  await dialog.getByRole('button', { name: 'Anlegen' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Der Ordner „Belege 2026“ wurde angelegt.')).toBeVisible();
  await expect(nav.getByRole('link', { name: /^Belege 2026/ })).toBeVisible();
  await expect
    .poll(() => serverFolders(mail, mailbox.address, mailbox.password))
    .toContain('Projekte/Belege 2026');

  // Renamed: the drawer and the server follow.
  await nav.getByRole('link', { name: /^Belege 2026/ }).hover();
  await nav.getByRole('button', { name: 'Ordneraktionen für Belege 2026' }).click();
  await page.getByRole('menuitem', { name: 'Umbenennen …' }).click();
  const rename = page.getByRole('dialog', { name: 'Ordner „Belege 2026“ umbenennen' });
  await rename.getByRole('textbox', { name: 'Name des Ordners' }).fill('Quittungen');
  await rename.getByRole('button', { name: 'Umbenennen' }).click();
  await expect(rename).toBeHidden();
  await expect(nav.getByRole('link', { name: /^Quittungen/ })).toBeVisible();
  await expect
    .poll(() => serverFolders(mail, mailbox.address, mailbox.password))
    .toContain('Projekte/Quittungen');

  // Deleted after a confirmation, while it is open: the app goes back to the inbox.
  await nav.getByRole('link', { name: /^Quittungen/ }).click();
  await nav.getByRole('button', { name: 'Ordneraktionen für Quittungen' }).click();
  await page.getByRole('menuitem', { name: 'Löschen …' }).click();
  const confirm = page.getByRole('dialog', { name: 'Ordner „Quittungen“ löschen?' });
  await expect(confirm).toContainText('auch auf dem Mailserver gelöscht');
  await confirm.getByRole('button', { name: 'Löschen', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(/\/app$/);
  await expect(nav.getByRole('link', { name: /^Quittungen/ })).toHaveCount(0);
  await expect
    .poll(() => serverFolders(mail, mailbox.address, mailbox.password))
    .not.toContain('Projekte/Quittungen');

  // A folder holding mail goes into the Trash with its mail, as in Thunderbird.
  await nav.getByRole('link', { name: /^Projekte/ }).hover();
  await nav.getByRole('button', { name: 'Ordneraktionen für Projekte' }).click();
  await page.getByRole('menuitem', { name: 'Löschen …' }).click();
  const toTrash = page.getByRole('dialog', { name: 'Ordner „Projekte“ löschen?' });
  await expect(toTrash).toContainText('in den Papierkorb verschoben');
  await toTrash.getByRole('button', { name: 'In den Papierkorb' }).click();
  await expect(toTrash).toBeHidden();
  await expect(page.getByText('Der Ordner „Projekte“ liegt jetzt im Papierkorb.')).toBeVisible();
  await expect
    .poll(() => serverFolders(mail, mailbox.address, mailbox.password))
    .toContain('Trash/Projekte/Kunde Müller');

  // System folders offer no rename or delete.
  await nav
    .getByRole('link', { name: /^Posteingang/ })
    .last()
    .hover();
  await nav.getByRole('button', { name: 'Ordneraktionen für Posteingang' }).click();
  await expect(page.getByRole('menuitem', { name: 'Neuer Ordner …' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Löschen …' })).toHaveCount(0);
  await page.keyboard.press('Escape');
});

test('the Trash is emptied from its menu, for good and on the server too', async ({
  page,
  request,
  mail,
}) => {
  test.setTimeout(120_000);
  const mailbox = await mail.mailbox({ bulk: 5 });
  const client = await imapClient(mail.dovecot, mailbox.address, mailbox.password);
  try {
    await client.mailboxCreate('Trash').catch(() => undefined);
    for (let i = 0; i < 3; i++)
      await client.append('Trash', `From: a@b.de\r\nSubject: Alt ${i}\r\n\r\nWeg damit.\r\n`);
  } finally {
    await client.logout();
  }
  const inTrash = async () => {
    const c = await imapClient(mail.dovecot, mailbox.address, mailbox.password);
    try {
      const status = await c.status('Trash', { messages: true });
      return status ? status.messages : undefined;
    } finally {
      await c.logout();
    }
  };
  await signedInWithMailbox(page, request, mailbox);
  await page.goto('/app');
  const nav = page.getByRole('navigation', { name: 'Navigation' });
  await nav.getByRole('link', { name: /^Papierkorb/ }).hover();
  await nav.getByRole('button', { name: 'Ordneraktionen für Papierkorb' }).click();
  await page.getByRole('menuitem', { name: 'Papierkorb leeren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Papierkorb leeren?' });
  await expect(dialog).toContainText('Alle 3 E-Mails im Papierkorb werden endgültig gelöscht.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText('Der Papierkorb ist leer: 3 E-Mails wurden endgültig gelöscht.'),
  ).toBeVisible();
  await expect.poll(inTrash).toBe(0);
  // Nothing left to empty: the entry is there, but off.
  await nav.getByRole('link', { name: /^Papierkorb/ }).hover();
  await nav.getByRole('button', { name: 'Ordneraktionen für Papierkorb' }).click();
  await expect(page.getByRole('menuitem', { name: 'Papierkorb leeren' })).toBeDisabled();
  await page.keyboard.press('Escape');
});
