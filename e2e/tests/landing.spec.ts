import { expect, test } from './support/base.ts';
import { expectAccessible, screenshot } from './helpers.ts';

test('landing page in light and dark, without loading the app', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Ihre E-Mails. Endlich im Griff.',
  );
  await expect(page.getByRole('link', { name: 'Kostenlos starten' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Produkt' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Unternehmen' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.some((url) => /MainLayout|app-screens|onboarding-route/.test(url))).toBe(false);
  await expectAccessible(page);
  await screenshot(page, 'landing-light');

  await page.getByRole('button', { name: 'Dunkles Design aktivieren' }).click();
  await expect(page.getByRole('button', { name: 'Helles Design aktivieren' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Helles Design aktivieren' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'landing-dark');
  expect(warnings).toEqual([]);
});

test('unknown paths lead to the landing page', async ({ page }) => {
  await page.goto('/gibt/es/nicht');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the landing header keeps both buttons whole on a phone, without sideways scrolling', async ({
  page,
}) => {
  for (const width of [375, 320]) {
    await page.setViewportSize({ width, height: 740 });
    await page.goto('/');
    const login = page.getByRole('banner').getByRole('link', { name: 'Anmelden' });
    const start = page.getByRole('banner').getByRole('link', { name: 'Kostenlos starten' });
    const [a, b] = [await login.boundingBox(), await start.boundingBox()];
    expect(a && b, String(width)).toBeTruthy();
    // Whole buttons, side by side, inside the window.
    expect(await login.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await start.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(a!.x + a!.width, String(width)).toBeLessThanOrEqual(b!.x);
    expect(b!.x + b!.width, String(width)).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    if (width === 375) await screenshot(page, 'landing-phone');
  }
});
