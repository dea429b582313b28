import type { Browser, Locator, Page } from '@playwright/test';
import { COLOUR_RULES, expectAccessible, screenshot } from './helpers.ts';
import { uniqueStamp } from './support/base.ts';
import { expect, signedInWithMailbox, test } from './support/mail-stack.ts';

type Theme = 'light' | 'dark';

const PHONE = { width: 390, height: 844 };
/** Time the phone pictures add to the run, reported at the end of the light pass. */
const phoneTime = { ms: 0, screens: 0 };

const painted = (page: Page) =>
  page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );

/**
 * axe-core finds nothing serious, and the screen is saved for a person to look at. In the light
 * pass the same screen is saved at phone width too, in the page as it is: the viewport narrows
 * for the picture and widens again, which costs far less than a third pass through every screen.
 */
async function check(
  page: Page,
  name: string,
  theme: Theme,
  {
    phone = theme === 'light',
    atPhone,
  }: {
    phone?: boolean;
    /** What to do or check at phone width before the picture (undone by the caller). */
    atPhone?: () => Promise<void>;
  } = {},
): Promise<void> {
  // The run asks for reduced motion (playwright.config.ts): a dialog is in place at once, and
  // two frames paint it, so axe does not measure half-faded colours.
  await painted(page);
  await expectAccessible(page, theme === 'dark' ? { rules: COLOUR_RULES } : {});
  await screenshot(page, `screen-${name}-${theme}`);
  if (phone) await atPhoneWidth(page, name, theme, atPhone);
}

async function atPhoneWidth(
  page: Page,
  name: string,
  theme: Theme,
  atPhone?: () => Promise<void>,
): Promise<void> {
  const started = performance.now();
  const viewport = page.viewportSize();
  await page.setViewportSize(PHONE);
  // One frame for the media queries to re-render the layout, one for it to be painted.
  await painted(page);
  await atPhone?.();
  // Nothing may stick out sideways: a phone would scroll the whole page left and right.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect.soft(overflow, `${name} is wider than a phone`).toBe(0);
  await screenshot(page, `screen-${name}-phone-${theme}`);
  if (viewport) await page.setViewportSize(viewport);
  phoneTime.ms += performance.now() - started;
  phoneTime.screens += 1;
}

/** Left edge and top and bottom of what a locator shows. */
async function box(locator: Locator) {
  const rect = await locator.boundingBox();
  expect(rect).not.toBeNull();
  return { left: rect!.x, top: rect!.y, bottom: rect!.y + rect!.height };
}

/** Whether a text shows whole, not cut to an ellipsis (or to nothing) by a narrow row. */
const shownWhole = (locator: Locator) =>
  locator.evaluate((element) => element.scrollWidth <= element.clientWidth);

async function themedPage(browser: Browser, theme: Theme): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
  return context.newPage();
}

// Light and dark are independent: one per worker.
test.describe.configure({ mode: 'parallel' });

