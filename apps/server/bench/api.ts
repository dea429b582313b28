// npm run bench:api — list and search latency (p50/p95) through the real HTTP routes at 100,000
// stored messages, on PGlite and on PostgreSQL. Targets: list page p95 < 30 ms, search p95 < 150 ms
// on PGlite.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { openDatabase } from '../src/db/client.ts';
import { createSearchIndexer } from '../src/mail/search/search-indexer.ts';
import { createTestPostgresDatabase } from '../../../test-support/src/postgres.ts';

const COUNT = Number(process.env.BENCH_MESSAGES ?? 100_000);
const ROUNDS = 200;
const SECRET = 'bench-secret-0123456789abcdef0123456789abcdef';

const WORDS = [
  'Rechnung',
  'Angebot',
  'Termin',
  'Projekt',
  'Urlaub',
  'Bestellung',
  'Lieferung',
  'Vertrag',
  'Besprechung',
  'Protokoll',
  'Einladung',
  'Bewerbung',
  'Reise',
  'Zahlung',
  'Mahnung',
  'Versicherung',
  'Steuer',
  'Konto',
  'Paket',
  'Newsletter',
  'Verein',
  'Schule',
  'Arzt',
  'Wohnung',
  'Miete',
  'Handwerker',
  'Küche',
  'Garten',
  'Auto',
  'Werkstatt',
];

