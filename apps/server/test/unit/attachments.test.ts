import type { MessageStructureObject } from 'imapflow';
import { describe, expect, it } from 'vitest';
import { attachmentsFrom } from '../../src/mail/mime/attachments.ts';

const photo: MessageStructureObject = {
  part: '2',
  type: 'image/jpeg',
  id: '<foto-1@iphone>',
  disposition: 'inline',
  dispositionParameters: { filename: 'IMG_0042.jpg' },
  encoding: 'base64',
  size: 7800,
};
const text = { part: '1', type: 'text/plain', size: 40 } as MessageStructureObject;
const html = { part: '1.2', type: 'text/html', size: 90 } as MessageStructureObject;

describe('attachments from BODYSTRUCTURE', () => {
  it('a picture with a Content-ID is inline only where an HTML part can show it', () => {
    const textOnly = attachmentsFrom({
      type: 'multipart/mixed',
      childNodes: [text, photo],
    });
    expect(textOnly).toMatchObject([{ filename: 'IMG_0042.jpg', inline: false, part: '2' }]);

    const withHtml = attachmentsFrom({
      type: 'multipart/related',
      childNodes: [
        {
          part: '1',
          type: 'multipart/alternative',
          childNodes: [{ ...text, part: '1.1' }, html],
        },
        photo,
      ],
    });
    expect(withHtml).toMatchObject([{ filename: 'IMG_0042.jpg', inline: true }]);
  });

  it('an HTML part inside an attached mail shows nothing of this one', () => {
    const found = attachmentsFrom({
      type: 'multipart/mixed',
      childNodes: [
        text,
        photo,
        {
          part: '3',
          type: 'message/rfc822',
          envelope: { subject: 'Weitergeleitet' },
          childNodes: [{ ...html, part: '3.1' }],
        },
      ],
    });
    expect(found.map((a) => [a.filename, a.inline])).toEqual([
      ['IMG_0042.jpg', false],
      ['Weitergeleitet.eml', false],
    ]);
  });

  it('names unnamed files and those with an empty name by their type', () => {
    const found = attachmentsFrom({
      type: 'multipart/mixed',
      childNodes: [
        text,
        {
          part: '2',
          type: 'application/pdf',
          disposition: 'attachment',
          dispositionParameters: { filename: '' },
          parameters: { name: ' ' },
        },
        { part: '3', type: 'text/plain', disposition: 'attachment' },
        { part: '4', type: 'message/delivery-status' },
        { part: '5', type: 'text/csv', disposition: 'attachment' },
        { part: '6', type: 'application/vnd.ms-excel' },
        { part: '7', type: 'application/x-unbekannt' },
      ],
    });
    expect(found.map((a) => a.filename)).toEqual([
      'Anhang-2.pdf',
      'Anhang-3.txt',
      'Anhang-4.txt',
      'Anhang-5.csv',
      'Anhang-6.xls',
      'Anhang-7.bin',
    ]);
  });

  it('reads ISO-8859-1 names and subjects as Windows-1252, as browsers do', () => {
    const found = attachmentsFrom({
      type: 'multipart/mixed',
      childNodes: [
        text,
        { part: '2', type: 'application/pdf', parameters: { name: 'Preis \u0080 \u0096 Mai.pdf' } },
        { part: '3', type: 'message/rfc822', envelope: { subject: '\u0084Angebot\u0093' } },
      ],
    });
    expect(found.map((a) => a.filename)).toEqual(['Preis € – Mai.pdf', '„Angebot“.eml']);
  });
});
