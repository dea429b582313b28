import fs from 'node:fs';
import type { APIResponse } from '@playwright/test';
import path from 'node:path';
import { appendMessages } from '../../test-support/src/mailbox.ts';
import { eachLimited } from '../../test-support/src/concurrency.ts';
import { imapClient } from '../../test-support/src/mail-fixtures.ts';
import { expect, signedInWithMailbox, test } from './support/mail-stack.ts';
import { loadXssVectors } from './support/xss-vectors.ts';

const vectors = loadXssVectors();
const rawMessage = path.resolve(
  import.meta.dirname,
  '../../../shared/corpora/xss/roundcube/html.msg',
);
const RAW_SUBJECT = 'test html + image';
/** Text of the raw message's HTML part: its frame is shown. */
const RAW_MARKER = 'this is test<';
/** Mails opened per call into the page. */
const BATCH = 50;

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
    const auth = { authorization: `Bearer ${access}` };

    const ids = new Map<string, number>();
    for (let cursor: string | null = ''; cursor !== null;) {
      const res: APIResponse = await request.get(
        `/api/emails/?accounts=${accountId}&limit=200${cursor ? `&cursor=${cursor}` : ''}`,
        { headers: auth },
      );
      for (const e of (await res.json()) as { id: number; subject: string }[])
        ids.set(e.subject, e.id);
      cursor = res.headers()['x-next-cursor'] ?? null;
    }
    expect(ids.size).toBe(mine.length + (part === 0 ? 1 : 0));

    // The page gets each mail as the server sanitised it, and the frame shows only that: vectors
    // the sanitiser turns into the same HTML (most scripts become nothing at all) would run the
    // very same document in the browser again. One mail per distinct result is opened; a
    // sanitiser that let more through would give more distinct results, all of them opened.
    const distinct = new Map<string, (typeof mine)[number]>();
    await eachLimited(mine, 4, async (vector) => {
      const res = await request.get(`/api/emails/${ids.get(`XSS ${vector.i}`)}/`, {
        headers: auth,
      });
      expect(res.status()).toBe(200);
      const detail = (await res.json()) as {
        body_html: string | null;
        has_remote_content: boolean;
        attachments: unknown[];
      };
      const marker = `<p>Vektor ${vector.i}</p>`;
      expect(detail.body_html ?? '').toContain(marker);
      const key = JSON.stringify([
        detail.body_html!.replace(marker, ''),
        detail.has_remote_content,
        detail.attachments,
      ]);
      const known = distinct.get(key);
      if (!known || vector.i < known.i) distinct.set(key, vector);
    });
    const toOpen = [...distinct.values()].sort((a, b) => a.i - b.i);
    test.info().annotations.push({
      type: 'distinct',
      description: `${toOpen.length} of ${mine.length} vectors differ after sanitising`,
    });

    // Everything the mails might do, with the time it was seen, so that a failure names the mail
    // that was open then.
    const seen: { at: number; what: string }[] = [];
    const navigations: { at: number; url: string }[] = [];
    page.on('dialog', (dialog) => {
      seen.push({ at: Date.now(), what: `dialog ${dialog.type()}: ${dialog.message()}` });
      void dialog.dismiss();
    });
    context.on('page', (p) => seen.push({ at: Date.now(), what: `popup ${p.url()}` }));
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push({ at: Date.now(), url: frame.url() });
    });
    // Console output other than the browser's own refusals could only come from a script.
    page.on('console', (message) => {
      if (message.type() !== 'error' && message.type() !== 'warning')
        seen.push({ at: Date.now(), what: `console ${message.text()}` });
    });

    await page.goto('/app');
    await expect(page.getByRole('heading', { name: 'Posteingang', level: 1 })).toBeVisible();
    const trapped = trap.requests.length;
    navigations.length = 0;
    const mails = [
      ...toOpen.map(({ i, source }) => ({
        id: ids.get(`XSS ${i}`)!,
        label: `${source} (XSS ${i})`,
        marker: `Vektor ${i}<`,
      })),
      ...(part === 0 ? [{ id: ids.get(RAW_SUBJECT)!, label: 'html.msg', marker: RAW_MARKER }] : []),
    ];
    // The mails are opened one after the other by a loop inside the page: a round trip from the
    // test process for each mail cost more than opening the mail itself. Each mail is opened by
    // client-side navigation, as a click in the app would do it; once the frame shows it, the
    // loop asks whether the app's back button is still the topmost element at its centre, i.e.
    // whether nothing in the mail managed to cover the app.
    const opened: { id: number; at: number; uncovered: boolean | null }[] = [];
    for (let k = 0; k < mails.length; k += BATCH)
      opened.push(
        ...(await page.evaluate(
          async ({ batch, wait }) => {
            const out: { id: number; at: number; uncovered: boolean | null }[] = [];
            for (const { id, marker } of batch) {
              const at = Date.now();
              history.pushState(null, '', `/app/emails/${id}`);
              dispatchEvent(new PopStateEvent('popstate'));
              const uncovered = await new Promise<boolean | null>((resolve) => {
                const check = () => {
                  const button = document.querySelector('button[aria-label="Zurück zur Liste"]');
                  const shown = [...document.querySelectorAll('iframe')].some((f) =>
                    (f.srcdoc ?? '').includes(marker),
                  );
                  if (shown && button) {
                    const box = button.getBoundingClientRect();
                    const x = box.x + box.width / 2;
                    const hit = document.elementFromPoint(x, box.y + box.height / 2);
                    resolve(!!hit && button.contains(hit));
                  } else if (Date.now() - at > wait) resolve(null);
                  else requestAnimationFrame(check);
                };
                check();
              });
              out.push({ id, at, uncovered });
            }
            return out;
          },
          { batch: mails.slice(k, k + BATCH), wait: 10_000 },
        )),
      );
    // Whatever the last mails might still trigger after a moment.
    await page.waitForTimeout(1000);

    // Each event belongs to the mail that was open when it was seen (or to the one before it:
    // an event reaches the test process a little later than it happens).
    const openAt = (at: number) => {
      let k = 0;
      while (k + 1 < opened.length && opened[k + 1]!.at <= at) k++;
      return k;
    };
    const failures = new Map<number, string[]>();
    const fail = (k: number, problem: string) =>
      failures.set(k, [...(failures.get(k) ?? []), problem]);
    opened.forEach(({ uncovered }, k) => {
      if (uncovered === null) fail(k, 'the mail did not show within 10 s');
      else if (!uncovered) fail(k, 'the app bar is covered');
    });
    for (const { at, what } of seen) fail(openAt(at), what);
    for (const { at, target } of trap.requests.slice(trapped))
      fail(openAt(at), `network ${target}`);
    // The page went exactly where the loop sent it, nowhere else.
    navigations.forEach(({ at, url }, j) => {
      if (!url.endsWith(`/app/emails/${opened[j]?.id ?? '–'}`))
        fail(openAt(at), `navigated to ${url}`);
    });
    expect(
      [...failures].map(([k, problems]) => {
        const before = k > 0 ? ` (or ${mails[k - 1]!.label})` : '';
        return `${mails[k]!.label}${before}: ${problems.join('; ')}`;
      }),
    ).toEqual([]);
    expect(opened).toHaveLength(mails.length);
    expect(page.url()).toMatch(/\/app\/emails\/\d+$/);
  });
