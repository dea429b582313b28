import { describe, expect, it } from 'vitest';
import {
  attachmentDisposition,
  safeContentType,
} from '../../src/modules/emails/content-disposition.ts';

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