async function measure(label: string, databaseUrl?: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bt-bench-api-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    APP_SECRET: SECRET,
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
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
  const access = reg.json<{ access: string }>().access;
  const auth = { authorization: `Bearer ${access}` };
  const account = (
    await app.inject({
      method: 'POST',
      url: '/api/accounts/',
      headers: auth,
      payload: { email_address: 'bench@gmx.de', password: 'x' },
    })
  ).json<{ id: number }>();

  // A second, smaller account (a tenth of the mail): its list must not walk the first one's.
  const second = (
    await app.inject({
      method: 'POST',
      url: '/api/accounts/',
      headers: auth,
      payload: { email_address: 'bench@web.de', password: 'x' },
    })
  ).json<{ id: number }>();
  const category = (
    await app.inject({
      method: 'POST',
      url: '/api/categories/',
      headers: auth,
      payload: { name: 'Rechnungen', description: 'Rechnungen und Mahnungen', account: account.id },
    })
  ).json<{ id: number }>();

  const seedStart = performance.now();
  const words = `(ARRAY[${WORDS.map((w) => `'${w}'`).join(',')}])`;
  await database.db.execute(
    sql.raw(`
    INSERT INTO folders (user_id, account_id, path, name, folder_type)
    SELECT user_id, id, p.path, p.path, p.type FROM accounts, (VALUES ('INBOX','inbox'),('Sent','sent'),('Archiv','archive')) AS p(path, type)
    WHERE id IN (${account.id}, ${second.id})`),
  );
  for (let start = 1; start <= COUNT; start += 10_000) {
    const end = Math.min(COUNT, start + 9_999);
    // Every tenth message to the second account; a seventh of the first one's in the category.
    // The Date header lies up to 41 days before the arrival (imported mail), and every 97th is
    // absurd (2099): the lists sort by the sender's date where it is plausible.
    await database.db.execute(
      sql.raw(`
      INSERT INTO emails (user_id, account_id, folder_id, uid, subject, from_name, from_address, sent_at, received_at, is_read, preview, body_status, search_text, category_id)
      SELECT f.user_id, f.account_id, f.id, g,
        ${words}[1 + g % 30] || ' ' || ${words}[1 + (g / 7) % 30] || ' Nr. ' || g,
        'Absender ' || (g % 500), 'absender' || (g % 500) || '@beispiel.de',
        CASE WHEN g % 97 = 0 THEN timestamptz '2099-01-01' ELSE timestamptz '2026-01-01' + g * interval '5 minutes' - (g % 1000) * interval '1 hour' END,
        timestamptz '2026-01-01' + g * interval '5 minutes', g % 4 <> 0, 'Vorschau ' || g, 'ok',
        'Hallo, hier die Informationen zu ' || ${words}[1 + (g / 3) % 30] || ' und ' || ${words}[1 + (g / 11) % 30] || '. Viele Grüße',
        CASE WHEN g % 7 = 0 AND g % 10 <> 3 THEN ${category.id} END
      FROM generate_series(${start}, ${end}) g
      JOIN folders f ON f.account_id = (CASE WHEN g % 10 = 3 THEN ${second.id} ELSE ${account.id} END)
        AND f.path = (CASE WHEN g % 10 = 0 THEN 'Sent' WHEN g % 10 = 1 THEN 'Archiv' ELSE 'INBOX' END)`),
    );
  }
  const seedSeconds = (performance.now() - seedStart) / 1000;
  // The full-text index as the sync leaves it: every message queued, then indexed by the
  // indexer's own statement.
  const indexStart = performance.now();
  await database.db.execute(sql`INSERT INTO email_search_queue (email_id) SELECT id FROM emails`);
  const indexed = await createSearchIndexer(database.db).drain(5_000);
  if (indexed !== COUNT) throw new Error(`indexed ${indexed} of ${COUNT}`);
  const indexSeconds = (performance.now() - indexStart) / 1000;
  // As the sync does after a large intake (EmailSyncRepository.analyze).
  await database.db.execute(sql`ANALYZE emails`);
  await database.db.execute(sql`ANALYZE email_search`);
  const inbox = (
    await app.inject({
      method: 'GET',
      url: `/api/folders/?account_id=${account.id}&folder_type=inbox`,
      headers: auth,
    })
  ).json<{ id: number }[]>()[0]!;

  const time = async (url: string) => {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: auth });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return { ms, res };
  };
  const stats = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
    return `p50 ${at(0.5).toFixed(1)} ms · p95 ${at(0.95).toFixed(1)} ms`;
  };

  const urls = {
    'all mail': '/api/emails/?limit=50',
    folder: `/api/folders/${inbox.id}/emails/?limit=50`,
    unread: '/api/emails/?read=false&limit=50',
    sent: '/api/emails/?folder_type=sent&limit=50',
    'small account': `/api/emails/?accounts=${second.id}&limit=50`,
    category: `/api/emails/?category=${category.id}&limit=50`,
  };
  const kinds = Object.keys(urls) as (keyof typeof urls)[];
  const lists: number[] = [];
  const perList = new Map<string, number[]>(kinds.map((k) => [k, []]));
  const deep: number[] = [];
  const searches: number[] = [];
  let hits = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const kind = kinds[i % kinds.length]!;
    const { ms, res } = await time(urls[kind]);
    lists.push(ms);
    perList.get(kind)!.push(ms);
    // Page 20 and beyond: the keyset cursor keeps deep pages as cheap as the first.
    if (i % 10 === 0) {
      let cursor = res.headers['x-next-cursor'] as string | undefined;
      for (let page = 0; page < 20 && cursor; page++) {
        const next = await time(`/api/emails/?limit=50&cursor=${cursor}`);
        deep.push(next.ms);
        cursor = next.res.headers['x-next-cursor'] as string | undefined;
      }
    }
    const search = await time(
      `/api/emails/?q=${encodeURIComponent(`${WORDS[i % 30]} ${WORDS[(i * 7) % 30]!.slice(0, 4)}`)}&limit=20`,
    );
    searches.push(search.ms);
    // A search that finds nothing would measure nothing: every one of these has hits.
    hits += search.res.json<unknown[]>().length;
  }
  if (hits < ROUNDS * 20) throw new Error(`searches found ${hits} of ${ROUNDS * 20} expected rows`);
  // The search box's operators (ADR 0016): fields from the index's weights, the rest from the row.
  const operatorQueries = [
    (i: number) => `from:absender${i % 500} ${WORDS[i % 30]!.slice(0, 4)}`,
    (i: number) => `subject:${WORDS[i % 30]} is:unread`,
    (i: number) => `${WORDS[(i * 7) % 30]} after:2026-03-01 before:1.4.2026`,
    (i: number) => `in:Archiv ${WORDS[i % 30]}`,
    (i: number) => `"informationen zu ${WORDS[i % 30]}"`,
  ];
  const operators: number[] = [];
  let operatorHits = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const q = operatorQueries[i % operatorQueries.length]!(i);
    const search = await time(`/api/emails/?q=${encodeURIComponent(q)}&limit=20`);
    operators.push(search.ms);
    operatorHits += search.res.json<unknown[]>().length > 0 ? 1 : 0;
  }
  if (operatorHits < ROUNDS * 0.9)
    throw new Error(`${operatorHits} of ${ROUNDS} operator searches found mail`);
  const sizeResult: unknown = await database.db.execute(
    sql`SELECT pg_total_relation_size('email_search')::bigint AS bytes`,
  );
  const indexSize = (sizeResult as { rows: { bytes: string | number }[] }).rows[0]!.bytes;
  // "Select all" over the whole unified list: every message, compact (the rare, heavy call).
  const wholeList: number[] = [];
  let selected = 0;
  for (let i = 0; i < 5; i++) {
    const { ms, res } = await time('/api/emails/selection/');
    wholeList.push(ms);
    selected = res.json<{ rows: unknown[] }>().rows.length;
  }
  console.log(
    `${label}: ${COUNT.toLocaleString('de-DE')} messages seeded in ${seedSeconds.toFixed(1)} s, indexed for search in ${indexSeconds.toFixed(1)} s`,
  );
  console.log(`  list page (50)          ${stats(lists)}   target p95 < 30 ms`);
  for (const [kind, values] of perList) console.log(`    ${kind.padEnd(20)} ${stats(values)}`);
  console.log(`  deep pages (cursor)     ${stats(deep)}`);
  console.log(`  full-text search (20)   ${stats(searches)}   target p95 < 150 ms`);
  console.log(
    `  operator search (20)    ${stats(operators)}   (${operatorHits} of ${ROUNDS} with hits)`,
  );
  console.log(
    `  search index            ${(Number(indexSize) / 1024 / 1024).toFixed(1)} MB (email_search with its GIN index)`,
  );
  console.log(
    `  select all (${selected.toLocaleString('de-DE')})   ${stats(wholeList)}   (one call, then bulk calls of 1,000)`,
  );
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await measure('PGlite');
try {
  const pg = await createTestPostgresDatabase('bt_bench');
  try {
    await measure('PostgreSQL', pg.url);
  } finally {
    await pg.drop();
  }
} catch (error) {
  console.log(`PostgreSQL not measured: ${(error as Error).message}`);
}
