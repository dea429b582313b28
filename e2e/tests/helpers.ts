import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import { expect, type Locator, type Page } from '@playwright/test';
import { uniqueStamp } from './support/base.ts';

export const screenshotDir = path.resolve(import.meta.dirname, '../../artifacts/screenshots');
fs.mkdirSync(screenshotDir, { recursive: true });

export async function screenshot(page: Page, name: string): Promise<void> {
  // Fonts and icon glyphs must be in place, or the picture shows boxes instead of text.
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/**
 * The rules whose outcome depends on colour. A screen in the dark theme is the light one's page
 * with other colours (the theme changes the palette, not the markup): checked in light with every
 * rule, it needs only these in dark, which takes axe about half the time.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** axe-core's source, put into a page once per document (see `expectAccessible`). */
const axeSource = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * axe-core on the current page: no serious or critical violation is allowed.
 *
 * axe is put into the page once per document and run there directly. @axe-core/playwright put its
 * 580 kB into the page again for every check, which took about 0.3 s of the 0.55 s a check of the
 * colour rules takes; the screens test runs 56 checks.
 */
export async function expectAccessible(
  page: Page,
  { rules }: { rules?: string[] } = {},
): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const options: RunOptions = {
    // A mail's frame is sandboxed without scripts: axe cannot run in it (and it is the sender's
    // content, not the app's); the app has no other frame.
    iframes: false,
    ...(rules ? { runOnly: { type: 'rule', values: rules } } : {}),
  };
  const results = await page.evaluate(
    (runOptions) =>
      (
        window as unknown as { axe: { run: (c: unknown, o: RunOptions) => Promise<AxeResults> } }
      ).axe.run({ exclude: [['iframe[sandbox]']] }, runOptions),
    options,
  );
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

/**
 * A screen checked by axe and saved in light and in dark (`<name>-light`, `<name>-dark`), then
 * back to light. The pointer is moved off the theme button: its tooltip would be in the picture.
 */
export async function lightAndDark(page: Page, name: string): Promise<void> {
  await expectAccessible(page);
  await screenshot(page, `${name}-light`);
  await page.getByRole('button', { name: 'Dunkles Design aktivieren' }).click();
  await page.mouse.move(1, 400);
  await expectAccessible(page, { rules: COLOUR_RULES });
  await screenshot(page, `${name}-dark`);
  await page.getByRole('button', { name: 'Helles Design aktivieren' }).click();
  await page.mouse.move(1, 400);
}

export function uniqueUser() {
  const stamp = uniqueStamp();
  return {
    username: `jürgen${stamp}`,
    email: `juergen.${stamp}@beispiel.de`,
    password: 'Sonnenblume!42',
  };
}

export async function registerViaUi(
  page: Page,
  user: ReturnType<typeof uniqueUser>,
): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Benutzername', { exact: false }).first().fill(user.username);
  await page.getByLabel('E-Mail-Adresse').fill(user.email);
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(user.password);
  await page.getByLabel('Passwort bestätigen').fill(user.password);
  await page.getByRole('button', { name: 'Konto erstellen' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
}

/** Onboarding without a mail account: welcome, 'Später einrichten', finish. */
export async function finishOnboarding(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('button', { name: 'Später einrichten' }).click();
  await page.getByRole('button', { name: 'Zu Brieftaube' }).click();
  await expect(page).toHaveURL(/\/app$/);
}

/**
 * Puts the caret at the start of the mail editor: a click on the first line's left edge, then
 * Control+Home. A click anywhere followed at once by Control+Home raced the editor's own focus
 * handling on a slow machine (ProseMirror writes its selection back to the page 20 ms after it
 * gains focus): the caret went back to where the click was, and the text landed mid-quote.
 */
export async function caretToEditorStart(editor: Locator): Promise<void> {
  await editor
    .locator(':scope > *')
    .first()
    .click({ position: { x: 1, y: 1 } });
  await editor.page().keyboard.press('Control+Home');
}
