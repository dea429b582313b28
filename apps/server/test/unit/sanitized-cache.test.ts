import { describe, expect, it } from 'vitest';
import { sanitizeMailHtml } from '../../src/mail/mime/sanitize-html.ts';
import { sanitizeStoredHtml } from '../../src/mail/mime/sanitized-cache.ts';

describe('sanitised HTML of stored mail', () => {
  const big = (marker: string) =>
    `<p onclick="x()">${marker}</p><img src="https://bilder.example.com/a.png">` +
    '<div>Zeile</div>'.repeat(6000);

  it('gives what the sanitiser gives, the same object for the same mail and the same consent', () => {
    const html = big('Hallo');
    const first = sanitizeStoredHtml(1, html, { allowRemote: false });
    expect(first).toEqual(sanitizeMailHtml(html, { allowRemote: false }));
    expect(sanitizeStoredHtml(1, html, { allowRemote: false })).toBe(first);
    // Consent changes the result: never served from the other entry.
    const allowed = sanitizeStoredHtml(1, html, { allowRemote: true });
    expect(allowed).not.toBe(first);
    expect(allowed.html).toContain(' src="https://bilder.example.com/a.png"');
    expect(first.html).not.toContain(' src="https://bilder.example.com/a.png"');
    expect(first.html).toContain('data-remote-src=');
  });

  it('tells stored messages apart, and a body read again', () => {
    const one = sanitizeStoredHtml(2, big('Eins'), { allowRemote: false });
    const two = sanitizeStoredHtml(3, big('Zwei'), { allowRemote: false });
    expect(one.html).toContain('Eins');
    expect(two.html).toContain('Zwei');
    const reread = sanitizeStoredHtml(2, big('Eins, neu gelesen'), { allowRemote: false });
    expect(reread.html).toContain('Eins, neu gelesen');
  });
});
