import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { appendMessages } from '../../test-support/src/mailbox.ts';
import { imapClient } from '../../test-support/src/mail-fixtures.ts';
import { expectAccessible } from './helpers.ts';
import {
  brokenAccount,
  expect,
  signedInWithMailbox,
  test,
  type Mailbox,
} from './support/mail-stack.ts';

/** An account whose password is wrong: its fetch fails, and the failure card stays until closed. */
async function failingFetch(request: APIRequestContext, access: string, mailbox: Mailbox) {
  await brokenAccount(request, access, mailbox, 'kaputt');
  const accounts = (await (
    await request.get('/api/accounts/', { headers: { authorization: `Bearer ${access}` } })
  ).json()) as { id: number; email_address: string }[];
  const broken = accounts.find((a) => a.email_address.startsWith('kaputt.'))!;
  await request.post(`/api/tasks/fetch-emails/${broken.id}/`, {
    headers: { authorization: `Bearer ${access}` },
  });
}

/** Whether the element is what a tap at its centre would hit. */
const onTop = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return !!hit && element.contains(hit);
  });

/** The mail frame's height, and its document's: the frame is exactly as tall as the mail. */
async function frameFit(page: Page) {
  const frame = page.getByTitle('Inhalt der E-Mail');
  const element = await frame.elementHandle();
  const inside = await (await element.contentFrame())!.evaluate(() => ({
    scroll: document.documentElement.scrollHeight,
    client: document.documentElement.clientHeight,
    body: document.body.getBoundingClientRect().height,
  }));
  const resize = await frame.evaluate((f) => getComputedStyle(f.parentElement!).resize);
  return { height: (await frame.boundingBox())!.height, ...inside, resize };
}

test('a phone: notices stand above the task cards, and "Rückgängig" is not under a card', async ({
  page,
  request,
  mail,
}) => {
  test.setTimeout(90_000);
  const mailbox = await mail.mailbox({ bulk: 5 });
  const { access } = await signedInWithMailbox(page, request, mailbox);
  await failingFetch(request, access, mailbox);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/app');
  const card = page.getByTestId('task-card').filter({ hasText: 'kaputt.' });
  await expect(card).toHaveAttribute('data-status', 'FAILURE', { timeout: 30_000 });

  await page
    .getByRole('link', { name: /Ihre Jahresabrechnung 2026/ })
    .first()
    .click();
  await page
    .getByRole('toolbar', { name: 'Aktionen für diese E-Mail' })
    .getByRole('button', { name: 'Archivieren' })
    .click();
  const notice = page.getByRole('alert').filter({ hasText: 'E-Mail archiviert' });
  await expect(notice).toBeVisible();
  const undo = notice.getByRole('button', { name: 'Rückgängig' });
  // After the snackbar's entrance: it ends above the topmost card, and takes the tap.
  await expect
    .poll(async () => {
      const [noticeBox, cardBox] = [await notice.boundingBox(), await card.boundingBox()];
      return noticeBox!.y + noticeBox!.height <= cardBox!.y;
    })
    .toBe(true);
  expect(await onTop(undo)).toBe(true);
  await undo.click();
  await expect(page.getByRole('alert').filter({ hasText: 'E-Mail archiviert' })).toBeHidden();
});

