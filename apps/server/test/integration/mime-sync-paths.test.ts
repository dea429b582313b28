import { sql } from 'drizzle-orm';
import type { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';
import { accountPayload, imapClient } from '@brieftaube/test-support/mail-fixtures.ts';
import {
  DATABASE_KINDS,
  queryRows,
  startTestApp,
  type TestApp,
} from '@brieftaube/test-support/test-app.ts';
import { safeFileName } from '../../src/mail/mime/safe-file-name.ts';
import { syncFolder, type FolderSyncOptions } from '../../src/mail/sync/folder-sync.ts';
import { probes } from '../fixtures/mime-probes.ts';

interface Row {
  message_id: string;
  subject: string;
  from_name: string;
  to_addresses: { name: string; address: string }[];
  cc_addresses: { name: string; address: string }[];
  reply_to: { name: string; address: string }[];
  sent_at: string | null;
  body_text: string | null;
  attachments: { filename: string }[];
}

/** More than a sync takes in one round trip: the first page goes headers first, then bodies. */
const FILLERS = 12;

/**
 * Every path a message can be stored by, each into a folder of its own: the first page (headers,
 * then bodies), complete rows parsed in this thread or in the worker threads, and huge messages
 * (headers, then their text parts one by one). Each must show the review's probes alike.
 */
describe.each(DATABASE_KINDS)('the MIME probes through every sync path on %s', (kind) => {
  let t: TestApp;
  let dovecot: Dovecot;
  let owner: ApiUser;
  let client: ImapFlow;
  const rows: Record<string, Map<string, Row>> = {};
  const address = 'pfade@beispiel.de';

  const paths: Record<string, (d: Dovecot) => FolderSyncOptions> = {
    firstPage: () => ({}),
    complete: () => ({ headerBatch: 0 }),
    workers: (d) => ({
      headerBatch: 0,
      bulk: {
        endpoint: { host: '127.0.0.1', port: d.imapPort, security: 'none' },
        credentials: { user: address, password: 'pw' },
        minMessages: 1,
      },
    }),
    partByPart: () => ({ maxSourceBytes: 100 }),
  };

  beforeAll(async () => {
    [t, dovecot] = await Promise.all([startTestApp(kind), startDovecot()]);
    owner = await registerApiUser(t.app, 'pfade');
    dovecot.addUser(address, 'pw');
    const account = await owner.request({
      method: 'POST',
      url: '/api/accounts/',
      payload: accountPayload(dovecot, address),
    });
    const accountId = account.json<{ id: number }>().id;
    client = await imapClient(dovecot, address);
    for (const path of Object.keys(paths)) {
      await client.mailboxCreate(path);
      for (const raw of Object.values(probes)) await client.append(path, raw);
      for (let i = 0; i < FILLERS; i++)
        await client.append(
          path,
          `From: a@b.de\r\nSubject: Füller ${i}\r\nMessage-ID: <f${i}@probe.example>\r\n\r\nx\r\n`,
        );
    }
    await owner.request({
      method: 'POST',
      url: '/api/folders/sync_account_folders/',
      payload: { account_id: accountId },
    });
    const [{ userId }] = await queryRows<{ userId: string }>(
      t.database.db,
      sql`SELECT user_id AS "userId" FROM accounts WHERE id = ${accountId}`,
    );
    const folders = await t.services.sync.foldersRepo.list(userId, { accountIds: [accountId] });
    for (const [path, options] of Object.entries(paths)) {
      const folder = folders.find((f) => f.path === path)!;
      await syncFolder(client, t.services.sync.emailSync, folder, options(dovecot));
      const stored = await queryRows<Row>(
        t.database.db,
        sql`SELECT message_id, subject, from_name, to_addresses, cc_addresses, reply_to,
              sent_at, body_text, attachments
            FROM emails WHERE folder_id = ${folder.id}`,
      );
      rows[path] = new Map(stored.map((r) => [r.message_id.replace(/@.*/, ''), r]));
    }
  }, 120_000);
  afterAll(async () => {
    await client?.logout().catch(() => undefined);
    await Promise.all([t?.close(), dovecot?.stop()]);
  });

  const each = (probe: string, check: (row: Row, path: string) => void) => {
    for (const path of Object.keys(paths)) {
      const row = rows[path]!.get(probe);
      expect(row, `${probe} on ${path}`).toBeDefined();
      check(row!, path);
    }
  };

  it('stores every probe on every path', () => {
    for (const path of Object.keys(paths))
      expect(rows[path]!.size, path).toBe(Object.keys(probes).length + FILLERS);
  });

  it('reads Windows-1252 punctuation under an ISO-8859-1 label, also part by part', () => {
    each('p52', (row, path) =>
      expect(row.body_text?.trim(), path).toBe('Schöne Grüße, Betrag 5 €, „Angebot“ – bis bald…'),
    );
    each('p64', (row, path) => expect(row.body_text, path).toBe('„Angebot“ – Preis 20€ …'));
  });

  it('reads UTF-8 under the ASCII name "ANSI_X3.4-1968" as UTF-8', () => {
    each('p119', (row, path) =>
      expect(row.body_text?.trim(), path).toBe('Schöne Grüße, Preis 20 € – bis Mittwoch.'),
    );
  });

  it('reads subjects whose encoded words imapflow garbles', () => {
    each('p107', (row, path) => expect(row.subject, path).toBe('Grüße aus Berlin'));
    each('p82', (row, path) => expect(row.subject, path).toBe('Grüße aus KölnStraße€uro'));
    each('p82b', (row, path) => expect(row.subject, path).toBe('„Angebot“ – 5 €'));
  });

  it('lists the members of groups, never a group name', () => {
    each('p26', (row, path) => {
      expect(row.to_addresses, path).toEqual([
        { name: '', address: 'anna@example.org' },
        { name: 'Bob B.', address: 'bob@example.org' },
        { name: '', address: 'demo@beispiel.de' },
      ]);
      expect(row.cc_addresses, path).toEqual([]);
    });
  });

  it('still repairs Latin-1 senders and recipients on every path', () => {
    each('p61', (row, path) => {
      expect(row.from_name, path).toBe('Jürgen Müßig');
      expect(row.cc_addresses, path).toEqual([{ name: 'Frau Köhler', address: 'k@example.org' }]);
    });
  });

  it('repairs the Reply-To of raw Latin-1 headers, so a reply names the sender right', () => {
    each('p61', (row, path) =>
      expect(row.reply_to, path).toEqual([{ name: 'Büro Müller', address: 'buero@example.org' }]),
    );
  });

  it('takes no date from a Date header naming no real day', () => {
    each('p81', (row, path) => expect(row.sent_at, path).toBeNull());
  });

  it('names every attachment with an extension a file system accepts', () => {
    each('p67', (row, path) => {
      const names = row.attachments.map((a) => safeFileName(a.filename));
      expect(
        names.filter((n) => n.startsWith('Anhang')),
        path,
      ).toEqual(['Anhang-2.pdf', 'Anhang-3.txt', 'Anhang-5.txt']);
      const long = names.find((n) => n.startsWith('Protokoll'))!;
      expect(long.length, path).toBeLessThanOrEqual(255);
      expect(long.endsWith('.pdf'), path).toBe(true);
    });
    each('p91', (row, path) => {
      // Part by part, file names are not read again from the source (it is never fetched whole).
      if (path !== 'partByPart')
        expect(
          row.attachments.map((a) => a.filename),
          path,
        ).toEqual(['Grüße.eml']);
    });
  });

  it('shows an invitation that comes without text', () => {
    each('p19', (row, path) => {
      // Part by part, only text/plain and text/html parts are read.
      if (path !== 'partByPart')
        expect(row.body_text, path).toMatch(
          /^Einladung: Besprechung Jahresplanung\nBeginn: 10\.03\.2026, 10:00/,
        );
    });
  });

  it('never shows the base64 of an image embedded in huge HTML as text, also where it is cut', () => {
    each('p120', (row, path) => {
      expect(row.body_text, path).toMatch(/^ANFANG des Briefes/);
      expect(row.body_text, path).not.toMatch(/base64|[A-Za-z0-9+/]{60}/);
      // Read part by part on every path (1.6 MB), the HTML stops after about a megabyte.
      expect(row.body_text, path).toContain('Bild 1');
    });
  });

  it('stores each probe alike on every path, but for what only the whole source can tell', () => {
    const shown = (row: Row) => ({ ...row, body_text: row.body_text?.trim() ?? null });
    for (const [probe, row] of rows.firstPage!) {
      for (const path of ['complete', 'workers'])
        expect(shown(rows[path]!.get(probe)!), `${probe} on ${path}`).toEqual(shown(row));
      if (['p91', 'p19'].includes(probe)) continue;
      // Attachment sizes part by part are BODYSTRUCTURE's estimate; the source gives them exact.
      const estimated = (r: Row) => ({
        ...shown(r),
        attachments: r.attachments.map((a) => ({ ...a, size: undefined })),
      });
      expect(estimated(rows.partByPart!.get(probe)!), `${probe} part by part`).toEqual(
        estimated(row),
      );
    }
  });
});
