import type { ImapFlow, MailboxObject } from 'imapflow';
import type { EmailSyncRepository } from '../../modules/emails/email-sync.repository.ts';
import type { FolderRow } from '../../modules/folders/folders.repository.ts';
import { assertUsable } from '../imap/imap-client.ts';

/** What changed on the server since the last sync of one folder. */
export interface FolderChanges {
  /** UIDs not stored yet, newest first. */
  fresh: number[];
  /** UIDs stored here but expunged on the server. */
  gone: number[];
  flagChanges: { uid: number; flags: string[] }[];
  method: 'unchanged' | 'qresync' | 'full';
}

/** \Recent belongs to the session that saw the message first (RFC 3501 §2.3.2), not to it. */
const sortFlags = (flags: Set<string> | undefined) =>
  [...(flags ?? new Set<string>())].filter((f) => f !== '\\Recent').sort();
const sameFlags = (a: string[], b: string[]) => a.slice().sort().join(' ') === b.join(' ');
/**
 * Marked for deletion by another client (Thunderbird's or Outlook's "mark as deleted", a failed
 * move) but not expunged yet: the user deleted it, so lists and counts leave it out, as Roundcube's
 * skip_deleted does. Unmarked again, it is stored again like a new message.
 */
const isDeleted = (flags: string[]) => flags.includes('\\Deleted');

/**
 * Three ways, cheapest first: nothing changed (the mod-sequence and UIDNEXT are where we left
 * them), QRESYNC (RFC 7162: one FETCH CHANGEDSINCE … VANISHED returns exactly the new, changed
 * and expunged messages), or the full comparison of UID lists for servers without it.
 */
export async function detectChanges(
  client: ImapFlow,
  repo: EmailSyncRepository,
  folder: FolderRow,
  mailbox: MailboxObject,
  reset: boolean,
): Promise<FolderChanges> {
  const known = !reset && folder.highestModseq !== null && mailbox.highestModseq !== undefined;
  if (known && client.enabled.has('QRESYNC')) {
    if (mailbox.highestModseq === folder.highestModseq)
      return { fresh: [], gone: [], flagChanges: [], method: 'unchanged' };
    return qresyncChanges(client, repo, folder);
  }
  if (
    known &&
    client.enabled.has('CONDSTORE') &&
    mailbox.highestModseq === folder.highestModseq &&
    folder.uidNext !== null &&
    mailbox.uidNext !== undefined &&
    BigInt(mailbox.uidNext) === folder.uidNext &&
    (await repo.countFolder(folder.id)) === mailbox.exists
  )
    return { fresh: [], gone: [], flagChanges: [], method: 'unchanged' };
  return fullChanges(client, repo, folder, mailbox, reset);
}

async function qresyncChanges(
  client: ImapFlow,
  repo: EmailSyncRepository,
  folder: FolderRow,
): Promise<FolderChanges> {
  const vanished: number[] = [];
  const onExpunge = (event: { path: string; uid?: number; vanished: boolean }) => {
    if (event.vanished && event.uid !== undefined && event.path === folder.path)
      vanished.push(event.uid);
  };
  const seen: { uid: number; flags: string[] }[] = [];
  client.on('expunge', onExpunge);
  try {
    for await (const message of client.fetch(
      '1:*',
      { uid: true, flags: true },
      { uid: true, changedSince: folder.highestModseq! },
    ))
      seen.push({ uid: message.uid, flags: sortFlags(message.flags) });
  } finally {
    client.off('expunge', onExpunge);
  }
  assertUsable(client);
  const local = await repo.localFlagsFor(
    folder.id,
    seen.map((m) => m.uid),
  );
  const kept = seen.filter((m) => !isDeleted(m.flags));
  return {
    fresh: kept
      .filter((m) => !local.has(m.uid))
      .map((m) => m.uid)
      .sort((a, b) => b - a),
    // VANISHED (EARLIER) may name UIDs this app never stored; deleting those is a no-op.
    gone: [
      ...vanished,
      ...seen.filter((m) => isDeleted(m.flags) && local.has(m.uid)).map((m) => m.uid),
    ],
    flagChanges: kept.filter((m) => {
      const before = local.get(m.uid);
      return before !== undefined && !sameFlags(before, m.flags);
    }),
    method: 'qresync',
  };
}

async function fullChanges(
  client: ImapFlow,
  repo: EmailSyncRepository,
  folder: FolderRow,
  mailbox: MailboxObject,
  reset: boolean,
): Promise<FolderChanges> {
  const local = reset ? new Set<number>() : await repo.localUids(folder.id);
  const serverUids =
    mailbox.exists > 0 ? (await client.search({ deleted: false }, { uid: true })) || [] : [];
  assertUsable(client);
  const onServer = new Set(serverUids);
  const gone = [...local].filter((uid) => !onServer.has(uid));

  // Flags of messages already stored: with CONDSTORE only those changed since the last known
  // mod-sequence, otherwise all of them.
  const flagChanges: { uid: number; flags: string[] }[] = [];
  if (serverUids.some((uid) => local.has(uid))) {
    const condstore =
      !reset &&
      folder.highestModseq !== null &&
      mailbox.highestModseq !== undefined &&
      client.enabled.has('CONDSTORE');
    if (!condstore || folder.highestModseq !== mailbox.highestModseq) {
      const localFlags = await repo.localFlags(folder.id);
      const fetchOptions = condstore
        ? { uid: true, changedSince: folder.highestModseq! }
        : { uid: true };
      for await (const message of client.fetch('1:*', { uid: true, flags: true }, fetchOptions)) {
        const flags = sortFlags(message.flags);
        const before = localFlags.get(message.uid);
        if (before && !isDeleted(flags) && !sameFlags(before, flags))
          flagChanges.push({ uid: message.uid, flags });
      }
      assertUsable(client);
    }
  }
  return {
    fresh: serverUids.filter((uid) => !local.has(uid)).sort((a, b) => b - a),
    gone,
    flagChanges,
    method: 'full',
  };
}
