import { lightAndDark, screenshot } from './helpers.ts';
import { expect, signedInWithMailbox, test } from './support/mail-stack.ts';

// Issue 22 point 3: questions to the mail, answered with the mails they come from.
test('q opens "Fragen Sie Ihre E-Mails": a counting question is answered exactly, a cited mail opens, the questions stay', async ({
  page,
  request,
  mail,
}) => {
  test.setTimeout(120_000);
  const mailbox = await mail.mailbox({ bulk: 5 });
  await signedInWithMailbox(page, request, mailbox);
  await page.goto('/app');
  await expect(
    page.getByRole('link', { name: /Protokoll der Teambesprechung/ }).first(),
  ).toBeVisible();

  await page.keyboard.press('q');
  await expect(page).toHaveURL(/\/app\/ask$/);
  await expect(page.getByRole('heading', { name: 'Fragen Sie Ihre E-Mails' })).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Ihre Frage' });
  await expect(field).toBeFocused();

  await field.fill('Wie viele E-Mails hat mir Julia Wagner geschrieben?');
  await field.press('Enter');
  const first = page.getByRole('article').filter({ hasText: 'Julia Wagner geschrieben?' });
  // The task's card says what runs (spec §2: 'KI Frage & Antwort').
  await expect(page.getByText('KI Frage & Antwort').first()).toBeVisible();
  await expect(first.getByTestId('ai-answer')).toHaveText(
    'Ich habe 1 E-Mail gefunden (von Julia Wagner).',
  );
  const cited = first.getByRole('link', { name: 'E-Mail „Protokoll der Teambesprechung“ öffnen' });
  await expect(cited).toBeVisible();
  await expect(field).toHaveValue('');

  // Something the mail does not say: said as such, not invented.
  await field.fill('Wann landet mein Flug in Tokio?');
  await page.getByRole('button', { name: 'Fragen', exact: true }).click();
  const second = page.getByRole('article').filter({ hasText: 'Flug in Tokio' });
  await expect(second).toContainText('Dazu habe ich in Ihren E-Mails nichts gefunden.');
  // Newest on top, the first still there.
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('article').first()).toContainText('Flug in Tokio');
  await lightAndDark(page, 'ai-ask');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'ai-ask-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // By keyboard alone: from the question field, Tab reaches the cited mail; Enter opens it.
  await field.focus();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    if (await cited.evaluate((el) => el === document.activeElement)) break;
  }
  await expect(cited).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/emails\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Protokoll der Teambesprechung' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(first.getByTestId('ai-answer')).toContainText('Ich habe 1 E-Mail gefunden');
});

// Issue 22 point 2: a sentence in the search field, searched by the AI, and back to plain search.
test('"Mit KI suchen" reads a sentence, lists its hits with what it understood, and leads back to plain search', async ({
  page,
  request,
  mail,
}) => {
  test.setTimeout(120_000);
  const mailbox = await mail.mailbox({ bulk: 5 });
  await signedInWithMailbox(page, request, mailbox);
  await page.goto('/app');
  const search = page.getByRole('searchbox', { name: 'E-Mails durchsuchen' });
  await search.fill('Mails von der Deutschen Bahn zur Reise nach Hamburg');
  await page.getByRole('button', { name: 'Mit KI suchen' }).click();
  await expect(page).toHaveURL(/\/app\/ai-search\?q=Mails/);
  await expect(page.getByRole('heading', { name: 'KI-Suche' })).toBeVisible();
  await expect(page.getByText(/^Gesucht: /)).toBeVisible();
  const hits = page.getByRole('list', { name: 'Ergebnisse der KI-Suche' });
  const hit = hits.getByRole('link').first();
  await expect(hit).toContainText('Ihre Reiseverbindung nach Hamburg');
  await expect(hit).toContainText('Deutsche Bahn');
  await lightAndDark(page, 'ai-search');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'ai-search-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // A hit opens the mail; back shows the same hits without searching again.
  let searches = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/tasks/ai-search/')) searches++;
  });
  await hit.click();
  await expect(
    page.getByRole('heading', { name: 'Ihre Reiseverbindung nach Hamburg' }),
  ).toBeVisible();
  await page.goBack();
  await expect(hits.getByRole('link').first()).toContainText('Ihre Reiseverbindung nach Hamburg');
  expect(searches).toBe(0);

  // Ctrl+Enter in the mailbox's field searches with AI too; the way back is plain search.
  await page.getByRole('link', { name: 'Ohne KI suchen' }).click();
  await expect(page).toHaveURL(/\/app\?q=Mails/);
  await expect(search).toHaveValue('Mails von der Deutschen Bahn zur Reise nach Hamburg');
  await search.fill('Einladung vom Sportverein');
  await search.press('Control+Enter');
  await expect(page).toHaveURL(/\/app\/ai-search\?q=Einladung/);
  await expect(hits.getByRole('link').first()).toContainText('Einladung zur Mitgliederversammlung');
});

test('a question whose task the server no longer lists says so instead of running for ever', async ({
  page,
  request,
  mail,
}) => {
  const mailbox = await mail.mailbox({ bulk: 1 });
  await signedInWithMailbox(page, request, mailbox);
  // This session asked it long ago, before a pause: the server forgot the finished task.
  await page.goto('/app');
  await page.evaluate(() =>
    sessionStorage.setItem(
      'brieftaube.questions',
      JSON.stringify([
        { taskId: '6f1c2b9e-0000-4000-8000-000000000000', question: 'Wann kommt mein Paket?' },
      ]),
    ),
  );
  await page.goto('/app/ask');
  const entry = page.getByRole('article').filter({ hasText: 'Wann kommt mein Paket?' });
  await expect(entry.getByRole('alert')).toHaveText(
    'Das Ergebnis liegt nicht mehr vor. Bitte versuchen Sie es erneut.',
  );
  await expect(entry.getByRole('status')).toHaveCount(0);
  // Settled for good: a reload finds it the same, not running again.
  await page.reload();
  await expect(entry.getByRole('alert')).toHaveText(
    'Das Ergebnis liegt nicht mehr vor. Bitte versuchen Sie es erneut.',
  );
});
