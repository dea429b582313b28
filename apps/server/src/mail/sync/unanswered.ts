import type { FetchMessageObject, ImapFlow } from 'imapflow';
import type {
  EmailSyncRepository,
  NewEmailRow,
} from '../../modules/emails/email-sync.repository.ts';
import { assertUsable, uidSet } from '../imap/imap-client.ts';
import { sharedParsePool } from '../mime/parse-pool.ts';
import { completeRow, HEADER_QUERY, headerRow } from './message-rows.ts';

// Everything but the BODYSTRUCTURE: the part imapflow cannot read for a message nested more
// than 25 levels deep, and for which it drops the whole FETCH response silently.
const { bodyStructure: _, ...WITHOUT_STRUCTURE } = HEADER_QUERY;

/**
 * Stores the new messages the server was asked for but no FETCH answer arrived: without this
 * a sync ended SUCCESS with mail missing for good. They are fetched again without their
 * structure; one that still does not answer is not stored (the next sync asks again).
 */
export async function storeUnanswered(
  client: ImapFlow,
  repo: EmailSyncRepository,
  ids: { userId: string; accountId: number; folderId: number },
  asked: number[],
  maxSourceBytes: number,
): Promise<number> {
  if (asked.length === 0) return 0;
  // Only the asked UIDs are looked up: an incremental sync asks for a few of a large folder.
  const local = await repo.localFlagsFor(ids.folderId, asked);
  const missing = asked.filter((uid) => !local.has(uid));
  if (missing.length === 0) return 0;
  const pool = sharedParsePool();
  const rows: NewEmailRow[] = [];
  const small: number[] = [];
  // Sizes first; the sources after that FETCH has ended (one command at a time per session).
  for await (const message of client.fetch(
    uidSet(missing),
    { ...WITHOUT_STRUCTURE, size: true },
    { uid: true },
  )) {
    if ((message.size ?? 0) <= maxSourceBytes) small.push(message.uid);
    else
      rows.push({
        ...headerRow(message, ids),
        bodyStatus: 'failed',
        parseError: 'structure unreadable and too large to read whole',
      });
  }
  const fetched: FetchMessageObject[] = [];
  if (small.length > 0)
    for await (const message of client.fetch(
      uidSet(small),
      { ...WITHOUT_STRUCTURE, source: true },
      { uid: true },
    ))
      fetched.push(message);
  for (const message of fetched)
    rows.push(await completeRow(message, ids, (source) => pool.parse(source)));
  assertUsable(client);
  return repo.insertMany(rows);
}
