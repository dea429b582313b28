import type { APIRequestContext } from '@playwright/test';
import { lightAndDark, screenshot } from './helpers.ts';
import { expect, signedInWithMailbox, test } from './support/mail-stack.ts';

const CATEGORIES = [
  {
    name: 'Rechnungen',
    description: 'Rechnungen und Abrechnungen von Versorgern, Händlern und Dienstleistern.',
  },
  {
    name: 'Verein',
    description: 'Post vom Sportverein: Einladungen, Mitgliederversammlung und Beiträge.',
  },
  {
    name: 'Reisen',
    description: 'Fahrkarten, Buchungen und Reiseverbindungen: Bahn, Flüge und Hotels.',
  },
];

interface ListedMail {
  id: number;
  subject: string;
  category: number | null;
  category_source: 'user' | 'ai' | null;
}

async function mails(request: APIRequestContext, access: string): Promise<ListedMail[]> {
  const res = await request.get('/api/emails/?limit=200', {
    headers: { authorization: `Bearer ${access}` },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as ListedMail[];
}

// Issue 22 points 5 and 6: categorising by AI from the category page, the AI's mark on what it
// filed, a correction with one click, and proposals taken over under another name.
test('"Mit KI einsortieren" files mail with a mark the user confirms or corrects; a proposal becomes a category', async ({
  page,
  request,
  mail,
}) => {
  test.setTimeout(150_000);
  // 40 generated mails beside the letters: enough alike for the cluster analysis.
  const mailbox = await mail.mailbox({ bulk: 40 });
  const { access, accountId } = await signedInWithMailbox(page, request, mailbox);
  const auth = { authorization: `Bearer ${access}` };
  const ids: Record<string, number> = {};
  for (const category of CATEGORIES) {
    const res = await request.post('/api/categories/', {
      headers: auth,
      data: { ...category, account: accountId },
    });
    expect(res.ok(), await res.text()).toBe(true);
    ids[category.name] = ((await res.json()) as { id: number }).id;
  }

  await page.goto('/app/categories');
  await page.getByRole('button', { name: 'Mit KI einsortieren', exact: true }).click();
  const menu = page.getByRole('menu', { name: 'Was soll die KI einsortieren?' });
  await expect(menu).toBeVisible();
  await menu.getByRole('menuitem', { name: /^E-Mails ohne Kategorie/ }).click();
  // The task card says it ends; the page keeps what it did (the card goes after 4 s).
  const run = page.getByTestId('categorize-run');
  await expect(run).toContainText(/Die KI hat \d+ E-Mails? einsortiert\./, { timeout: 60_000 });

  // What the AI filed, as the server has it; the page shows the same counts.
  const filed = (await mails(request, access)).filter((m) => m.category_source === 'ai');
  expect(filed.length).toBeGreaterThan(0);
  for (const category of CATEGORIES) {
    const n = filed.filter((m) => m.category === ids[category.name]).length;
    const row = page.getByRole('link', { name: new RegExp(`^${category.name}\\b`) });
    if (n > 0) await expect(row).toContainText(String(n));
  }
  const invoice = filed.find((m) => m.subject === 'Ihre Jahresabrechnung 2026');
  expect(invoice?.category).toBe(ids.Rechnungen);

  // The run is taken back, and done again.
  await expect(run).toContainText(`Die KI hat ${filed.length} E-Mails einsortiert.`);
  await run.getByRole('button', { name: 'Rückgängig' }).click();
  await expect(run).toContainText(
    `Rückgängig gemacht: ${filed.length} E-Mails liegen wieder, wo sie waren.`,
  );
  expect((await mails(request, access)).filter((m) => m.category_source === 'ai')).toEqual([]);
  await page.getByRole('button', { name: 'Mit KI einsortieren', exact: true }).click();
  await menu.getByRole('menuitem', { name: /^E-Mails ohne Kategorie/ }).click();
  await expect
    .poll(async () => (await mails(request, access)).filter((m) => m.category_source === 'ai'), {
      timeout: 60_000,
    })
    .toHaveLength(filed.length);

  // The list marks the AI's choice; the mail offers to confirm or correct it.
  await page.goto('/app');
  const row = page.getByRole('link', { name: /Ihre Jahresabrechnung 2026/ }).first();
  await expect(
    row.getByRole('img', { name: /^Von der KI einsortiert · Sicherheit \d+ %$/ }),
  ).toBeVisible();
  await row.click();
  await expect(
    page.getByRole('button', { name: 'Kategorie „Rechnungen“ bestätigen' }),
  ).toBeVisible();
  await lightAndDark(page, 'ai-filed-mail');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'ai-filed-mail-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Andere Kategorie wählen' }).click();
  await page.getByRole('menuitem', { name: 'Verein' }).click();
  await expect(page.getByRole('button', { name: /bestätigen$/ })).toHaveCount(0);
  await expect
    .poll(async () => (await mails(request, access)).find((m) => m.id === invoice!.id))
    .toMatchObject({ category: ids.Verein, category_source: 'user' });

  // Proposals from the mail still without a category.
  await page.goto('/app/categories');
  await page.getByRole('button', { name: `Kategorien vorschlagen: ${mailbox.address}` }).click();
  const proposals = page.getByRole('region', { name: 'Vorschläge der KI' });
  const first = proposals.getByRole('article').first();
  await expect(first).toBeVisible({ timeout: 60_000 });
  await expect(
    first.getByRole('list', { name: 'Beispiele' }).getByRole('link').first(),
  ).toBeVisible();
  await lightAndDark(page, 'ai-proposals');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'ai-proposals-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  const size = Number(/(\d+) E-Mails?/.exec((await first.textContent()) ?? '')?.[1]);
  const name = first.getByRole('textbox', { name: 'Name der Kategorie' });
  await name.fill('Meine Auswahl');
  await first.getByRole('button', { name: 'Vorschlag „Meine Auswahl“ übernehmen' }).click();
  await expect(
    page.getByText(
      size === 1
        ? 'Kategorie „Meine Auswahl“ angelegt, 1 E-Mail einsortiert.'
        : `Kategorie „Meine Auswahl“ angelegt, ${size} E-Mails einsortiert.`,
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /^Meine Auswahl\b/ })).toBeVisible();

  // Selected mails only: one mail chosen in the list goes to the AI, nothing else.
  await page.goto('/app');
  await page
    .getByRole('checkbox', { name: 'E-Mail „Ihre Reiseverbindung nach Hamburg“ auswählen' })
    .check();
  await page.getByRole('button', { name: 'Kategorie zuweisen' }).click();
  await page.getByRole('menuitem', { name: '1 E-Mail mit KI einsortieren' }).click();
  const aiRuns = async () =>
    Object.values(
      (await (await request.get('/api/status/all-tasks/', { headers: auth })).json()) as Record<
        string,
        {
          task_type: string;
          status: string;
          result: { categorized: number; uncertain: number } | null;
        }
      >,
    ).filter((task) => task.task_type === 'AI_CATEGORIZE' && task.status === 'SUCCESS');
  await expect
    .poll(
      async () =>
        (await aiRuns()).some((task) => task.result!.categorized + task.result!.uncertain === 1),
      {
        timeout: 60_000,
      },
    )
    .toBe(true);
});
