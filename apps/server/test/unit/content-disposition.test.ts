import { describe, expect, it } from 'vitest';
import {
  attachmentDisposition,
  safeContentType,
} from '../../src/modules/emails/content-disposition.ts';
import { safeFileName } from '../../src/mail/mime/safe-file-name.ts';

describe('attachment downloads', () => {
  it('names the file in ASCII and exactly (RFC 5987), with nothing to inject', () => {
    expect(attachmentDisposition('Ärger Übersicht.pdf')).toBe(
      `attachment; filename="Arger Ubersicht.pdf"; filename*=UTF-8''%C3%84rger%20%C3%9Cbersicht.pdf`,
    );
    const hostile = attachmentDisposition('x";\r\nX-Evil: 1;a=".html');
    expect(hostile).not.toMatch(/[\r\n]/);
    expect(hostile.split('"').length).toBe(3);
    expect(attachmentDisposition('  ')).toBe(
      `attachment; filename="download"; filename*=UTF-8''download`,
    );
  });

  it('keeps no path, control or direction-changing character in a name', () => {
    // Shown as "Rechnung_rcs.pdf" with the override; the real name ends in .scr.
    expect(safeFileName('Rechnung_\u202Efdp.scr')).toBe('Rechnung_fdp.scr');
    expect(safeFileName('a\r\nX-Evil: 1\r\n\r\nb.pdf')).toBe('aX-Evil: 1b.pdf');
    // A path keeps its last part, as mail clients show it.
    expect(safeFileName('../../.bashrc')).toBe('.bashrc');
    expect(safeFileName('C:\\Temp\\a.exe')).toBe('a.exe');
    expect(safeFileName('C:\\Users\\hans\\Desktop\\Rechnung.pdf')).toBe('Rechnung.pdf');
    expect(safeFileName('/tmp/whoa')).toBe('whoa');
    expect(safeFileName('../..')).toBe('');
    expect(safeFileName('Angebot 3/2026.eml')).toBe('Angebot 3_2026.eml');
    expect(safeFileName('\u2066\u200f\u0000')).toBe('');
    expect(safeFileName('Grüße 😀.pdf')).toBe('Grüße 😀.pdf');
    const header = attachmentDisposition('../a\u202E\u0000.pdf');
    expect(header).toBe(`attachment; filename="a.pdf"; filename*=UTF-8''a.pdf`);
  });

  it('delivers every type a browser might render or run as plain bytes', () => {
    for (const type of [
      'text/html',
      'application/xhtml+xml',
      'image/svg+xml',
      'text/xml',
      'application/xml',
      'application/rss+xml',
      'application/atom+xml',
      'text/xsl',
      'application/vnd.mozilla.xul+xml',
      'application/ecmascript',
      'text/ecmascript',
      'application/x-javascript',
      'text/javascript',
      'not a type',
    ])
      expect(safeContentType(type)).toBe('application/octet-stream');
    for (const type of [
      'application/pdf',
      'image/png',
      'text/plain',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ])
      expect(safeContentType(type)).toBe(type);
  });
});
