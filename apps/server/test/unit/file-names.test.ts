import { describe, expect, it } from 'vitest';
import type { AttachmentMeta } from '../../src/db/schema/emails.ts';
import { repairFileNames } from '../../src/mail/mime/file-names.ts';
import { safeFileName } from '../../src/mail/mime/safe-file-name.ts';
import { probes } from '../fixtures/mime-probes.ts';

const meta = (filename: string): AttachmentMeta => ({
  part: '2',
  filename,
  contentType: 'application/pdf',
  size: 10,
  contentId: null,
  inline: false,
});
const source = (...lines: string[]) => Buffer.from(lines.join('\r\n'), 'latin1');

describe('file names BODYSTRUCTURE misreads', () => {
  it('reads a misread name again as Windows-1252, quoted or not', () => {
    const raw = source(
      'Content-Disposition: attachment; filename="Rechnung März.pdf"',
      'Content-Disposition: attachment; filename=Übersicht.pdf',
    );
    expect(
      repairFileNames([meta('Rechnung M\uFFFDrz.pdf'), meta('\uFFFDbersicht.pdf')], raw),
    ).toEqual([meta('Rechnung März.pdf'), meta('Übersicht.pdf')]);
  });

  it('takes the whole of an unquoted name with spaces, which Dovecot cuts at the first', () => {
    const raw = source(
      'Content-Type: application/pdf; name=Rechnung vom Mai 2026.pdf',
      'Content-Disposition: attachment; filename=Rechnung vom Mai 2026.pdf ; size=10',
      'Content-Disposition: attachment; filename=Grüße an Jörg.txt',
    );
    expect(repairFileNames([meta('Rechnung'), meta('Gr\uFFFD\uFFFDe')], raw)).toEqual([
      meta('Rechnung vom Mai 2026.pdf'),
      meta('Grüße an Jörg.txt'),
    ]);
  });

  it('gives names that start alike to their own parts, and guesses nothing', () => {
    const raw = source(
      'Content-Type: application/pdf; name=Rechnung 2026-001.pdf',
      'Content-Disposition: attachment; filename=Rechnung 2026-001.pdf',
      'Content-Type: application/pdf; name=Rechnung 2026-002.pdf',
      'Content-Disposition: attachment; filename=Rechnung 2026-002.pdf',
    );
    expect(repairFileNames([meta('Rechnung'), meta('Rechnung')], raw)).toEqual([
      meta('Rechnung 2026-001.pdf'),
      meta('Rechnung 2026-002.pdf'),
    ]);
    // Three parts named "Rechnung …" but only two seen as "Rechnung": which is which is unknown.
    const three = source(
      'filename=Rechnung 2026-001.pdf',
      'filename=Rechnung 2026-002.pdf',
      'filename=Rechnung 2026-003.pdf',
    );
    expect(repairFileNames([meta('Rechnung'), meta('Rechnung')], three)).toBeNull();
  });

  it('leaves correct names alone and changes nothing it cannot match', () => {
    expect(repairFileNames([meta('Grüße.pdf')], source('filename="Grüße.pdf"'))).toBeNull();
    expect(repairFileNames([meta('\uFFFD.pdf')], source('filename="Ärger.pdf"'))).toBeNull();
    expect(repairFileNames(null, source(''))).toBeNull();
    expect(repairFileNames([meta('README')], source('filename=README'))).toBeNull();
  });

  it('names an attached mail by its raw Latin-1 subject, read as a reader means it', () => {
    const eml = { ...meta('Gr\uFFFD\uFFFDe.eml'), part: '3', contentType: 'message/rfc822' };
    expect(repairFileNames([eml], probes.p91)).toEqual([{ ...eml, filename: 'Grüße.eml' }]);
  });
});

describe('file names as the user saves them', () => {
  it('cuts a name too long for a file system in its stem and keeps the extension', () => {
    const long = `${'Protokoll sehr lang '.repeat(16)}.pdf`;
    const safe = safeFileName(long);
    expect(safe.length).toBeLessThanOrEqual(255);
    expect(safe).toMatch(/^Protokoll sehr lang .*\S\.pdf$/);
    // No half of an emoji is left at the cut.
    const emoji = safeFileName(`${'😀'.repeat(200)}.jpeg`);
    expect(emoji.length).toBeLessThanOrEqual(255);
    expect(emoji.endsWith('😀.jpeg')).toBe(true);
    expect(safeFileName('x'.repeat(300)).length).toBe(255);
    expect(safeFileName('Kurz.pdf')).toBe('Kurz.pdf');
  });
});
