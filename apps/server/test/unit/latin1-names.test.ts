import { describe, expect, it } from 'vitest';
import type { AttachmentMeta } from '../../src/db/schema/emails.ts';
import { repairLatin1Names } from '../../src/mail/mime/latin1-names.ts';

const meta = (filename: string): AttachmentMeta => ({
  part: '2',
  filename,
  contentType: 'application/pdf',
  size: 10,
  contentId: null,
  inline: false,
});
const source = (...lines: string[]) => Buffer.from(lines.join('\r\n'), 'latin1');

describe('file names written as raw Latin-1 bytes', () => {
  it('reads a misread name again as Windows-1252, quoted or not', () => {
    const raw = source(
      'Content-Disposition: attachment; filename="Rechnung März.pdf"',
      'Content-Disposition: attachment; filename=Übersicht.pdf',
    );
    expect(
      repairLatin1Names([meta('Rechnung M\uFFFDrz.pdf'), meta('\uFFFDbersicht.pdf')], raw),
    ).toEqual([meta('Rechnung März.pdf'), meta('Übersicht.pdf')]);
  });

  it('leaves correct names alone and changes nothing it cannot match', () => {
    expect(repairLatin1Names([meta('Grüße.pdf')], source('filename="Grüße.pdf"'))).toBeNull();
    expect(repairLatin1Names([meta('\uFFFD.pdf')], source('filename="Ärger.pdf"'))).toBeNull();
    expect(repairLatin1Names(null, source(''))).toBeNull();
  });
});
