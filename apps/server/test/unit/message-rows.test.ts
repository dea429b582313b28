import { describe, expect, it } from 'vitest';
import { headerRow } from '../../src/mail/sync/message-rows.ts';

describe('a stored message row', () => {
  it('keeps the flags of the message, not \\Recent, which belongs to one session', () => {
    const row = headerRow(
      {
        uid: 7,
        seq: 1,
        flags: new Set(['\\Recent', '\\Seen', '\\Flagged']),
        envelope: { subject: 'Test', from: [{ name: 'Anna', address: 'anna@beispiel.de' }] },
      },
      { userId: 'u', accountId: 1, folderId: 2 },
    );
    expect(row.flags).toEqual(['\\Seen', '\\Flagged']);
    expect(row).toMatchObject({ isRead: true, isFlagged: true, subject: 'Test' });
  });
});
