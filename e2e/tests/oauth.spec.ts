import type { APIRequestContext, Page } from '@playwright/test';
import { oauthStackPorts } from '../oauth/ports.ts';
import { expectAccessible, screenshot } from './helpers.ts';
import { expect, test, uniqueStamp } from './support/base.ts';
import { signedInUser } from './support/mail-stack.ts';

const control = `http://127.0.0.1:${oauthStackPorts(Number(process.env.E2E_PORT ?? 3100)).control}`;

/** Asks the OAuth stand-in (e2e/oauth/oauth-stack.ts) to do what only a provider can. */
async function stack<T = unknown>(
  request: APIRequestContext,
  path: string,
  data: unknown = {},
): Promise<T> {
  const res = await request.post(`${control}${path}`, { data });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

/** The test provider's pages: sign in as `login` (when asked) and allow or deny. */
async function atProvider(page: Page, login: string, decision: 'Zulassen' | 'Ablehnen') {
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/interaction\//);
  const user = page.getByRole('textbox', { name: 'Benutzer' });
  const consent = page.getByRole('button', { name: decision });
  await expect(user.or(consent)).toBeVisible();
  if (await user.isVisible()) {
    await user.fill(login);
    await page.getByRole('button', { name: 'Anmelden' }).click();
  }
  await consent.click();
}

const card = (page: Page, address: string) =>
  page.getByRole('article').filter({ hasText: address });

test('Mit Google verbinden: consent, sync over XOAUTH2, silent refresh, revoked, re-authenticated', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { auth } = await signedInUser(page, request);
  const address = `anna.${uniqueStamp()}@gmail.com`;
  await stack(request, '/mailbox', { address, messages: 3 });
  // Tokens live a minute: less than the five minutes before their end from which the server
  // renews one, so every use renews it, while the card still shows it as live. (Two seconds,
  // as before, let the token expire before a slow machine had drawn the card, which spec §4
  // then rightly shows as 'Konto benötigt Neu-Authentifizierung'.)
  await stack(request, '/ttl', { seconds: 60 });

  await page.goto('/app/accounts');
  await page.getByRole('button', { name: 'Konto hinzufügen' }).first().click();
  await page.getByRole('button', { name: /^Google/ }).click();
  await expect(page.getByRole('button', { name: 'Mit Google verbinden' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'oauth-setup-google');
  await page.getByRole('button', { name: 'Mit Google verbinden' }).click();
  await atProvider(page, address, 'Zulassen');

  // Back through /oauth-callback to where it began, the account connected and fetched.
  await expect(page).toHaveURL(/\/app\/accounts$/);
  await expect(
    page.getByText(`Das Konto ${address} ist verbunden.`, { exact: false }),
  ).toBeVisible();
  const account = card(page, address);
  await expect(account.getByText('Verbunden via Google OAuth')).toBeVisible();
  await expect(account.getByText(/Zuletzt synchronisiert/)).toBeVisible({ timeout: 30_000 });
  const { refresh: refreshedAtFirst } = await stack<{ refresh: number }>(request, '/calls');
  expect(refreshedAtFirst).toBeGreaterThanOrEqual(1);
  await screenshot(page, 'oauth-connected');

  // The token is near its end again: the next fetch renews it without asking anyone.
  await account.getByRole('button', { name: 'Synchronisieren' }).click();
  await expect
    .poll(async () => (await stack<{ refresh: number }>(request, '/calls')).refresh, {
      timeout: 30_000,
    })
    .toBeGreaterThan(refreshedAtFirst);
  await page.goto('/app');
  await expect(
    page.getByRole('link', { name: /Rechnung|Angebot|Termin|Projekt|Einladung/ }).first(),
  ).toBeVisible();

  // A category of the account, which a renewed sign-in must keep.
  const accounts = (await (await request.get('/api/accounts/', { headers: auth })).json()) as {
    id: number;
    email_address: string;
  }[];
  const accountId = accounts.find((a) => a.email_address === address)!.id;
  const category = await request.post('/api/categories/', {
    headers: auth,
    data: { name: 'Familie', description: 'Mails der Familie', account: accountId },
  });
  expect(category.ok(), await category.text()).toBe(true);

  // The user revokes Brieftaube's access at the provider.
  await stack(request, '/revoke', { login: address });
  await stack(request, '/ttl', { seconds: 3600 });
  await page.goto('/app/accounts');
  await card(page, address).getByRole('button', { name: 'Synchronisieren' }).click();
  await expect(card(page, address).getByText('Konto benötigt Neu-Authentifizierung')).toBeVisible({
    timeout: 30_000,
  });
  await expectAccessible(page);
  await screenshot(page, 'oauth-needs-reauth');

  await card(page, address).getByRole('button', { name: 'Erneut verbinden' }).click();
  await atProvider(page, address, 'Zulassen');
  await expect(page).toHaveURL(/\/app\/accounts$/);
  await expect(page.getByText(`Das Konto ${address} ist wieder verbunden.`)).toBeVisible();
  await expect(card(page, address).getByText('Verbunden via Google OAuth')).toBeVisible();
  await expect(card(page, address).getByText(/3 E-Mails/)).toBeVisible({ timeout: 30_000 });
  const categories = (await (await request.get('/api/categories/', { headers: auth })).json()) as {
    name: string;
  }[];
  expect(categories.map((c) => c.name)).toContain('Familie');
});

test('a denied consent and a replayed callback end with a German message and no account', async ({
  page,
  request,
}) => {
  const { auth } = await signedInUser(page, request);
  const address = `bernd.${uniqueStamp()}@gmail.com`;
  await stack(request, '/mailbox', { address, messages: 1 });

  await page.goto('/app/accounts');
  await page.getByRole('button', { name: 'Konto hinzufügen' }).first().click();
  await page.getByRole('button', { name: /^Google/ }).click();
  await page.getByRole('button', { name: 'Mit Google verbinden' }).click();
  await atProvider(page, address, 'Ablehnen');
  await expect(page).toHaveURL(/\/oauth-callback\?/);
  await expect(page.getByRole('alert')).toContainText(
    'Sie haben den Zugriff beim Anbieter nicht erlaubt',
  );
  await expectAccessible(page);
  await screenshot(page, 'oauth-denied');

  // The same return once more (reload): the state is used up.
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('bereits verwendet');

  // Microsoft is not configured on this server: no sign-in button, a German hint instead.
  await page.goto('/app/accounts');
  await page.getByRole('button', { name: 'Konto hinzufügen' }).first().click();
  await page.getByRole('button', { name: /^Microsoft/ }).click();
  await expect(
    page.getByText('Die Anmeldung über Microsoft ist auf diesem Server nicht eingerichtet.', {
      exact: false,
    }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mit Microsoft verbinden' })).toHaveCount(0);

  const accounts = (await (
    await request.get('/api/accounts/', { headers: auth })
  ).json()) as unknown[];
  expect(accounts).toEqual([]);
});

test('onboarding connects with Google and goes on to the first fetch; a signed-out return connects nothing', async ({
  page,
  request,
  browser,
}) => {
  await signedInUser(page, request, { onboarded: false });
  const address = `carla.${uniqueStamp()}@gmail.com`;
  await stack(request, '/mailbox', { address, messages: 2 });

  await page.goto('/onboarding');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('button', { name: /^Google/ }).click();
  await page.getByRole('button', { name: 'Mit Google verbinden' }).click();

  // Meanwhile, in a browser that is signed out, the provider's return connects nothing.
  const stranger = await browser.newPage();
  await stranger.goto(`/oauth-callback?state=${'s'.repeat(43)}&code=abc`);
  await expect(stranger).toHaveURL(/\/login\?redirect=/);
  await expect(stranger.getByRole('status')).toContainText('kein Konto verbunden');
  await stranger.close();

  await atProvider(page, address, 'Zulassen');
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByText(/2 (neue )?E-Mails/).first()).toBeVisible({ timeout: 30_000 });
  await screenshot(page, 'oauth-onboarding-fetched');
});
