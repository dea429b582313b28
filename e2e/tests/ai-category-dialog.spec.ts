import { expectAccessible, screenshot } from './helpers.ts';
import { expect, signedInWithMailbox, test } from './support/mail-stack.ts';

const SUGGESTION_PATH = '/api/tasks/ai-category-description/';

// Issue 22 point 1 (spec §2): the category dialog asks the built-in engine for a description
// when the name field is left with a name and no description.
test('the category dialog suggests a description on leaving the name and takes it over on "Übernehmen"', async ({
  page,
  request,
  mail,
}) => {
  test.setTimeout(90_000);
  const mailbox = await mail.mailbox();
  const { access } = await signedInWithMailbox(page, request, mailbox);
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(SUGGESTION_PATH)) asked.push(r.postData() ?? '');
  });
  await page.goto('/app');
  await page.getByRole('button', { name: 'Neue Kategorie erstellen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neue Kategorie erstellen' });
  const name = dialog.getByRole('textbox', { name: 'Kategoriename' });
  const description = dialog.getByRole('textbox', { name: 'Beschreibung' });

  await name.fill('Rechnungen');
  await name.press('Tab');
  const suggestion = dialog.getByTestId('description-suggestion');
  await expect(suggestion).toContainText('Vorschlag:');
  await expect(suggestion).toContainText('Rechnungen, Zahlungsaufforderungen und Abrechnungen');
  expect(asked).toHaveLength(1);
  expect(JSON.parse(asked[0]!)).toEqual({ name: 'Rechnungen' });
  await expectAccessible(page);
  await screenshot(page, 'category-dialog-suggestion');
  const offered = (await suggestion.textContent())!
    .replace(/^Vorschlag:\s*/, '')
    .replace(/Übernehmen$/, '')
    .trim();

  await suggestion.getByRole('button', { name: 'Übernehmen' }).click();
  await expect(description).toHaveValue(offered);
  await expect(suggestion).toBeHidden();
  await dialog.getByRole('button', { name: 'Erstellen' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () => {
      const response = await request.get('/api/categories/', {
        headers: { authorization: `Bearer ${access}` },
      });
      return ((await response.json()) as { name: string; description: string }[]).map(
        (c) => `${c.name}: ${c.description}`,
      );
    })
    .toEqual([`Rechnungen: ${offered}`]);

  // A description typed first: leaving the name asks for nothing.
  await page.getByRole('button', { name: 'Neue Kategorie erstellen' }).click();
  await description.fill('Post vom Sportverein: Einladungen, Beiträge, Termine.');
  await name.fill('Verein');
  await name.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Erstellen' })).toBeVisible();
  await page.waitForTimeout(300);
  expect(asked).toHaveLength(1);
  await expect(suggestion).toBeHidden();
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();

  // A failed suggestion is only logged (spec §8): the dialog stays as it was.
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.route(`**${SUGGESTION_PATH}`, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"kaputt"}' }),
  );
  await page.getByRole('button', { name: 'Neue Kategorie erstellen' }).click();
  await name.fill('Reisen');
  await name.press('Tab');
  await expect.poll(() => warnings.some((w) => w.includes('suggestion failed'))).toBe(true);
  await expect(suggestion).toBeHidden();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(name).toHaveValue('Reisen');
  await expect(description).toHaveValue('');

  // The suggestion in dark and on a phone, reached by keyboard alone: Tab from the name field.
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await page.unroute(`**${SUGGESTION_PATH}`);
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByRole('button', { name: 'Menü öffnen oder schließen' }).click();
  await page.getByRole('button', { name: 'Neue Kategorie erstellen' }).click();
  await name.fill('Newsletter');
  await name.press('Tab');
  await expect(suggestion).toContainText('Vorschlag:');
  await page.keyboard.press('Tab');
  await expect(suggestion.getByRole('button', { name: 'Übernehmen' })).toBeFocused();
  await expectAccessible(page);
  await screenshot(page, 'category-dialog-suggestion-phone-dark');
  await page.keyboard.press('Enter');
  await expect(description).not.toHaveValue('');
});
