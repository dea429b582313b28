import type { Locator, Page } from '@playwright/test';
import { expect, signedInWithMailbox, test } from './support/mail-stack.ts';

/** Presses Tab until `target` has the focus; fails if it is not reachable within `limit` steps. */
async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (
      await target.evaluate(
        (el) => el === document.activeElement || el.contains(document.activeElement),
      )
    )
      return;
  }
  throw new Error(`not reachable by Tab: ${target.toString()}`);
}

const focusedEmailId = (page: Page) =>
  page.evaluate(
    () => document.activeElement?.closest('[data-email-id]')?.getAttribute('data-email-id') ?? null,
  );

test('every main action is reachable by keyboard alone', async ({ page, request, mail }) => {
  // A long walk through the app: 1 min on a quiet machine, 2.0–2.1 min on a slow VM, where
  // 120 s once ran out. A limit against a hang, not a speed check.
  test.setTimeout(300_000);
  const mailbox = await mail.mailbox({ bulk: 10 });
  await signedInWithMailbox(page, request, mailbox);
  await page.goto('/app');
  await expect(page.getByRole('heading', { name: 'Posteingang', level: 1 })).toBeVisible();
  await expect(page.locator('[data-email-id]').first()).toBeVisible();
  await expect(page).toHaveTitle('Posteingang – Brieftaube');

  // Tab reaches the top bar's compose button, and Enter opens the compose screen.
  await tabTo(
    page,
    page
      .getByRole('button', { name: 'Neue E-Mail' })
      .or(page.getByRole('link', { name: 'Neue E-Mail' }))
      .first(),
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/compose$/);
  // The browser tab names the screen (WCAG 2.4.2).
  await expect(page).toHaveTitle('Neue E-Mail – Brieftaube');
  // The compose screen puts the cursor into 'An', so typing goes straight into the recipient.
  const to = page.getByRole('combobox', { name: /^An/ });
  await expect(to).toBeFocused();
  await page.keyboard.type('kollege@beispiel.de');
  await expect(to).toHaveValue('kollege@beispiel.de');
  await page.goBack();

  // The first Tab offers to skip the top bar and the drawer; Enter lands in the content.
  await page.reload();
  await expect(page.locator('[data-email-id]').first()).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Zum Inhalt springen' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#inhalt')).toBeFocused();

  // j/k walk the list, Enter opens the focused mail, u/Escape lead back.
  await expect(page.locator('[data-email-id]').first()).toBeVisible();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  // The virtual list moves the focus once the row has rendered: a frame after the key press.
  await page.keyboard.press('j');
  await expect.poll(() => focusedEmailId(page)).not.toBeNull();
  const first = await focusedEmailId(page);
  await page.keyboard.press('j');
  await expect.poll(() => focusedEmailId(page)).not.toBe(first);
  await page.keyboard.press('k');
  await expect.poll(() => focusedEmailId(page)).toBe(first);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app/emails/${first}$`));
  await expect(page.getByRole('button', { name: 'Zurück zur Liste' })).toBeVisible();

  // In the open mail: r opens a reply prefilled with 'AW:'.
  await page.keyboard.press('r');
  await expect(page).toHaveURL(new RegExp(`/app/compose/reply/${first}$`));
  await expect(page.getByRole('textbox', { name: 'Betreff' })).toHaveValue(/^AW: /);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/app/emails/${first}$`));

  // The shortcut help opens with '?' and closes with Escape, focus returning to the page.
  // Once (of many runs) the help did not open, and nothing showed why: a failure now says where
  // the focus was and whether the mail's view and an overlay were there when '?' was pressed.
  await expect(page.getByRole('button', { name: 'Tastenkürzel anzeigen' })).toBeVisible();
  const before = await page.evaluate(() => ({
    focus: document.activeElement?.outerHTML.slice(0, 160),
    overlay: !!document.querySelector('.MuiModal-root:not(.MuiModal-hidden)'),
    frames: document.querySelectorAll('iframe').length,
  }));
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Tastenkürzel' });
  await expect(help, `'?' pressed with ${JSON.stringify(before)}`).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // j and k in the open mail go to the next and the previous mail of the list, as in Gmail;
  // Escape then still leads back to the list. A quick 'j k' is not lost while the next mail is
  // still loading: here its answer is held back until 'k' was pressed.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const details = /\/api\/emails\/\d+\/(\?.*)?$/;
  await page.route(details, async (route) => {
    if (!route.request().url().includes(`/api/emails/${first}/`)) await held;
    await route.continue();
  });
  await page.keyboard.press('j');
  await expect(page).not.toHaveURL(new RegExp(`/app/emails/${first}$`));
  await expect(page).toHaveURL(/\/app\/emails\/\d+$/);
  await page.keyboard.press('k');
  await expect(page).toHaveURL(new RegExp(`/app/emails/${first}$`));
  release();
  // The held answer may no longer be wanted (the app moved on): that is no error.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await expect(page.getByRole('button', { name: 'Zurück zur Liste' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Posteingang', level: 1 })).toBeVisible();

  // The category dialog is reached, filled and submitted by keyboard only.
  await page.goto('/app');
  await expect(page.getByRole('heading', { name: 'Posteingang', level: 1 })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Neue Kategorie erstellen' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Neue Kategorie erstellen' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Kategoriename' })).toBeFocused();
  await page.keyboard.type('Tastatur');
  await tabTo(page, dialog.getByRole('textbox', { name: 'Beschreibung' }), 10);
  await page.keyboard.type('Alles, was per Tastatur angelegt wurde.');
  await tabTo(page, dialog.getByRole('button', { name: 'Erstellen' }), 30);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await page.goto('/app/categories');
  await expect(page.getByText('Alles, was per Tastatur angelegt wurde.')).toBeVisible();
  await page.goto('/app');
  await expect(page.locator('[data-email-id]').first()).toBeVisible();

  // '#' moves the focused mail to the trash, and 'Rückgängig' brings it back.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('j');
  await expect.poll(() => focusedEmailId(page)).not.toBeNull();
  const doomed = await focusedEmailId(page);
  await page.keyboard.press('#');
  await expect(page.getByText('E-Mail in den Papierkorb verschoben')).toBeVisible();
  await expect(page.locator(`[data-email-id="${doomed}"]`)).toHaveCount(0);
  await page.screenshot({ path: 'artifacts/screenshots/undo-notice-light.png' });
  await page.getByRole('button', { name: 'Rückgängig' }).click();
  await expect(page.getByText('Die E-Mail ist wieder in ihrem Ordner.')).toBeVisible();
  await expect(page.locator(`[data-email-id="${doomed}"]`)).toBeVisible();
  // So does Entf (Delete), as in Thunderbird and Outlook.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('j');
  await expect.poll(() => focusedEmailId(page)).not.toBeNull();
  const deleted = await focusedEmailId(page);
  await page.keyboard.press('Delete');
  await expect(page.locator(`[data-email-id="${deleted}"]`)).toHaveCount(0);
  await page.getByRole('button', { name: 'Rückgängig' }).click();
  await expect(page.locator(`[data-email-id="${deleted}"]`)).toBeVisible();
  await page.goto('/app?folder_type=trash');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator(`[data-email-id="${doomed}"]`)).toHaveCount(0);
  await page.goto('/app');
  await expect(page.locator('[data-email-id]').first()).toBeVisible();

  // '/' puts the focus into the search field; 'c' opens a new mail.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'E-Mails durchsuchen' })).toBeFocused();
  await page.keyboard.press('Escape');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('c');
  await expect(page).toHaveURL(/\/app\/compose$/);
});
