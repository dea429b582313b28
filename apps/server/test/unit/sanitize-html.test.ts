import { describe, expect, it } from 'vitest';
import { sanitizeMailHtml } from '../../src/mail/mime/sanitize-html.ts';

describe('mail HTML sanitiser', () => {
  it('removes scripts, handlers, forms and embedded objects', () => {
    const { html } = sanitizeMailHtml(
      '<p onclick="x()">Hallo</p><script>alert(1)</script><form><input></form><iframe src="https://a.example"></iframe><object data="x"></object>',
    );
    expect(html).toBe('<p>Hallo</p>');
  });

  it('keeps only absolute links to the outside, opening in a new tab', () => {
    const { html } = sanitizeMailHtml(
      '<a href="https://beispiel.de/x">a</a><a href="mailto:a@b.de">b</a>' +
        '<a href="/app/accounts">c</a><a href="#oben">d</a><a href="\u00a0javascript:alert(1)">e</a>' +
        '<a href="javascript:alert(1)">f</a><a href="//evil.example">g</a>',
    );
    expect(html).toContain('href="https://beispiel.de/x"');
    expect(html).toContain('href="mailto:a@b.de"');
    expect(html).not.toMatch(/href="(\/|#|\u00a0|javascript|\/\/)/);
    expect(html.match(/target="_blank"/g)).toHaveLength(7);
  });

  it('holds remote images back until allowed, keeps inline and data images, drops relative ones', () => {
    const source =
      '<img src="https://tracker.example/p.gif"><img src="cid:logo@x"><img src="data:image/png;base64,AAAA">' +
      '<img src="/api/emails/1/raw/"><img src="data:text/html;base64,PHNjcmlwdD4=">';
    const blocked = sanitizeMailHtml(source);
    expect(blocked.hasRemoteContent).toBe(true);
    expect(blocked.html).toContain('data-remote-src="https://tracker.example/p.gif"');
    expect(blocked.html).not.toMatch(/\ssrc="https:/);
    expect(blocked.html).toContain('src="cid:logo@x"');
    expect(blocked.html).toContain('src="data:image/png;base64,AAAA"');
    expect(blocked.html).not.toContain('/api/emails/1/raw/');
    expect(blocked.html).not.toContain('data:text/html');
    expect(sanitizeMailHtml(source, { allowRemote: true }).html).toContain(
      'src="https://tracker.example/p.gif"',
    );
  });

  it('drops styles that load or run anything', () => {
    const { html, hasRemoteContent } = sanitizeMailHtml(
      '<div style="background:url(https://t.example/x.png)">a</div><div style="color:red">b</div>',
    );
    expect(hasRemoteContent).toBe(true);
    expect(html).toBe('<div>a</div><div style="color:red">b</div>');
  });
});
