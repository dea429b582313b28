import { describe, expect, it } from 'vitest';
import { bodyFromParts } from '../../src/mail/mime/parse-message.ts';
import { htmlToText, previewOf } from '../../src/mail/mime/plain-text.ts';
import { ownText } from '../../src/mail/mime/reply-text.ts';

describe('the searchable text of a mail', () => {
  it('is the body itself (stored once, as null) when the mail quotes nothing', () => {
    const body = bodyFromParts('Hallo Anna,\r\n\r\n\r\nanbei die Unterlagen.\r\n', undefined);
    expect(body.text).toContain('anbei die Unterlagen');
    expect(body.searchText).toBeNull();
    expect(body.preview).toBe('Hallo Anna, anbei die Unterlagen.');
  });

  it('leaves out a quoted reply and the signature', () => {
    const text = [
      'Passt mir gut, bis Donnerstag.',
      '',
      '-- ',
      'Jörg Müller',
      '',
      'Am 3. März 2026 um 10:15 schrieb Anna <anna@beispiel.de>:',
      '> Können wir uns am Donnerstag treffen?',
    ].join('\n');
    const body = bodyFromParts(text, undefined);
    expect(body.searchText).toBe('Passt mir gut, bis Donnerstag.');
    expect(body.text).toContain('Können wir uns');
    expect(body.preview).toBe('Passt mir gut, bis Donnerstag.');
  });

  it('comes from the HTML when a mail has no text part', () => {
    const body = bodyFromParts(undefined, '<p>Grüße&nbsp;aus <b>Köln</b></p><script>x()</script>');
    expect(body.text).toBe('Grüße aus Köln');
    expect(body.html).toContain('<b>Köln</b>');
    expect(htmlToText('<style>p{}</style>A<br>B')).toBe('A\nB');
    expect(ownText('> nur Zitat')).toBe('');
  });

  it('keeps the text after a <head> opened inside the body and never closed, as browsers show it', () => {
    const html =
      '<HTML><body bgcolor="#fff"><HEAD>\n<TITLE>ZDNet Announcements</TITLE>\n<table><tr><td>Neu: Sicherheit im Netz</td></tr></table>';
    expect(htmlToText(html)).toBe('Neu: Sicherheit im Netz');
    expect(htmlToText('<head><meta charset="utf-8"><style>p{}</style></head><p>Hallo</p>')).toBe(
      'Hallo',
    );
  });
});

describe('previewOf', () => {
  it('shows the beginning of a long letter in one line, cut with an ellipsis', () => {
    const preview = previewOf(`Erste Zeile\n\n${'Wort '.repeat(10_000)}`);
    expect(preview).toHaveLength(200);
    expect(preview.startsWith('Erste Zeile Wort Wort')).toBe(true);
    expect(preview.endsWith('…')).toBe(true);
  });

  it('finds the words behind a long run of blank lines', () => {
    expect(previewOf(`${'\n'.repeat(5000)}Hallo${' \n'.repeat(3000)}Welt`)).toBe('Hallo Welt');
  });
});