for (const theme of ['light', 'dark'] as const) {
  test(`every screen in ${theme}: accessible and saved as a screenshot`, async ({
    browser,
    request,
    mail,
  }) => {
    test.setTimeout(360_000);

    // Signed out: sign-in and registration, with the German validation messages showing.
    const guest = await themedPage(browser, theme);
    await guest.goto('/login');
    await expect(guest.getByRole('button', { name: 'Anmelden' })).toBeVisible();
    await check(guest, 'login', theme);
    await guest.goto('/register');
    await guest.getByRole('button', { name: 'Konto erstellen' }).click();
    await check(guest, 'register-errors', theme);

    // Onboarding: a new user without a mail account.
    const stamp = `${theme}${uniqueStamp()}`;
    const reg = await request.post('/api/auth/registration/', {
      data: {
        username: `neu${stamp}`,
        email: `neu.${stamp}@beispiel.de`,
        password1: 'Sonnenblume!42',
        password2: 'Sonnenblume!42',
      },
    });
    const session = (await reg.json()) as { access: string; refresh: string; user: unknown };
    await guest.evaluate((s) => {
      localStorage.setItem('accessToken', s.access);
      localStorage.setItem('refreshToken', s.refresh);
      localStorage.setItem('user', JSON.stringify(s.user));
    }, session);
    await guest.goto('/onboarding');
    await expect(guest.getByRole('heading', { name: /Willkommen bei Brieftaube/ })).toBeVisible();
    await check(guest, 'onboarding-welcome', theme);
    await guest.getByRole('button', { name: 'Weiter' }).click();
    await expect(
      guest.getByRole('button', { name: /Anderer Anbieter \(IMAP\/SMTP\)/ }),
    ).toBeVisible();
    await check(guest, 'onboarding-account-choice', theme);
    await guest.getByRole('button', { name: /Anderer Anbieter \(IMAP\/SMTP\)/ }).click();
    await expect(guest.getByRole('textbox', { name: 'IMAP-Server' })).toBeVisible();
    await check(guest, 'onboarding-account-form', theme);
    await guest.getByRole('button', { name: 'Später einrichten' }).click();
    await expect(guest.getByRole('button', { name: 'Zu Brieftaube' })).toBeVisible();
    await check(guest, 'onboarding-finish', theme);
    await guest.getByRole('button', { name: 'Zu Brieftaube' }).click();
    await expect(guest).toHaveURL(/\/app$/);
    await expect(guest.getByText('Keine Konten konfiguriert')).toBeVisible();
    await check(guest, 'app-without-accounts', theme);

    // An account whose folders were never synced: the drawer's empty states of spec §2.
    const unsynced = await request.post('/api/accounts/', {
      headers: { authorization: `Bearer ${session.access}` },
      data: {
        email_address: `ungesynct.${stamp}@beispiel.de`,
        imap_server: '127.0.0.1',
        imap_port: 9,
        imap_security: 'none',
        smtp_server: '127.0.0.1',
        smtp_port: 9,
        smtp_security: 'none',
        password: 'egal',
      },
    });
    expect(unsynced.ok(), await unsynced.text()).toBe(true);
    await guest.reload();
    const drawer = guest.getByRole('navigation', { name: 'Navigation' });
    await expect(drawer.getByText('Keine Ordner', { exact: true })).toBeVisible();
    await expect(drawer.getByText('Keine Ordner gefunden')).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Ordner synchronisieren' })).toBeVisible();
    await check(guest, 'drawer-no-folders', theme);
    await drawer.getByRole('button', { name: 'Kategorieansicht' }).click();
    await expect(drawer.getByText('Keine Kategorien zugewiesen')).toBeVisible();
    await guest.context().close();

    // A user with a lived-in mailbox.
    const page = await themedPage(browser, theme);
    const mailbox = await mail.mailbox({ bulk: 30 });
    const { access, accountId } = await signedInWithMailbox(page, request, mailbox);
    const auth = { authorization: `Bearer ${access}` };
    await page.goto('/app');
    await expect(page.getByRole('heading', { name: 'Posteingang', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /Stadtwerke Leipzig/ }).first()).toBeVisible();
    // At phone width at the end of the pass.
    await check(page, 'mailbox', theme, { phone: false });

    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Tastenkürzel' })).toBeVisible();
    await check(page, 'shortcut-help', theme);
    await page.keyboard.press('Escape');

    await page.getByRole('searchbox', { name: 'E-Mails durchsuchen' }).fill('Rechnung');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/q=Rechnung/);
    await check(page, 'search-results', theme);

    await page.goto('/app?read=false');
    await expect(page.getByRole('heading', { name: 'Ungelesene', level: 1 })).toBeVisible();
    await check(page, 'unread', theme);

    await page.goto('/app');
    await page
      .getByRole('link', { name: /Stadtwerke Leipzig/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'Ihre Jahresabrechnung 2026' })).toBeVisible();
    await expect(page.frameLocator('iframe').first().getByText('1.234,56 €')).toBeVisible();
    await check(page, 'email-detail', theme, {
      // The sender's address wraps on a phone; the date goes under it, flush with the name.
      atPhone: async () => {
        const header = page.locator('header').filter({ has: page.locator('time') });
        const name = await box(header.getByText('Stadtwerke Leipzig', { exact: true }));
        const address = await box(header.getByText(/^<kundenservice@/));
        const date = await box(header.locator('time'));
        expect.soft(Math.abs(date.left - name.left)).toBeLessThan(1);
        expect.soft(date.top).toBeGreaterThanOrEqual(address.bottom - 1);
      },
    });

    await page
      .getByRole('toolbar', { name: 'Aktionen für diese E-Mail' })
      .getByRole('button', { name: 'Verschieben' })
      .click();
    await expect(page.getByRole('menuitem', { name: 'Kunde Müller' })).toBeVisible();
    await check(page, 'email-move-menu', theme, { phone: false });
    await page.keyboard.press('Escape');
    if (theme === 'light') {
      // A phone's toolbar has 'Verschieben' in its 'Weitere Aktionen' menu: opened there.
      await atPhoneWidth(page, 'email-move-menu', theme, async () => {
        await page.getByRole('button', { name: 'Weitere Aktionen' }).click();
        await page.getByRole('menuitem', { name: 'Verschieben' }).click();
        await expect(page.getByRole('menuitem', { name: 'Kunde Müller' })).toBeVisible();
        await painted(page);
      });
      await page.keyboard.press('Escape');
    }

    await page
      .getByRole('toolbar', { name: 'Aktionen für diese E-Mail' })
      .getByRole('button', { name: 'Allen antworten' })
      .click();
    await expect(page.getByRole('textbox', { name: 'Betreff' })).toHaveValue(
      'AW: Ihre Jahresabrechnung 2026',
    );
    await check(page, 'compose-reply-all', theme);

    await page.goto('/app/compose');
    await expect(page.getByRole('textbox', { name: 'Betreff' })).toBeVisible();
    await page.getByRole('combobox', { name: /^An/ }).fill('kein-gültiger-empfänger');
    await page.getByRole('button', { name: 'Senden' }).click();
    await check(page, 'compose-new-invalid', theme, {
      // Where the footer's row is full, the draft's status takes a line of its own.
      atPhone: async () => {
        const saved = page.getByText(/^Entwurf gespeichert · \d\d:\d\d$/);
        await expect(saved).toBeVisible();
        expect.soft(await shownWhole(saved)).toBe(true);
      },
    });

    await page.goto('/app/accounts');
    await expect(page.getByRole('heading', { name: 'E-Mail-Konten', level: 1 })).toBeVisible();
    await expect(page.getByText(mailbox.address).first()).toBeVisible();
    await check(page, 'accounts', theme);
    await page.getByRole('button', { name: 'Konto hinzufügen' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check(page, 'account-setup-choice', theme);
    await page.getByRole('button', { name: /Anderer Anbieter \(IMAP\/SMTP\)/ }).click();
    await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill('erika@gmx.de');
    await check(page, 'account-setup-form', theme);
    await page.keyboard.press('Escape');
    // Google's form: its own sign-in first (this server offers it), the password way below.
    await page.getByRole('button', { name: 'Konto hinzufügen' }).first().click();
    await page.getByRole('button', { name: /^Google/ }).click();
    await expect(page.getByRole('button', { name: 'Mit Google verbinden' })).toBeVisible();
    await check(page, 'account-setup-google', theme);
    await page.keyboard.press('Escape');
    // Back from a provider without its answer on the address.
    await page.goto('/oauth-callback');
    await expect(page.getByRole('heading', { name: /keine gültige Rückkehr/ })).toBeVisible();
    await check(page, 'oauth-callback-invalid', theme);

    const category = await request.post('/api/categories/', {
      headers: auth,
      data: {
        name: 'Rechnungen',
        description: 'Rechnungen, Abrechnungen und Zahlungserinnerungen.',
        color: 'orange',
        account: accountId,
      },
    });
    expect(category.ok(), await category.text()).toBe(true);
    const { id: categoryId } = (await category.json()) as { id: number };
    await page.goto('/app/categories');
    await expect(page.getByRole('heading', { name: 'Kategorien', level: 1 })).toBeVisible();
    await expect(page.getByText('Rechnungen').first()).toBeVisible();
    await check(page, 'categories', theme);
    await page.getByRole('button', { name: 'Kategorie „Rechnungen“ bearbeiten' }).click();
    await expect(page.getByRole('dialog', { name: 'Kategorie bearbeiten' })).toBeVisible();
    await check(page, 'category-edit', theme);
    await page.keyboard.press('Escape');
    await page.goto(`/app/categories/${categoryId}`);
    await expect(page.getByRole('heading', { name: 'Rechnungen', level: 1 })).toBeVisible();
    await check(page, 'category-detail', theme);

    await page.goto('/app');
    await page.getByRole('button', { name: 'Neue Kategorie erstellen' }).click();
    await expect(page.getByRole('dialog', { name: 'Neue Kategorie erstellen' })).toBeVisible();
    await check(page, 'category-create', theme);
    await page.getByRole('button', { name: 'Abbrechen' }).click();

    await page.getByRole('button', { name: 'Kategorieansicht' }).first().click();
    await page
      .getByRole('navigation', { name: 'Navigation' })
      .getByRole('link', { name: /^Ohne Kategorie/ })
      .click();
    await expect(page.getByRole('heading', { name: /Ohne Kategorie/, level: 1 })).toBeVisible();
    // Its count line, as every other list has one.
    await expect(page.getByText(/\d E-Mails?(, davon [\d.]+ ungelesen)?$/).first()).toBeVisible();
    await check(page, 'uncategorized', theme);

    // A phone: the drawer is a temporary overlay.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/app');
    await expect(page.getByRole('heading', { name: 'Posteingang', level: 1 })).toBeVisible();
    await check(page, 'mailbox-phone', theme, { phone: false });
    await page.getByRole('button', { name: 'Menü öffnen oder schließen' }).first().click();
    await expect(page.getByRole('navigation', { name: 'Navigation' })).toBeVisible();
    await check(page, 'drawer-phone', theme, { phone: false });
    await page.context().close();
    if (theme === 'light')
      console.log(
        `phone pictures: ${phoneTime.screens} screens, ${(phoneTime.ms / 1000).toFixed(1)} s added`,
      );
  });
}
