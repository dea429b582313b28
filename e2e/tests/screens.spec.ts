import type { BrowserContext, Locator, Page } from '@playwright/test';
import { COLOUR_RULES, expectAccessible, screenshot } from './helpers.ts';
import { uniqueStamp } from './support/base.ts';
import { expect, signedInWithMailbox, test } from './support/mail-stack.ts';

type Theme = 'light' | 'dark';
type SwitchTheme = (theme: Theme) => Promise<void>;

const PHONE = { width: 390, height: 844 };
/** The page's background in each theme (theme.ts): how a switch is seen to have happened. */
const BACKGROUND: Record<Theme, string> = {
  light: 'rgb(250, 247, 242)',
  dark: 'rgb(27, 35, 44)',
};
/** Time the phone pictures add to the run, reported at the end. */
const phoneTime = { ms: 0, screens: 0 };

const painted = (page: Page) =>
  page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );

/**
 * The app follows a theme chosen in another tab (theme-mode.tsx). A second tab of the same
 * browser profile switches the screen under test to dark and back where it stands, dialogs and
 * menus open: one walk through the screens instead of one per theme.
 */
async function themeTab(context: BrowserContext, page: Page): Promise<SwitchTheme> {
  const tab = await context.newPage();
  await tab.goto('/api/health/');
  return async (theme) => {
    await tab.evaluate((t) => localStorage.setItem('theme', t), theme);
    await expect(page.locator('body')).toHaveCSS('background-color', BACKGROUND[theme]);
  };
}

/**
 * axe-core finds nothing serious, and the screen is saved for a person to look at, in light and
 * in dark. A screen in dark is the light one's page with other colours (the theme changes the
 * palette, not the markup): it needs only the rules about colour. In light the same screen is
 * saved at phone width too, in the page as it is: the viewport narrows for the picture and
 * widens again.
 */
