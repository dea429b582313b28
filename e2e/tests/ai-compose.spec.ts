import PostalMime from 'postal-mime';
import { expectAccessible, screenshot } from './helpers.ts';
import { expect, signedInWithMailbox, test } from './support/mail-stack.ts';

// Issue 22 point 4: a reply suggestion in the user's register, reviewed before it is inserted,
// undone with Ctrl+Z, inserted again and sent.
test('"KI-Vorschlag" in a reply: shown for review, inserted on "Einfügen", undone with Ctrl+Z, and sent', async ({
  page,
  request,
  mail,
}) => {
  test.setTimeout(120_000);
  const mailbox = await mail.mailbox({ bulk: 5 });
  await signedInWithMailbox(page, request, mailbox);
  await page.goto('/app');
  await page
    .getByRole('link', { name: /Julia Wagner.*Protokoll der Teambesprechung/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Antworten', exact: true }).first().click();
  await expect(page).toHaveURL(/\/app\/compose\/reply\/\d+$/);
  const body = page.getByRole('textbox', { name: 'Nachricht' });
  await expect(body).toContainText('Bitte ergänzt bis Freitag eure Punkte.');
  const before = await body.innerText();

  await page.getByRole('button', { name: 'KI-Vorschlag' }).click();
  const panel = page.getByRole('dialog', { name: 'Vorschlag der KI' });
  const suggestion = panel.getByTestId('ai-suggestion');
  // Greeting and closing as the user wrote to Julia before ("Hallo Julia," … "Viele Grüße"),
  // and Du as the thread writes ("ergänzt eure Punkte").
  await expect(suggestion).toContainText(/^Hallo Julia,/);
  await expect(suggestion).toContainText(/Viele Grüße$/);
  await expect(suggestion).not.toContainText(/\b(Ihnen|Ihre)\b/);
  await expect(page.getByText('KI-Vorschlag').last()).toBeVisible();
  // Shown, not yet in the mail.
  // (The dialog hides the form from the accessibility tree: the editor is read by its id.)
  expect(await page.locator('#compose-body').innerText()).toBe(before);
  await expectAccessible(page);
  await screenshot(page, 'ai-compose-suggestion-light');
  const text = (await suggestion.innerText()).trim();

  await panel.getByRole('button', { name: 'Einfügen' }).click();
  await expect(panel).toBeHidden();
  await expect(body).toContainText('Hallo Julia,');
  await expect(body).toContainText('Bitte ergänzt bis Freitag eure Punkte.');
  // One step back takes the suggestion out again, the quote stays.
  await page.keyboard.press('Control+z');
  await expect(body).not.toContainText('Hallo Julia,');
  await expect(body).toContainText('Bitte ergänzt bis Freitag eure Punkte.');

  // Again in dark, and on a phone.
  await page.getByRole('button', { name: 'Dunkles Design aktivieren' }).click();
  await page.getByRole('button', { name: 'KI-Vorschlag' }).click();
  await expect(suggestion).toContainText(/^Hallo Julia,/);
  await expectAccessible(page);
  await screenshot(page, 'ai-compose-suggestion-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'ai-compose-suggestion-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await panel.getByRole('button', { name: 'Einfügen' }).click();
  const sentBefore = mail.smtp.received.length;
  await page.getByRole('button', { name: 'Senden' }).click();
  await expect(page.getByText('E-Mail wurde gesendet.')).toBeVisible({ timeout: 20_000 });
  const [sent] = (await mail.smtp.waitFor(sentBefore + 1)).slice(sentBefore);
  expect(sent!.to).toEqual(['julia.wagner@beispiel.de']);
  const parsed = await PostalMime.parse(sent!.raw);
  expect(parsed.subject).toBe('AW: Protokoll der Teambesprechung');
  const firstLine = text.split('\n')[0]!;
  expect(parsed.text?.trimStart().startsWith(firstLine)).toBe(true);
  // The quote follows below, as it was.
  expect(parsed.text).toMatch(
    /\n> anbei das Protokoll vom Dienstag\. Bitte ergänzt bis Freitag eure Punkte\./,
  );
});