test.describe('a phone of 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });

  test('the mail actions fit one row, the rarer ones in a menu; no shortcut list', async ({
    page,
    request,
    mail,
  }) => {
    const mailbox = await mail.mailbox({ bulk: 5 });
    await signedInWithMailbox(page, request, mailbox);
    await page.goto('/app');
    await page
      .getByRole('link', { name: /Ihre Jahresabrechnung 2026/ })
      .first()
      .click();
    const toolbar = page.getByRole('toolbar', { name: 'Aktionen für diese E-Mail' });
    const buttons = toolbar.getByRole('button');
    await expect(buttons).toHaveText(Array<string>(6).fill(''));
    const tops = await buttons.evaluateAll((all) =>
      all.map((b) => Math.round(b.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size).toBe(1);
    await expect(toolbar.getByRole('button', { name: 'Tastenkürzel anzeigen' })).toHaveCount(0);
    for (const name of ['Archivieren', 'Löschen', 'Als ungelesen markieren', 'Antworten'])
      await expect(toolbar.getByRole('button', { name, exact: true })).toBeVisible();
    await expectAccessible(page);

    // The privacy bar: its text above its buttons, not squeezed into a column beside them.
    const bar = page.getByRole('alert').filter({ hasText: 'Externe Inhalte wurden blockiert' });
    const text = await bar.locator('.MuiAlert-message').boundingBox();
    const showOnce = await bar.getByRole('button', { name: 'Einmal anzeigen' }).boundingBox();
    expect(showOnce!.y).toBeGreaterThanOrEqual(text!.y + text!.height - 1);

    // From the keyboard too: the menu opens, and "Verschieben" opens the folder list.
    const more = toolbar.getByRole('button', { name: 'Weitere Aktionen' });
    await more.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Allen antworten',
      'Weiterleiten',
      'Als Spam markieren',
      'Verschieben',
      'Kategorie ändern',
      'Original herunterladen',
    ]);
    await menu.getByRole('menuitem', { name: 'Verschieben' }).click();
    await expect(page.getByRole('menuitem', { name: /Archiv/ }).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await more.click();
    await page.getByRole('menuitem', { name: 'Allen antworten' }).click();
    await expect(page).toHaveURL(/\/app\/compose\/reply_all\/\d+$/);
  });
});

test('an HTML mail gets a frame as tall as itself: short ones short, long ones tall, at any width', async ({
  page,
  request,
  mail,
}) => {
  test.setTimeout(90_000);
  const mailbox = await mail.mailbox({ empty: true });
  const imap = await imapClient(mail.dovecot, mailbox.address, mailbox.password);
  const paragraph = (i: number) =>
    `<p>Absatz ${i}: Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.</p>`;
  await appendMessages(imap, 'INBOX', [
    {
      subject: 'Kurz in HTML',
      html: '<p>Hallo Erika,</p><p>passt am Freitag.</p><p>Gruß, Max</p>',
    },
    {
      subject: 'Lang in HTML',
      html:
        '<h1>Jahresbericht</h1>' +
        Array.from({ length: 40 }, (_, i) => paragraph(i + 1)).join('') +
        '<table width="500" border="1"><tr><td>Tabelle</td><td style="font-family: Georgia; font-size: 20px">Ende</td></tr></table>',
    },
  ]);
  await imap.logout();
  await signedInWithMailbox(page, request, mailbox);

  await page.goto('/app');
  await page.getByRole('link', { name: /Kurz in HTML/ }).click();
  await expect(page.frameLocator('iframe').getByText('passt am Freitag.')).toBeVisible();
  // The frame's own rules are kept: no scripts, no same origin.
  await expect(page.getByTitle('Inhalt der E-Mail')).toHaveAttribute(
    'sandbox',
    'allow-popups allow-popups-to-escape-sandbox',
  );
  let fit = await frameFit(page);
  expect(fit.height).toBeLessThan(160);
  expect(fit.height - fit.body).toBeLessThanOrEqual(2);
  expect(fit.resize).toBe('none');

  await page.goBack();
  await page.getByRole('link', { name: /Lang in HTML/ }).click();
  await expect(page.frameLocator('iframe').getByText('Absatz 40:')).toBeVisible();
  fit = await frameFit(page);
  expect(fit.height).toBeGreaterThan(1200);
  // Nothing scrolls inside the frame, and it has no white box below the mail.
  expect(fit.scroll).toBeLessThanOrEqual(fit.client);
  expect(fit.height - fit.body).toBeLessThanOrEqual(2);
  const wide = fit.height;

  // Narrower, the same mail takes more lines: the frame follows.
  await page.setViewportSize({ width: 375, height: 740 });
  // The width settles over a few frames (the drawer leaves, the scrollbar goes): the frame is
  // measured at each width, so only the settled state is judged.
  await expect
    .poll(
      async () => {
        const f = await frameFit(page);
        return {
          taller: f.height > wide + 400,
          noInnerScroll: f.scroll <= f.client,
          noWhiteBox: f.height - f.body <= 2,
        };
      },
      { timeout: 15_000 },
    )
    .toEqual({ taller: true, noInnerScroll: true, noWhiteBox: true });
});

