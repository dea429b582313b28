// npm run bench:search-recall — what search finds in newsletters (a short text part beside the
// whole issue as HTML) and in German compounds, and what indexing that costs: BENCH_MESSAGES
// (default 20,000) stored messages on PGlite, indexed by the search indexer (ADR 0016).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { openDatabase } from '../src/db/client.ts';
import { createSearchIndexer } from '../src/mail/search/search-indexer.ts';

const COUNT = Number(process.env.BENCH_MESSAGES ?? 20_000);
const SECRET = 'bench-secret-0123456789abcdef0123456789abcdef';

// Compounds German mail is full of; each is found by its last part ("Abrechnung", "Rechnung" …).
const COMPOUNDS = [
  'Jahresabrechnung',
  'Nebenkostenabrechnung',
  'Stromrechnung',
  'Telefonrechnung',
  'Haftpflichtversicherung',
  'Bestellbestätigung',
  'Zahlungserinnerung',
  'Kundennummer',
  'Lieferadresse',
  'Terminvereinbarung',
  'Handwerkerrechnung',
  'Projektbesprechung',
];
const PLAIN = ['Garten', 'Urlaub', 'Schule', 'Verein', 'Auto', 'Küche', 'Paket', 'Miete'];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bt-bench-recall-'));
const config = loadConfig({ DATA_DIR: dataDir, APP_SECRET: SECRET, LOG_LEVEL: 'silent' });
const database = await openDatabase(config);
const app = await buildApp({ config, database, serveWeb: false });
const reg = await app.inject({
  method: 'POST',
  url: '/api/auth/registration/',
  payload: {
    username: 'bench',
    email: 'bench@beispiel.de',
    password1: 'Sonnenblume!42',
    password2: 'Sonnenblume!42',
  },
});
const auth = { authorization: `Bearer ${reg.json<{ access: string }>().access}` };
const account = (
  await app.inject({
    method: 'POST',
    url: '/api/accounts/',
    headers: auth,
    payload: { email_address: 'bench@gmx.de', password: 'x' },
  })
).json<{ id: number }>();
await database.db.execute(
  sql.raw(`INSERT INTO folders (user_id, account_id, path, name, folder_type)
    SELECT user_id, id, 'INBOX', 'INBOX', 'inbox' FROM accounts WHERE id = ${account.id}`),
);

const list = (words: string[]) => `(ARRAY[${words.map((w) => `'${w}'`).join(',')}])`;
const paragraph = (n: string) =>
  `'<p>Liebe Leserinnen und Leser, in dieser Ausgabe geht es um ' || ${list(PLAIN)}[1 + (${n}) % 8] || ` +
  `' und die ' || ${list(COMPOUNDS)}[1 + (${n}) % 12] || '. Mehr dazu auf unserer Seite &ndash; ` +
  `mit Gr&uuml;&szlig;en aus dem Hofladen.</p>'`;
const seedStart = performance.now();
for (let start = 1; start <= COUNT; start += 5_000) {
  const end = Math.min(COUNT, start + 4_999);
  // Every third message a newsletter: a two-line text part, the issue as HTML. One in 369 (a
  // newsletter) has a rare word in its HTML, half of those in the text part too.
  await database.db.execute(
    sql.raw(`
    INSERT INTO emails (user_id, account_id, folder_id, uid, subject, from_name, from_address, sent_at, received_at, is_read, preview, body_status, body_text, body_html)
    SELECT f.user_id, f.account_id, f.id, g,
      CASE WHEN g % 3 = 0 THEN 'Newsletter Nr. ' || g ELSE ${list(PLAIN)}[1 + g % 8] || ' Nr. ' || g END,
      'Absender ' || (g % 300), 'absender' || (g % 300) || '@beispiel.de',
      timestamptz '2026-01-01' + g * interval '5 minutes', timestamptz '2026-01-01' + g * interval '5 minutes',
      true, 'Vorschau ' || g, 'ok',
      CASE WHEN g % 3 = 0
        THEN 'Unser Newsletter Nr. ' || g || '. Die ganze Ausgabe lesen Sie in der HTML-Ansicht.'
          || CASE WHEN g % 738 = 0 THEN ' Heute: Quittenmarmelade.' ELSE '' END
        ELSE 'Hallo, anbei die ' || ${list(COMPOUNDS)}[1 + (g / 2) % 12] || ' zum Thema ' || ${list(PLAIN)}[1 + (g / 7) % 8] || '. Viele Grüße' END,
      CASE WHEN g % 3 = 0
        THEN '<html><head><style>p { font-family: Arial }</style></head><body><h1>Newsletter</h1>'
          || ${paragraph('g')} || ${paragraph('g / 3')} || ${paragraph('g / 5')}
          || CASE WHEN g % 369 = 0 THEN '<p>Neu im Hofladen: Quittenmarmelade.</p>' ELSE '' END
          || '</body></html>' END
    FROM generate_series(${start}, ${end}) g, folders f WHERE f.account_id = ${account.id}`),
  );
}
const seedSeconds = (performance.now() - seedStart) / 1000;

const indexStart = performance.now();
await database.db.execute(sql`INSERT INTO email_search_queue (email_id) SELECT id FROM emails`);
const indexed = await createSearchIndexer(database.db).drain(5_000);
const indexSeconds = (performance.now() - indexStart) / 1000;
await database.db.execute(sql`ANALYZE email_search`);
const sizeResult: unknown = await database.db.execute(
  sql`SELECT pg_total_relation_size('email_search')::bigint AS bytes`,
);
const size = (sizeResult as { rows: { bytes: string | number }[] }).rows[0]!.bytes;

/** Mails that have the word somewhere a reader sees it (text or HTML), as the truth to find. */
async function having(pattern: string): Promise<number> {
  const result: unknown = await database.db.execute(
    sql`SELECT count(*)::int AS n FROM emails WHERE coalesce(body_text, '') ~* ${pattern} OR coalesce(body_html, '') ~* ${pattern}`,
  );
  return Number((result as { rows: { n: number }[] }).rows[0]!.n);
}
async function found(q: string): Promise<{ n: number; ms: number }> {
  const t0 = performance.now();
  const res = await app.inject({
    method: 'GET',
    url: `/api/emails/selection/?q=${encodeURIComponent(q)}`,
    headers: auth,
  });
  if (res.statusCode !== 200) throw new Error(`${q}: ${res.statusCode} ${res.body}`);
  return { n: res.json<{ rows: unknown[] }>().rows.length, ms: performance.now() - t0 };
}

console.log(
  `PGlite: ${COUNT.toLocaleString('de-DE')} messages (a third newsletters) seeded in ${seedSeconds.toFixed(1)} s, ` +
    `${indexed.toLocaleString('de-DE')} indexed in ${indexSeconds.toFixed(1)} s, index ${(Number(size) / 1024 / 1024).toFixed(1)} MB`,
);
for (const [q, word] of [
  ['Quittenmarmelade', 'Quittenmarmelade'],
  ['Hofladen', 'Hofladen'],
  ['Abrechnung', 'abrechnung'],
  // An "Abrechnung" is no "Rechnung" (nor does the splitter make it one).
  ['Rechnung', '(?<!ab)rechnung'],
  ['Versicherung', 'versicherung'],
  ['Bestätigung', 'bestätigung'],
  ['Jahresabrechnung', 'jahresabrechnung'],
] as const) {
  const { n, ms } = await found(q);
  console.log(
    `  "${q}"`.padEnd(22) +
      `found ${String(n).padStart(5)} of ${String(await having(word)).padStart(5)} mails that contain it   (${ms.toFixed(0)} ms)`,
  );
}
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
