import { describe, expect, it } from 'vitest';
import { toDetail } from '../../src/modules/emails/email-dto.ts';
import type { EmailFullRow } from '../../src/modules/emails/emails.repository.ts';

const attachment = (part: string, filename: string, contentType: string) => ({
  part,
  filename,
  contentType,
  size: 10,
  inline: false,
  contentId: null,
});

describe('the attachments of a message as the API shows them', () => {
  it('name a file whose name is nothing but forbidden characters by its type', () => {
    const row = {
      email: {
        id: 1,
        accountId: 1,
        folderId: 1,
        subject: 'x',
        fromName: '',
        fromAddress: 'a@b.de',
        toAddresses: [],
        ccAddresses: [],
        bccAddresses: [],
        replyTo: [],
        receivedAt: new Date('2026-11-01T10:00:00Z'),
        mailDate: new Date('2026-11-01T10:00:00Z'),
        sentAt: null,
        references: [],
        bodyText: '',
        bodyHtml: null,
        attachments: [
          attachment('2', '\u202E\u202E', 'application/pdf'),
          attachment('3', '/', 'text/plain'),
          attachment('4', 'Rechnung.pdf', 'application/pdf'),
        ],
      },
      accountEmail: 'a@b.de',
      folderName: 'INBOX',
      folderPath: 'INBOX',
      folderType: 'inbox',
    } as unknown as EmailFullRow;
    expect(toDetail(row, [], false).attachments.map((a) => a.filename)).toEqual([
      'Anhang-2.pdf',
      'Anhang-3.txt',
      'Rechnung.pdf',
    ]);
  });
});
