import type { EmailTextRepository } from '../../modules/emails/email-text.repository.ts';
import { rederivedBody } from '../mime/rederive-text.ts';

export const TEXT_REDERIVE_QUEUE = 'mail.rederive-text';

/** Few at a time: each brings its HTML (up to 2 MB) into memory, on the API's thread on PGlite. */
const BATCH = 25;

export interface TextRederiver {
  /** Empties the queue (of one account, or all); returns how many mails got a new text. */
  drain(accountId?: number): Promise<number>;
}

/**
 * Makes the text of stored mail again when the HTML-to-text step changed (ADR 0017): from the
 * stored HTML, without fetching anything from the mail server. The changed mails are queued for
 * the search index; whoever drains schedules the indexer.
 */
export function createTextRederiver(repo: EmailTextRepository): TextRederiver {
  return {
    async drain(accountId) {
      let changed = 0;
      for (;;) {
        const rows = await repo.queued(BATCH, accountId);
        if (rows.length === 0) return changed;
        const updates = rows.flatMap((row) => {
          const body = rederivedBody(row);
          return body
            ? [
                {
                  id: row.id,
                  bodyText: body.text,
                  searchText: body.searchText,
                  preview: body.preview,
                },
              ]
            : [];
        });
        // Written before the queue entries go: a crash in between only means doing them again.
        await repo.setTexts(updates);
        await repo.dequeue(rows.map((r) => r.id));
        changed += updates.length;
        // PGlite answers on this thread: let waiting API requests in between batches.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}
