import { expect, test } from './support/base.ts';
import {
  expectAccessible,
  finishOnboarding,
  registerViaUi,
  screenshot,
  uniqueUser,
} from './helpers.ts';

test('register from the landing page, onboard, keep the session over a reload, sign out', async ({
  page,
}) => {
  const user = uniqueUser();
  await page.goto('/');
  await page.getByTestId('cta-start').click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: 'Konto erstellen' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'register');

  await page.getByLabel('Benutzername').fill(user.username);
  await page.getByLabel('E-Mail-Adresse').fill(user.email);
  await page.getByLabel(/^Passwort\s*\*?$/).fill(user.password);
  await page.getByLabel('Passwort bestätigen').fill(user.password);
  await page.getByRole('button', { name: 'Konto erstellen' }).click();

  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(
    page.getByRole('heading', { name: `Willkommen bei Brieftaube, ${user.username}!` }),
  ).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'onboarding');
  // /app is closed until onboarding is finished.
  await page.goto('/app');
  await expect(page).toHaveURL(/\/onboarding$/);
  await finishOnboarding(page);

  await expect(page.getByTestId('greeting')).toHaveText(`Hallo, ${user.username}`);
  await expect(page.getByText('Keine Konten konfiguriert')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'shell-light');

  await page.reload();
  await expect(page.getByTestId('greeting')).toHaveText(`Hallo, ${user.username}`);
  // A finished onboarding sends the user away from it.
  await page.goto('/onboarding');
  await expect(page).toHaveURL(/\/app$/);

  await page.getByRole('button', { name: 'Benutzermenü' }).click();
  await expect(page.getByRole('menu')).toContainText(user.email);
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(
    await page.evaluate(() => [
      localStorage.getItem('accessToken'),
      localStorage.getItem('refreshToken'),
    ]),
  ).toEqual([null, null]);
});

test('a signed-out visit to /app goes through login and back', async ({ page }) => {
  const user = uniqueUser();
  await registerViaUi(page, user);
  await finishOnboarding(page);
  await page.evaluate(() => localStorage.clear());

  await page.goto('/app');
  await expect(page).toHaveURL(/\/login\?redirect=\/app$/);
  await expectAccessible(page);
  await screenshot(page, 'login');
  await page.getByLabel('Benutzername oder E-Mail-Adresse').fill(user.email);
  await page.getByLabel(/^Passwort\s*\*?$/).fill(user.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByTestId('greeting')).toHaveText(`Hallo, ${user.username}`);

  // Without a redirect, login goes to '/' (spec §4): it offers the way in, not a sign-up.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByLabel('Benutzername oder E-Mail-Adresse').fill(user.email);
  await page.getByLabel(/^Passwort\s*\*?$/).fill(user.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Zum Posteingang' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Ich habe schon ein Konto' })).toHaveCount(0);
  await main.getByRole('link', { name: 'Zum Posteingang' }).click();
  await expect(page).toHaveURL(/\/app$/);
});

test('an expired access token is refreshed silently; a dead session goes to login', async ({
  page,
}) => {
  const user = uniqueUser();
  await registerViaUi(page, user);
  await finishOnboarding(page);
  await page.evaluate(() => localStorage.setItem('accessToken', 'abgelaufen'));
  await page.reload();
  await expect(page.getByTestId('greeting')).toHaveText(`Hallo, ${user.username}`);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).not.toBe('abgelaufen');

  await page.evaluate(() => localStorage.removeItem('accessToken'));
  await page.goto('/app/categories');
  await expect(page.getByRole('heading', { name: 'Kategorien', level: 1 })).toBeVisible();

  await page.evaluate(() => {
    localStorage.setItem('accessToken', 'abgelaufen');
    localStorage.setItem('refreshToken', 'widerrufen');
  });
  await page.goto('/app');
  await expect(page).toHaveURL(/\/login/);

  // A session that died by itself says so on the login page; one ended by "Abmelden" does not.
  const notice = page.getByRole('status').filter({ hasText: 'Ihre Sitzung ist abgelaufen' });
  await expect(notice).toBeVisible();
  await page.getByLabel('Benutzername oder E-Mail-Adresse').fill(user.username);
  await page.getByLabel(/^Passwort\s*\*?$/).fill(user.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/app');
  await page.getByRole('button', { name: 'Benutzermenü' }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Willkommen zurück' })).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test('dark theme survives a reload inside the app', async ({ page }) => {
  const user = uniqueUser();
  await registerViaUi(page, user);
  await finishOnboarding(page);
  await page.getByRole('button', { name: 'Dunkles Design aktivieren' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Helles Design aktivieren' })).toBeVisible();
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(27, 35, 44)');
  await expectAccessible(page);
  await screenshot(page, 'shell-dark');
});

test('German messages for wrong input and wrong passwords', async ({ page }) => {
  const user = uniqueUser();
  await registerViaUi(page, user);
  await finishOnboarding(page);
  await page.evaluate(() => localStorage.clear());

  await page.goto('/register');
  await page.getByRole('button', { name: 'Konto erstellen' }).click();
  await expect(page.getByText('Dieses Feld ist erforderlich.').first()).toBeVisible();
  await page.getByLabel('Benutzername').fill(user.username);
  await page.getByLabel('E-Mail-Adresse').fill('keine-adresse');
  await page.getByLabel(/^Passwort\s*\*?$/).fill('Sonnenblume!42');
  await page.getByLabel('Passwort bestätigen').fill('Sonnenblume!43');
  await page.getByRole('button', { name: 'Konto erstellen' }).click();
  await expect(page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeVisible();
  await expect(page.getByText('Die Passwörter stimmen nicht überein.')).toBeVisible();

  await page.getByLabel('E-Mail-Adresse').fill(`neu.${user.email}`);
  await page.getByLabel('Passwort bestätigen').fill('Sonnenblume!42');
  await page.getByRole('button', { name: 'Konto erstellen' }).click();
  await expect(page.getByText('Dieser Benutzername ist bereits vergeben.')).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Benutzername oder E-Mail-Adresse').fill(user.username);
  await page.getByLabel(/^Passwort\s*\*?$/).fill('falsches-Passwort');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Benutzername, E-Mail-Adresse oder Passwort ist nicht korrekt.',
  );
});

test('the drawer is open from 1264 px on and a temporary overlay below', async ({ page }) => {
  const user = uniqueUser();
  await registerViaUi(page, user);
  await finishOnboarding(page);
  const drawer = page.locator('.MuiDrawer-paper');
  await expect(drawer).toBeVisible();
  expect((await drawer.boundingBox())?.width).toBe(320);

  await page.setViewportSize({ width: 1000, height: 800 });
  await page.reload();
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: 'Menü öffnen oder schließen' }).click();
  await expect(drawer).toBeVisible();
  await page.getByRole('link', { name: 'Kategorien verwalten' }).click();
  await expect(page).toHaveURL(/\/app\/categories$/);
  await expect(drawer).toBeHidden();
});
