import { expect, test } from '@playwright/test';
import { expectAccessible, screenshot } from './helpers.ts';

test('landing page in light and dark, without loading the app', async ({ page }) => {
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
});

test('unknown paths lead to the landing page', async ({ page }) => {
  await page.goto('/gibt/es/nicht');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