async function check(
  page: Page,
  switchTheme: SwitchTheme,
  name: string,
  {
    phone = true,
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
  await expectAccessible(page);
  await screenshot(page, `screen-${name}-light`);
  if (phone) await atPhoneWidth(page, name, atPhone);
  await switchTheme('dark');
  await painted(page);
  await expectAccessible(page, { rules: COLOUR_RULES });
  await screenshot(page, `screen-${name}-dark`);
  await switchTheme('light');
}

async function atPhoneWidth(
  page: Page,
  name: string,
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
  await screenshot(page, `screen-${name}-phone-light`);
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

test('every screen in light and dark: accessible and saved as a screenshot', async ({
  browser,
  request,
  mail,
}) => {
  test.setTimeout(360_000);

  // Signed out: sign-in and registration, with the German validation messages showing.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const guestTheme = await themeTab(guestContext, guest);
  await guest.goto('/login');
  await expect(guest.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await check(guest, guestTheme, 'login');
  await guest.goto('/register');
  await guest.getByRole('button', { name: 'Konto erstellen' }).click();
  await check(guest, guestTheme, 'register-errors');

  // Onboarding: a new user without a mail account.
  const stamp = uniqueStamp();
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
  await check(guest, guestTheme, 'onboarding-welcome');
  await guest.getByRole('button', { name: 'Weiter' }).click();
  await expect(
    guest.getByRole('button', { name: /Anderer Anbieter \(IMAP\/SMTP\)/ }),
  ).toBeVisible();
  await check(guest, guestTheme, 'onboarding-account-choice');
  await guest.getByRole('button', { name: /Anderer Anbieter \(IMAP\/SMTP\)/ }).click();
  await expect(guest.getByRole('textbox', { name: 'IMAP-Server' })).toBeVisible();
  await check(guest, guestTheme, 'onboarding-account-form');
  await guest.getByRole('button', { name: 'Später einrichten' }).click();
  await expect(guest.getByRole('button', { name: 'Zu Brieftaube' })).toBeVisible();
  await check(guest, guestTheme, 'onboarding-finish');
  await guest.getByRole('button', { name: 'Zu Brieftaube' }).click();
  await expect(guest).toHaveURL(/\/app$/);
  await expect(guest.getByText('Keine Konten konfiguriert')).toBeVisible();
  await check(guest, guestTheme, 'app-without-accounts');

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
  await check(guest, guestTheme, 'drawer-no-folders');
  await drawer.getByRole('button', { name: 'Kategorieansicht' }).click();
  await expect(drawer.getByText('Keine Kategorien zugewiesen')).toBeVisible();
  await guest.context().close();

  // A user with a lived-in mailbox.
  const context = await browser.newContext();
  const page = await context.newPage();
  const pageTheme = await themeTab(context, page);
  const mailbox = await mail.mailbox({ bulk: 30 });
  const { access, accountId } = await signedInWithMailbox(page, request, mailbox);
  const auth = { authorization: `Bearer ${access}` };
  await page.goto('/app');
  await expect(page.getByRole('heading', { name: 'Posteingang', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /Stadtwerke Leipzig/ }).first()).toBeVisible();
  // At phone width at the end of the pass.
  await check(page, pageTheme, 'mailbox', { phone: false });

  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Tastenkürzel' })).toBeVisible();
  await check(page, pageTheme, 'shortcut-help');
  await page.keyboard.press('Escape');

  await page.getByRole('searchbox', { name: 'E-Mails durchsuchen' }).fill('Rechnung');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/q=Rechnung/);
  await check(page, pageTheme, 'search-results');

  await page.goto('/app?read=false');
  await expect(page.getByRole('heading', { name: 'Ungelesene', level: 1 })).toBeVisible();
  await check(page, pageTheme, 'unread');

  await page.goto('/app');
  await page
    .getByRole('link', { name: /Stadtwerke Leipzig/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Ihre Jahresabrechnung 2026' })).toBeVisible();
  await expect(page.frameLocator('iframe').first().getByText('1.234,56 €')).toBeVisible();
  await check(page, pageTheme, 'email-detail', {
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
  await check(page, pageTheme, 'email-move-menu', { phone: false });
  await page.keyboard.press('Escape');
  // A phone's toolbar has 'Verschieben' in its 'Weitere Aktionen' menu: opened there.
  await atPhoneWidth(page, 'email-move-menu', async () => {
    await page.getByRole('button', { name: 'Weitere Aktionen' }).click();
    await page.getByRole('menuitem', { name: 'Verschieben' }).click();
    await expect(page.getByRole('menuitem', { name: 'Kunde Müller' })).toBeVisible();
    await painted(page);
  });
  await page.keyboard.press('Escape');

  await page
    .getByRole('toolbar', { name: 'Aktionen für diese E-Mail' })
    .getByRole('button', { name: 'Allen antworten' })
    .click();
  await expect(page.getByRole('textbox', { name: 'Betreff' })).toHaveValue(
    'AW: Ihre Jahresabrechnung 2026',
  );
  await check(page, pageTheme, 'compose-reply-all');

  await page.goto('/app/compose');
  await expect(page.getByRole('textbox', { name: 'Betreff' })).toBeVisible();
  await page.getByRole('combobox', { name: /^An/ }).fill('kein-gültiger-empfänger');
  await page.getByRole('button', { name: 'Senden' }).click();
  await check(page, pageTheme, 'compose-new-invalid', {
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
  await check(page, pageTheme, 'accounts');
  await page.getByRole('button', { name: 'Konto hinzufügen' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check(page, pageTheme, 'account-setup-choice');
  await page.getByRole('button', { name: /Anderer Anbieter \(IMAP\/SMTP\)/ }).click();
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill('erika@gmx.de');
  await check(page, pageTheme, 'account-setup-form');
  await page.keyboard.press('Escape');
  // Google's form: its own sign-in first (this server offers it), the password way below.
  await page.getByRole('button', { name: 'Konto hinzufügen' }).first().click();
  await page.getByRole('button', { name: /^Google/ }).click();
  await expect(page.getByRole('button', { name: 'Mit Google verbinden' })).toBeVisible();
  await check(page, pageTheme, 'account-setup-google');
  await page.keyboard.press('Escape');
  // Back from a provider without its answer on the address.
  await page.goto('/oauth-callback');
  await expect(page.getByRole('heading', { name: /keine gültige Rückkehr/ })).toBeVisible();
  await check(page, pageTheme, 'oauth-callback-invalid');

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
  await check(page, pageTheme, 'categories');
  await page.getByRole('button', { name: 'Kategorie „Rechnungen“ bearbeiten' }).click();
  await expect(page.getByRole('dialog', { name: 'Kategorie bearbeiten' })).toBeVisible();
  await check(page, pageTheme, 'category-edit');
  await page.keyboard.press('Escape');
  await page.goto(`/app/categories/${categoryId}`);
  await expect(page.getByRole('heading', { name: 'Rechnungen', level: 1 })).toBeVisible();
  await check(page, pageTheme, 'category-detail');

  await page.goto('/app');
  await page.getByRole('button', { name: 'Neue Kategorie erstellen' }).click();
  await expect(page.getByRole('dialog', { name: 'Neue Kategorie erstellen' })).toBeVisible();
  await check(page, pageTheme, 'category-create');
  await page.getByRole('button', { name: 'Abbrechen' }).click();

  await page.getByRole('button', { name: 'Kategorieansicht' }).first().click();
  await page
    .getByRole('navigation', { name: 'Navigation' })
    .getByRole('link', { name: /^Ohne Kategorie/ })
    .click();
  await expect(page.getByRole('heading', { name: /Ohne Kategorie/, level: 1 })).toBeVisible();
  // Its count line, as every other list has one.
  await expect(page.getByText(/\d E-Mails?(, davon [\d.]+ ungelesen)?$/).first()).toBeVisible();
  await check(page, pageTheme, 'uncategorized');

  // A phone: the drawer is a temporary overlay.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/app');
  await expect(page.getByRole('heading', { name: 'Posteingang', level: 1 })).toBeVisible();
  await check(page, pageTheme, 'mailbox-phone', { phone: false });
  await page.getByRole('button', { name: 'Menü öffnen oder schließen' }).first().click();
  await expect(page.getByRole('navigation', { name: 'Navigation' })).toBeVisible();
  await check(page, pageTheme, 'drawer-phone', { phone: false });
  await page.context().close();
  console.log(
    `phone pictures: ${phoneTime.screens} screens, ${(phoneTime.ms / 1000).toFixed(1)} s added`,
  );
});
