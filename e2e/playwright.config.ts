import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { TEST_OAUTH_CLIENT } from '../test-support/src/oauth-test-client.ts';
import { oauthStackPorts } from './oauth/ports.ts';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 3100);
const oauth = oauthStackPorts(port);
// One folder per port, so that two runs side by side do not wipe each other's database.
const dataDir = path.join(root, port === 3100 ? 'e2e/.data' : `e2e/.data-${port}`);

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(root, 'test-results'),
  fullyParallel: false,
  // Two workers share the one app server, each with its own Dovecot, SMTP server and network trap
  // (tests/support/base.ts), and every test its own users: the run takes half the time.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  // A wait, not a speed check (speed is measured by the benchmarks): on a two-core VM having a
  // slow hour, a screen's first load (its chunk parsed cold, the account just synced) once took
  // more than 10 s at the start of a run, and three tests failed for nothing but that.
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    viewport: { width: 1280, height: 800 },
    // Traces on request (E2E_TRACE=1, when a failure is reproduced): a failed test then keeps
    // every action with the DOM before and after it, the network and the console. Recorded for
    // every test and thrown away when it passes, they cost about a twelfth of the suite's CPU
    // (ADR 0024), and a CI run leaves nothing but its log: there a failure is read from the
    // error, its call log and the page's ARIA snapshot, which Playwright writes either way.
    trace: process.env.E2E_TRACE ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    actionTimeout: 20_000,
    // The app honours "reduce motion" (WCAG 2.3.3): no sliding dialogs, no spinning indicators.
    // Chromium renders without a GPU here, and every running animation costs it frames: with
    // the setting the suite needs about a quarter less CPU. The main journey (mail-flow.spec)
    // keeps the animations, and layout.spec checks that the setting stops them.
    reducedMotion: 'reduce',
    // Every request to anything but 127.0.0.1 goes to the worker's network trap: the `proxy`
    // fixture of tests/support/base.ts.
    launchOptions: {
      // Chromium's headless shell (Debian's `chromium-headless-shell`, what Playwright itself runs
      // headless): the same Blink, without the browser around it. The suite spent a sixth less
      // CPU than in `chromium --headless`, the XSS corpus half its time (ADR 0024, 2026-12-07).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      // This machine has no outside network: Chromium's background services would only fail.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // The browser's own calls home (form autofill hints) would count as the page's requests.
        '--disable-features=AutofillServerCommunication,OptimizationHints,MediaRouter',
      ],
    },
  },
  webServer: [
    {
      // Stands in for Google: OAuth server, Dovecot and SMTP that check its tokens (oauth/).
      command: 'exec node e2e/oauth/oauth-stack.ts',
      cwd: root,
      url: `http://127.0.0.1:${oauth.control}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { E2E_PORT: String(port) },
      // Its Dovecot runs as a daemon of its own: the stack must be told to stop it.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
    {
      command: `rm -rf "${dataDir}" && exec node apps/server/src/main.ts`,
      cwd: root,
      url: `http://127.0.0.1:${port}/api/health/`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        LOGIN_MAX_ATTEMPTS: '50',
        REGISTRATION_MAX_ATTEMPTS: '1000',
        OAUTH_GOOGLE_CLIENT_ID: TEST_OAUTH_CLIENT.id,
        OAUTH_GOOGLE_CLIENT_SECRET: TEST_OAUTH_CLIENT.secret,
        OAUTH_GOOGLE_AUTHORIZATION_URL: `http://127.0.0.1:${oauth.oauth}/auth`,
        OAUTH_GOOGLE_TOKEN_URL: `http://127.0.0.1:${oauth.oauth}/token`,
        OAUTH_GOOGLE_IMAP: `127.0.0.1:${oauth.imap}:none`,
        OAUTH_GOOGLE_SMTP: `127.0.0.1:${oauth.smtp}:none`,
      },
    },
  ],
});
