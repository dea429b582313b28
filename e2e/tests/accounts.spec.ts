import { imapClient } from '../../test-support/src/mail-fixtures.ts';
import { screenshot } from './helpers.ts';
import { expect, fillAccountForm, signedInWithMailbox, test } from './support/mail-stack.ts';

test('edit keeps the stored password when left blank; removal asks first and leaves the server alone', async ({
  page,
  request,
  mail,
}) => {
  test.setTimeout(120_000);
  const mailbox = await mail.mailbox({ bulk: 5 });
  await signedInWithMailbox(page, request, mailbox);
  await page.goto('/app/accounts');
  const actions = page.getByRole('group', { name: `Aktionen für ${mailbox.address}` });
  await expect(actions).toBeVisible();
  await expect(page.getByText('Verbunden mit Passwort (IMAP/SMTP)')).toBeVisible();

  // Edit: a new display name, the password field left blank.
  await actions.getByRole('button', { name: 'Bearbeiten' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('textbox', { name: 'Passwort', exact: true })).toHaveValue('');
  await dialog.getByRole('textbox', { name: 'Anzeigename' }).fill('Erika aus dem Büro');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(
    page.getByText(`Die Änderungen an ${mailbox.address} wurden gespeichert.`),
  ).toBeVisible();
  // The stored password still works. The result opens below the buttons: arriving, it moves
  // none of them (it once opened above them and grew by 41 px as the result replaced the progress
  // bar, so that a click pressed on 'Bearbeiten' was let go on the panel).
  const edit = actions.getByRole('button', { name: 'Bearbeiten' });
  const before = await edit.boundingBox();
  await actions.getByRole('button', { name: 'Verbindung testen' }).click();
  await expect(page.getByText(/IMAP.*erfolgreich|Verbindung.*erfolgreich/i).first()).toBeVisible({
    timeout: 20_000,
  });
  expect((await edit.boundingBox())?.y).toBe(before?.y);
  // For the picture only: the panel's opening (height) settles a moment after its text shows.
  await page.waitForTimeout(1000);
  await screenshot(page, 'accounts-connection-tested');

  // A new password is tested before it is saved: a wrong one is saved only when the user says so,
  // and the card's earlier success no longer shows.
  await edit.click();
  await dialog.getByRole('textbox', { name: 'Passwort', exact: true }).fill('falsch');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.getByText(/Die Änderungen wurden noch nicht gespeichert/)).toBeVisible({
    timeout: 20_000,
  });
  await dialog.getByRole('button', { name: 'Trotzdem speichern' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/IMAP.*erfolgreich|Verbindung.*erfolgreich/i)).toHaveCount(0);

  // Another server needs the password typed again: the stored one goes only where it was saved
  // for. Nothing is saved until it is given.
  await actions.getByRole('button', { name: 'Bearbeiten' }).click();
  await dialog.getByRole('textbox', { name: 'IMAP-Server' }).fill('imap.anderer-anbieter.de');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(
    dialog.getByText('Für einen anderen Server geben Sie bitte das Passwort erneut ein', {
      exact: false,
    }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('imap.anderer-anbieter.de')).toHaveCount(0);

  // Removal: a confirmation that starts on 'Abbrechen'; cancelling keeps the account.
  await actions.getByRole('button', { name: 'Entfernen' }).click();
  const confirm = page.getByRole('dialog', { name: 'E-Mail-Konto entfernen?' });
  await expect(confirm.getByText('Auf Ihrem Mailserver wird nichts gelöscht')).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(actions).toBeVisible();
  await actions.getByRole('button', { name: 'Entfernen' }).click();
  await confirm.getByRole('button', { name: 'Konto entfernen' }).click();
  await expect(page.getByText(`Das Konto ${mailbox.address} wurde entfernt.`)).toBeVisible();
  await expect(actions).toBeHidden();
  await expect(
    page.getByRole('navigation', { name: 'Navigation' }).getByText('Keine Konten konfiguriert'),
  ).toBeVisible();

  // The mail server still has every message.
  const client = await imapClient(mail.dovecot, mailbox.address, mailbox.password);
  const status = await client.status('INBOX', { messages: true });
  await client.logout();
  expect(status === false ? 0 : Number(status.messages)).toBeGreaterThanOrEqual(5);
});

test('a new account is tested before it is saved: a wrong password adds nothing until the user says so', async ({
  page,
  request,
  mail,
}) => {
  test.setTimeout(120_000);
  const mailbox = await mail.mailbox({ empty: true });
  const second = await mail.mailbox({ empty: true });
  const { access } = await signedInWithMailbox(page, request, mailbox);
  const addresses = async () =>
    (
      (await (
        await request.get('/api/accounts/', { headers: { authorization: `Bearer ${access}` } })
      ).json()) as { email_address: string }[]
    ).map((a) => a.email_address);

  await page.goto('/app/accounts');
  await page.getByRole('button', { name: 'Konto hinzufügen' }).first().click();
  await fillAccountForm(page, second);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Passwort', exact: true }).fill('falsches-Passwort');
  await dialog.getByRole('button', { name: 'Konto hinzufügen' }).click();
  await expect(dialog.getByText(/Das Konto wurde noch nicht hinzugefügt/)).toBeVisible({
    timeout: 20_000,
  });
  await expect(dialog.getByText(/Anmeldung/).first()).toBeVisible();
  expect(await addresses()).not.toContain(second.address);
  await expect(dialog.getByRole('button', { name: 'Trotzdem hinzufügen' })).toBeVisible();

  // The right password: the old result goes with the old settings; tested again, and saved.
  await dialog.getByRole('textbox', { name: 'Passwort', exact: true }).fill(second.password);
  await expect(dialog.getByText(/Das Konto wurde noch nicht hinzugefügt/)).toBeHidden();
  await dialog.getByRole('button', { name: 'Konto hinzufügen' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect.poll(addresses).toContain(second.address);
});
