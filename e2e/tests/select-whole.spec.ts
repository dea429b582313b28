import { imapClient } from '../../test-support/src/mail-fixtures.ts';
import { expect, signedInWithMailbox, test } from './support/mail-stack.ts';

test('"select all" reaches past the loaded rows to the whole list, and acts on all of it', async ({
  page,
  request,
  mail,
}) => {
  test.setTimeout(120_000);
  // More than the list loads at first (100 rows), as in any mailbox that has been used a while.
  const mailbox = await mail.mailbox({ bulk: 140 });
  await signedInWithMailbox(page, request, mailbox);
  const client = await imapClient(mail.dovecot, mailbox.address, mailbox.password);
  try {
    // The unified list holds every folder but Trash and Spam.
    let listTotal = 0;
    const paths: string[] = [];
    for (const box of await client.list({ statusQuery: { messages: true } }))
      if (box.specialUse !== '\\Trash' && box.specialUse !== '\\Junk') {
        listTotal += box.status?.messages ?? 0;
        paths.push(box.path);
      }
    expect(listTotal).toBeGreaterThan(140);

    await page.goto('/app');
    await expect(page.locator('[data-email-id]').first()).toBeVisible();
    await page.getByRole('checkbox', { name: 'Alle angezeigten E-Mails auswählen' }).check();
    const banner = page.getByTestId('select-whole');
    await expect(banner).toContainText('Alle 100 geladenen E-Mails sind ausgewählt.');
    await expect(page.getByRole('toolbar')).toContainText('100 ausgewählt');

    await banner.getByRole('button', { name: 'Alle E-Mails dieser Liste auswählen' }).click();
    await expect(banner).toContainText(`Alle ${listTotal} E-Mails dieser Liste sind ausgewählt.`);
    await expect(page.getByRole('toolbar')).toContainText(`${listTotal} ausgewählt`);

    // Starring them all reaches every message on the server, also those never loaded.
    await page.getByRole('toolbar').getByRole('button', { name: 'Markieren', exact: true }).click();
    await expect(page.getByText(`${listTotal} E-Mails markiert`)).toBeVisible();
    await expect
      .poll(async () => {
        let flagged = 0;
        for (const path of paths) {
          const lock = await client.getMailboxLock(path);
          try {
            flagged += ((await client.search({ flagged: true }, { uid: true })) || []).length;
          } finally {
            lock.release();
          }
        }
        return flagged;
      })
      .toBe(listTotal);

    // On a phone the bulk toolbar fits without scrolling; the rarer actions wait in a menu.
    await page.setViewportSize({ width: 360, height: 740 });
    const toolbar = page.getByRole('toolbar', { name: 'Aktionen für die Liste' });
    await expect(toolbar.getByRole('button', { name: 'Weitere Aktionen' })).toBeVisible();
    expect(await toolbar.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await toolbar.getByRole('button', { name: 'Weitere Aktionen' }).click();
    await expect(page.getByRole('menuitem', { name: 'Kategorie zuweisen' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Unticking one row leaves the loaded rows selected, and the offer comes back.
    await page.locator('[data-email-id]').first().getByRole('checkbox').uncheck();
    await expect(page.getByRole('toolbar')).toContainText('99 ausgewählt');
    await expect(banner).toBeHidden();
    await page.getByRole('checkbox', { name: 'Auswahl aufheben' }).uncheck();
    await expect(banner).toBeHidden();

    // Starred mail has its own entry in the drawer, as Gmail's "Markiert".
    await page
      .getByRole('navigation', { name: 'Navigation' })
      .getByRole('link', { name: 'Markiert' })
      .click();
    await expect(page).toHaveURL(/flagged=true/);
    await expect(page.getByRole('heading', { name: 'Markiert' })).toBeVisible();
    await expect(page.locator('[data-email-id]').first()).toBeVisible();
  } finally {
    await client.logout();
  }
});