test('a draft reopens as it was written: blank lines stay one line tall', async ({
  page,
  request,
  mail,
}) => {
  test.setTimeout(90_000);
  const mailbox = await mail.mailbox({ empty: true });
  await signedInWithMailbox(page, request, mailbox);
  await page.goto('/app/compose');
  await page.getByRole('combobox', { name: /^An/ }).fill('max@beispiel.de');
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'Betreff' }).fill('Leerzeilen');
  const body = page.getByRole('textbox', { name: 'Nachricht' });
  await body.click();
  for (const line of ['Sehr geehrter Herr Mustermann,', '', 'anbei die Unterlagen.', '', '']) {
    await page.keyboard.type(line);
    await page.keyboard.press('Enter');
  }
  await page.keyboard.type('Mit freundlichen Grüßen');
  // A line break at the end of a line is a line of its own, in the editor and after it.
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Max');
  const lines = () =>
    body.evaluate((editor) =>
      [...editor.children].map((p) => [
        p.textContent,
        Math.round(p.getBoundingClientRect().height),
      ]),
    );
  const written = await lines();
  await expect(page.getByText(/Entwurf gespeichert/)).toBeVisible({ timeout: 20_000 });

  await page.goto('/app');
  await page
    .getByRole('link', { name: /^Entwürfe\b/ })
    .first()
    .click();
  await page
    .getByRole('link', { name: /Leerzeilen/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Entwurf bearbeiten' })).toBeVisible();
  await expect(body).toContainText('Max');
  expect(await lines()).toEqual(written);
});

test('whoever asks the system for less motion gets no transitions', async ({ page }) => {
  const longest = (locator: Locator) =>
    locator.evaluate((element) => {
      const style = getComputedStyle(element);
      const seconds = (value: string) => Math.max(...value.split(',').map((v) => parseFloat(v)));
      return Math.max(seconds(style.transitionDuration), seconds(style.animationDuration));
    });
  await page.goto('/login');
  const button = page.getByRole('button', { name: 'Anmelden' });
  await expect(button).toBeVisible();
  // The theme follows the media query through a React re-render, a moment after the change; the
  // CSS rule for reduced motion applies at once. So each reading waits for the page to settle.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect.poll(() => longest(button)).toBeGreaterThan(0.1);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect.poll(() => longest(button)).toBeLessThan(0.001);
});

test('the drawer marks the page the address is on, through navigation inside the app', async ({
  page,
  request,
  mail,
}) => {
  const mailbox = await mail.mailbox({ bulk: 5 });
  await signedInWithMailbox(page, request, mailbox);
  await page.goto('/app');
  const drawer = page.getByRole('navigation', { name: 'Navigation', exact: true });
  const marked = drawer.locator('[aria-current="page"]');
  const inbox = drawer.getByTestId('drawer-inbox');
  await expect(inbox).toHaveAttribute('aria-current', 'page');

  await drawer.getByRole('link', { name: 'Kategorien verwalten' }).click();
  await expect(page.getByRole('heading', { name: 'Kategorien', level: 1 })).toBeVisible();
  await expect(marked).toHaveCount(1);
  await expect(drawer.getByRole('link', { name: 'Kategorien verwalten' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await drawer.getByRole('link', { name: 'Konten verwalten' }).click();
  await expect(page.getByRole('heading', { name: 'E-Mail-Konten', level: 1 })).toBeVisible();
  await expect(marked).toHaveCount(1);
  await expect(drawer.getByRole('link', { name: 'Konten verwalten' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // A mail is no drawer entry, the next one neither; the inbox is marked again once back.
  await inbox.click();
  await page.getByRole('main').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/app\/emails\/\d+$/);
  const first = page.url();
  await expect(marked).toHaveCount(0);
  await page.keyboard.press('j');
  await expect(page).not.toHaveURL(first);
  await expect(marked).toHaveCount(0);
  await page.getByRole('button', { name: 'Zurück zur Liste' }).click();
  await expect(inbox).toHaveAttribute('aria-current', 'page');
  await drawer.getByRole('link', { name: /^Ungelesen/ }).click();
  await expect(page.getByRole('heading', { name: 'Ungelesene', level: 1 })).toBeVisible();
  await expect(marked).toHaveCount(1);
  await expect(drawer.getByRole('link', { name: /^Ungelesen/ })).toHaveAttribute(
    'aria-current',
    'page',
  );
});
