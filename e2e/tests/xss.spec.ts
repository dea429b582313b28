import fs from 'node:fs';
import type { APIResponse } from '@playwright/test';
import path from 'node:path';
import { appendMessages } from '../../test-support/src/mailbox.ts';
import { imapClient } from '../../test-support/src/mail-fixtures.ts';
import { expect, signedInWithMailbox, test } from './support/mail-stack.ts';
import { loadXssVectors } from './support/xss-vectors.ts';

const vectors = loadXssVectors();
const rawMessage = path.resolve(
  import.meta.dirname,
  '../../../shared/corpora/xss/roundcube/html.msg',
);

// The corpus in two halves, one per worker: the run's longest test otherwise.
const PARTS = 2;
const partSize = Math.ceil(vectors.length / PARTS);
test.describe.configure({ mode: 'parallel' });

test('the XSS corpus has its vectors', () => {
  expect(vectors.length).toBeGreaterThan(650);
});

for (let part = 0; part < PARTS; part++)
  test(`no vector of the XSS corpus (part ${part + 1} of ${PARTS}), opened as a mail, runs, opens, navigates, loads or covers anything`, async ({
    page,
    context,
    request,
    mail,
    trap,
  }) => {
    test.setTimeout(15 * 60_000);
    const first = part * partSize;
    const mine = vectors.slice(first, first + partSize).map((v, k) => ({ ...v, i: first + k }));
    const mailbox = await mail.mailbox({ empty: true });
    const imap = await imapClient(mail.dovecot, mailbox.address, mailbox.password);
    // One mail per vector; the marker tells which one the frame shows.
    await appendMessages(
      imap,
      'INBOX',
      mine.map(({ html, i }) => ({
        from: 'Angreifer <angreifer@beispiel.de>',
        subject: `XSS ${i}`,
        html: `<p>Vektor ${i}</p>${html}`,
        text: `Vektor ${i}`,
      })),
      // Already read: opening a mail then changes no counts, so the app does not reload its lists
      // between vectors (that path is the mail-flow spec's) and 700 mails open in reasonable time.
      ['\\Seen'],
    );
    // A whole hostile message as it came (Roundcube's html.msg), in the first part.
    if (part === 0) await imap.append('INBOX', fs.readFileSync(rawMessage), []);
    await imap.logout();
    const { accountId, access } = await signedInWithMailbox(page, request, mailbox);

    const ids = new Map<string, number>();
    for (let cursor: string | null = ''; cursor !== null;) {
      const res: APIResponse = await request.get(
        `/api/emails/?accounts=${accountId}&limit=200${cursor ? `&cursor=${cursor}` : ''}`,
        { headers: { authorization: `Bearer ${access}` } },
      );
      for (const e of (await res.json()) as { id: number; subject: string }[])
        ids.set(e.subject, e.id);
      cursor = res.headers()['x-next-cursor'] ?? null;
    }
    expect(ids.size).toBe(mine.length + (part === 0 ? 1 : 0));

    const dialogs: string[] = [];
    const popups: string[] = [];
    const navigations: string[] = [];
    const logs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    context.on('page', (p) => popups.push(p.url()));
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    // Console output other than the browser's own refusals could only come from a script.
    page.on('console', (message) => {
      if (message.type() !== 'error' && message.type() !== 'warning') logs.push(message.text());
    });

    await page.goto('/app');
    await expect(page.getByRole('heading', { name: 'Posteingang', level: 1 })).toBeVisible();
    const trapped = trap.requests.length;
    const subjects = [
      ...mine.map(({ i, source }) => ({
        subject: `XSS ${i}`,
        label: source,
        marker: `Vektor ${i}<`,
      })),
      ...[...ids.keys()]
        .filter((s) => !s.startsWith('XSS '))
        .map((s) => ({ subject: s, label: s, marker: '<' })),
    ];
    const failures: string[] = [];
    for (const { subject, label, marker } of subjects) {
      const id = ids.get(subject)!;
      const before = {
        dialogs: dialogs.length,
        popups: popups.length,
        requests: trap.requests.length,
        logs: logs.length,
      };
      navigations.length = 0;
      // Client-side navigation, as a click in the app would do it.
      await page.evaluate((url) => {
        history.pushState(null, '', url);
        dispatchEvent(new PopStateEvent('popstate'));
      }, `/app/emails/${id}`);
      // Once the frame shows this mail: is the app's back button still the topmost element at its
      // centre, i.e. did nothing in the mail manage to cover the app?
      const uncovered = await (
        await page.waitForFunction((m) => {
          if (![...document.querySelectorAll('iframe')].some((f) => (f.srcdoc ?? '').includes(m)))
            return undefined;
          const button = document.querySelector('button[aria-label="Zurück zur Liste"]');
          if (!button) return undefined;
          const box = button.getBoundingClientRect();
          const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return { uncovered: !!hit && button.contains(hit) };
        }, marker)
      ).jsonValue();
      const problems = [
        dialogs.length > before.dialogs && `dialog ${dialogs.slice(before.dialogs).join(' | ')}`,
        popups.length > before.popups && `popup ${popups.slice(before.popups).join(' | ')}`,
        trap.requests.length > before.requests &&
          `network ${trap.requests
            .slice(before.requests)
            .map((r) => r.target)
            .join(' | ')}`,
        logs.length > before.logs && `console ${logs.slice(before.logs).join(' | ')}`,
        navigations.some((url) => !url.endsWith(`/app/emails/${id}`)) &&
          `navigated to ${navigations.join(' | ')}`,
        !uncovered?.uncovered && 'the app bar is covered',
      ].filter(Boolean);
      if (problems.length) failures.push(`${label} (${subject}): ${problems.join('; ')}`);
    }
    // Whatever the last mails might still trigger after a moment.
    await page.waitForTimeout(1000);
    expect(failures).toEqual([]);
    expect(trap.requests.map((r) => r.target).slice(trapped)).toEqual([]);
    expect([dialogs, popups, logs]).toEqual([[], [], []]);
    expect(page.url()).toMatch(/\/app\/emails\/\d+$/);
  });
