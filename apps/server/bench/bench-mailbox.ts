// The mailbox the sync and memory benches measure against: `count` messages of mixed sizes in a
// Dovecot user's inbox, as in a real inbox (mostly a few KB, some longer letters and attachments).
import { performance } from 'node:perf_hooks';
import type { Dovecot } from '../../../test-support/src/dovecot.ts';
import { buildMessage, generateMessages, seedMaildir } from '../../../test-support/src/mailbox.ts';

const LOREM =
  'Wie besprochen sende ich Ihnen die Unterlagen. Bitte prüfen Sie die Angaben und geben Sie mir ' +
  'bis Freitag Bescheid, ob alles passt. Bei Rückfragen erreichen Sie mich jederzeit. ';

export async function buildBenchMailbox(dovecot: Dovecot, user: string, count: number) {
  const t0 = performance.now();
  const messages = generateMessages(count);
  const raws: { raw: Buffer; date: Date; seen: boolean }[] = [];
  for (const [i, m] of messages.entries()) {
    const paragraphs = 1 + (i % 7) * 3;
    const raw = await buildMessage({
      ...m,
      ...(m.text ? { text: `${m.text}\n\n${LOREM.repeat(paragraphs)}` } : {}),
      ...(i % 50 === 7
        ? { attachments: [{ filename: `Bericht-${i}.pdf`, content: Buffer.alloc(60_000, 65) }] }
        : {}),
    });
    raws.push({ raw, date: m.date ?? new Date(), seen: i % 4 !== 0 });
  }
  seedMaildir(dovecot.homeOf(user), dovecot.mailUid, raws);
  const bytes = raws.reduce((sum, r) => sum + r.raw.length, 0);
  const nf = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });
  console.log(
    `mailbox: ${nf.format(count)} messages, ${(bytes / 1024 / 1024).toFixed(1)} MB, built in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}
