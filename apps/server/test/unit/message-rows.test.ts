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

describe('a stored message row from raw 8-bit headers', () => {
  const ids = { userId: 'u', accountId: 1, folderId: 2 };
  // What Dovecot's ENVELOPE makes of raw Latin-1 bytes: U+FFFD where each umlaut was.
  const source = Buffer.from(
    'From: J\xfcrgen M\xfc\xdfig <jm@beispiel.de>\r\nReply-To: B\xfcro M\xfcller <buero@beispiel.de>\r\n' +
      'To: demo@beispiel.de\r\nSubject: Gr\xfc\xdfe\r\nDate: Sun, 01 Jan 0001 00:00:00 +0000\r\n\r\nHallo\r\n',
    'latin1',
  );
  const message = {
    uid: 3,
    seq: 1,
    source,
    headers: Buffer.from('Date: Sun, 01 Jan 0001 00:00:00 +0000\r\n'),
    internalDate: new Date('2026-11-20T10:00:00Z'),
    envelope: {
      subject: 'Gr\uFFFD\uFFFDe',
      date: new Date('2001-01-01T00:00:00Z'),
      from: [{ name: 'J\uFFFDrgen M\uFFFD\uFFFDig', address: 'jm@beispiel.de' }],
      replyTo: [{ name: 'B\uFFFDro M\uFFFDller', address: 'buero@beispiel.de' }],
      to: [{ name: '', address: 'demo@beispiel.de' }],
    },
  };

  it('repairs Reply-To like From, and takes no date from an impossible one', async () => {
    const { completeRow } = await import('../../src/mail/sync/message-rows.ts');
    const row = await completeRow(message, ids, () =>
      Promise.resolve({ text: 'Hallo', html: null, searchText: 'Hallo', preview: 'Hallo' }),
    );
    expect(row).toMatchObject({
      subject: 'Grüße',
      fromName: 'Jürgen Müßig',
      replyTo: [{ name: 'Büro Müller', address: 'buero@beispiel.de' }],
      sentAt: null,
      receivedAt: new Date('2026-11-20T10:00:00Z'),
    });
  });
});
