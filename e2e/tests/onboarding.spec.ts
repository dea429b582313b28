import type { Page } from '@playwright/test';
import { expectAccessible, registerViaUi, screenshot, uniqueUser } from './helpers.ts';
import { expect, fillAccountForm, test } from './support/mail-stack.ts';

/** The user's fetch tasks as the server lists them (the session of the page). */
function fetchTasks(page: Page) {
  return page.evaluate(async () => {
    const res = await fetch('/api/status/all-tasks/', {
      headers: { authorization: `Bearer ${localStorage.getItem('accessToken')}` },
    });
    const all = (await res.json()) as Record<string, { task_type: string; message: string }>;
    return Object.values(all)
      .filter((t) => t.task_type === 'FETCH')
      .map((t) => t.message);
  });
}

test('onboarding resumes at every step after a reload and in a second tab, and fetches once', async ({
  page,
  mail,
}) => {
  test.setTimeout(120_000);
  const mailbox = await mail.mailbox();
  await registerViaUi(page, uniqueUser());
  const welcome = page.getByRole('heading', { name: /^Willkommen bei Brieftaube/ });
  await expect(welcome).toBeVisible();
  await page.reload();
  await expect(welcome).toBeVisible();

  await page.getByRole('button', { name: 'Weiter' }).click();
  const accountStep = page.getByRole('heading', { name: 'Ihr erstes E-Mail-Konto' });
  await expect(accountStep).toBeVisible();
  await page.reload();
  await expect(accountStep).toBeVisible();

  await fillAccountForm(page, mailbox);
  await page.getByRole('button', { name: 'Konto hinzufügen' }).click();
  const fetchStep = page.getByRole('heading', {
    name: /^(Ihre E-Mails werden abgerufen|Ihre E-Mails sind da)$/,
  });
  await expect(fetchStep).toBeVisible();
  // Reloaded while the fetch runs (or just after): the same fetch, followed to its end.
  await page.reload();
  await expect(fetchStep).toBeVisible();
  const done = page.getByRole('heading', { name: 'Ihre E-Mails sind da' });
  const firstFetch = page.getByText(/E-Mail-Abruf abgeschlossen: \d+ neue E-Mails\./);
  await expect(done).toBeVisible({ timeout: 30_000 });
  await expect(firstFetch).toBeVisible();
  await page.reload();
  await expect(done).toBeVisible();
  await expect(firstFetch).toBeVisible();
  // The one onboarding step screens.spec.ts cannot reach without a mail account, saved in the
  // same way, at desktop and phone width.
  await expectAccessible(page);
  await screenshot(page, 'screen-onboarding-fetch-done-light');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'screen-onboarding-fetch-done-phone-light');
  await page.setViewportSize({ width: 1280, height: 800 });

  const second = await page.context().newPage();
  await second.goto('/onboarding');
  await expect(second.getByRole('heading', { name: 'Ihre E-Mails sind da' })).toBeVisible();
  await expect(second.getByText(/E-Mail-Abruf abgeschlossen: \d+ neue E-Mails\./)).toBeVisible();
  await second.close();
  // Neither the reloads nor the second tab started a fetch of their own.
  expect(await fetchTasks(page)).toEqual([
    expect.stringMatching(/E-Mail-Abruf abgeschlossen: \d+ neue E-Mails\./),
  ]);
  await expect(page.getByText('keine neuen E-Mails')).toHaveCount(0);

  // Issue 22: categories from the user's own mail and common ones, filled before the end.
  await page.getByRole('button', { name: 'Weiter' }).click();
  const categoriesStep = page.getByRole('heading', { name: 'Kategorien für Ihre Post' });
  await expect(categoriesStep).toBeVisible();
  const own = page.getByRole('region', { name: 'Aus Ihren E-Mails' });
  const proposed = own.getByRole('checkbox');
  await expect(proposed.first()).toBeChecked({ timeout: 60_000 });
  const proposedCount = await proposed.count();
  // Over a reload the same proposals, not a second analysis.
  await page.reload();
  await expect(categoriesStep).toBeVisible();
  await expect(own.getByRole('checkbox')).toHaveCount(proposedCount);
  const common = page.getByRole('region', { name: 'Häufig genutzt' });
  await expect(common.getByRole('checkbox', { name: /^Rechnungen/ })).not.toBeChecked();
  await common.getByRole('checkbox', { name: /^Rechnungen/ }).check();
  await expectAccessible(page);
  await screenshot(page, 'onboarding-categories-light');
  await page.getByRole('button', { name: 'Dunkles Design aktivieren' }).click();
  await expectAccessible(page);
  await screenshot(page, 'onboarding-categories-dark');
  await page.getByRole('button', { name: 'Helles Design aktivieren' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'onboarding-categories-phone-light');
  await page.setViewportSize({ width: 1280, height: 800 });
  const chosen = proposedCount + 1;
  await page
    .getByRole('button', {
      name:
        chosen === 1
          ? '1 Kategorie anlegen und einsortieren'
          : `${chosen} Kategorien anlegen und einsortieren`,
    })
    .click();
  await expect(page.getByText(/^Fertig: \d+ E-Mails? wurden? einsortiert\.$/)).toBeVisible({
    timeout: 60_000,
  });
  const categories = (await (
    await page.request.get('/api/categories/', {
      headers: {
        authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}`,
      },
    })
  ).json()) as { name: string; email_count: number }[];
  expect(categories).toHaveLength(chosen);
  expect(categories.map((c) => c.name)).toContain('Rechnungen');
  // The proposals were accepted with their mail.
  expect(categories.filter((c) => c.name !== 'Rechnungen').every((c) => c.email_count > 0)).toBe(
    true,
  );
  await page.getByRole('button', { name: 'Weiter' }).click();

  const finish = page.getByRole('heading', { name: 'Alles bereit' });
  await expect(finish).toBeVisible();
  await page.reload();
  await expect(finish).toBeVisible();
  await expect(page.getByText(`Ihr E-Mail-Konto ${mailbox.address} ist verbunden.`)).toBeVisible();
  await page.getByRole('button', { name: 'Zu Brieftaube' }).click();
  await expect(page).toHaveURL(/\/app$/);
});

test('a failed first fetch stays failed over a reload until the user corrects the account', async ({
  page,
  mail,
}) => {
  test.setTimeout(120_000);
  const mailbox = await mail.mailbox({ empty: true });
  await registerViaUi(page, uniqueUser());
  await page.getByRole('button', { name: 'Weiter' }).click();
  await fillAccountForm(page, { ...mailbox, password: 'falsches-Passwort' });
  // The connection test before saving fails too; the user saves anyway.
  await page.getByRole('button', { name: 'Konto hinzufügen' }).click();
  await page.getByRole('button', { name: 'Trotzdem hinzufügen' }).click();
  const failed = page.getByRole('alert').filter({ hasText: 'Der Abruf ist fehlgeschlagen.' });
  await expect(failed).toContainText('Anmeldung beim Mailserver fehlgeschlagen');
  await page.reload();
  await expect(failed).toContainText('Anmeldung beim Mailserver fehlgeschlagen');
  expect(await fetchTasks(page)).toHaveLength(1);

  await page.getByRole('button', { name: 'Einstellungen ändern' }).click();
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(mailbox.password);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByRole('heading', { name: 'Ihre E-Mails sind da' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(failed).toHaveCount(0);
  expect(await fetchTasks(page)).toHaveLength(2);

  // Skipping the rest and reloading at the end: still the end.
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('button', { name: 'Überspringen' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Alles bereit' })).toBeVisible();
});

test('a skipped account step stays skipped over a reload', async ({ page }) => {
  await registerViaUi(page, uniqueUser());
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('button', { name: 'Später einrichten' }).click();
  const finish = page.getByRole('heading', { name: 'Alles bereit' });
  await expect(finish).toBeVisible();
  await page.reload();
  await expect(finish).toBeVisible();
  await expect(page.getByText('Übersprungen')).toHaveCount(3);
  await page.getByRole('button', { name: 'Zurück' }).click();
  await expect(page.getByRole('heading', { name: 'Ihr erstes E-Mail-Konto' })).toBeVisible();
});
