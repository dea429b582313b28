import { test as playwright, expect } from '@playwright/test';
import { startNetworkTrap, TRAP_PORT, type NetworkTrap } from './network-trap.ts';

/**
 * Every spec's `test`: each Playwright worker has its own network trap (on the trap port plus the
 * worker's index), and its browsers use that trap as their proxy, so that two workers side by
 * side never see each other's requests.
 */
export const test = playwright.extend<object, { trap: NetworkTrap }>({
  // Started before the browser: whatever the page loads from outside is recorded from the start.
  trap: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring.
    async ({}, use, workerInfo) => {
      const trap = await startNetworkTrap(TRAP_PORT + workerInfo.parallelIndex);
      await use(trap);
      await trap.close();
    },
    { scope: 'worker', auto: true },
  ],
  // Every request to anything but 127.0.0.1 goes to the trap, which records it and forwards
  // nothing. Contexts a test opens itself (browser.newContext()) get this proxy too.
  proxy: async ({ trap }, use) => {
    await use({ server: `http://127.0.0.1:${trap.port}`, bypass: '127.0.0.1,localhost' });
  },
});

export { expect };

let stamps = 0;
/**
 * A name part no other test of this run uses: the workers share one server, and two of them may
 * ask in the same millisecond.
 */
export function uniqueStamp(): string {
  stamps += 1;
  return `${Date.now().toString(36)}w${process.env.TEST_WORKER_INDEX ?? '0'}n${stamps}`;
}
