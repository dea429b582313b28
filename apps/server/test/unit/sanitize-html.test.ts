import { describe, expect, it } from 'vitest';
import { limitNesting } from '../../src/mail/mime/limit-nesting.ts';
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

  // Every one of these loaded a remote image in Chromium when only the sanitiser stood guard.
  const hiddenFetches = [
    'background:\\75 rl(http://evil.example/a.png)',
    'background:u\\rl(http://evil.example/a.png)',
    'background:\\55 RL(http://evil.example/a.png)',
    'background:\\000075rl(http://evil.example/a.png)',
    'background:\\75\\72\\6c(http://evil.example/a.png)',
    "backgr\\ound-image:\\ur\\l('http://evil.example/a.png')",
    'background:ur/**/l(http://evil.example/a.png)',
    "background-image:image-set('http://evil.example/e.png' 1x)",
    "background-image:-webkit-image-set('http://evil.example/e.png' 1x)",
    "list-style-image:image-set('//evil.example/e.png' 1x)",
    "border-image:image-set('http://evil.example/e.png' 1x) 30",
    "cursor:image-set('http://evil.example/e.png' 1x), auto",
    "mask-image:image-set('http://evil.example/e.png' 1x)",
    "content:image-set('http://evil.example/e.png' 1x)",
  ];

  it.each(hiddenFetches)('reads CSS as a browser does: %s', (style) => {
    const { html, hasRemoteContent } = sanitizeMailHtml(
      `<table style="${style.replace(/"/g, '&quot;')}"><tr><td>x</td></tr></table>`,
    );
    expect(html).not.toContain('style=');
    expect(hasRemoteContent).toBe(true);
  });

  it('never keeps a style that runs anything, even with consent', () => {
    for (const style of [
      'width:expression(alert(1))',
      'behavior:url(x.htc)',
      '-moz-binding:url(http://evil.example/x.xml#x)',
      'background:url(javascript:alert(1))',
      '\\40 import "http://evil.example/x.css"',
    ]) {
      const html = sanitizeMailHtml(`<div style='${style}'>a</div>`, { allowRemote: true }).html;
      expect(html).toBe('<div>a</div>');
    }
  });

  it("drops Internet Explorer's filters, which load their src without a url(), even with consent", () => {
    for (const style of [
      "filter: progid:DXImageTransform.Microsoft.AlphaImageLoader(src='https://track.example/p.png', sizingMethod='scale')",
      `-ms-filter: "progid:DXImageTransform.Microsoft.AlphaImageLoader(src='https://track.example/p.png')"`,
      "color:#333; FILTER: PROGID : DXImageTransform.Microsoft.gradient(startColorstr='#80000000')",
      "filter: DXImageTransform.Microsoft.AlphaImageLoader(src='https://track.example/p.png')",
      // The same, hidden behind CSS escapes and a comment.
      "filter: prog/**/\\69 d:DXImageTransform.Microsoft.AlphaImageLoader(src='https://track.example/p.png')",
    ]) {
      for (const allowRemote of [false, true]) {
        const html = sanitizeMailHtml(`<div style="${style.replace(/"/g, '&quot;')}">a</div>`, {
          allowRemote,
        }).html;
        expect(html, style).toBe('<div>a</div>');
      }
    }
    // A standard filter is plain CSS and stays.
    expect(sanitizeMailHtml('<div style="filter:blur(2px)">a</div>').html).toBe(
      '<div style="filter:blur(2px)">a</div>',
    );
  });

  it('shows a remote background once the user allowed remote content', () => {
    const source = '<td style="background:url(https://news.example/bg.png);color:#333">x</td>';
    expect(sanitizeMailHtml(`<table><tr>${source}</tr></table>`).html).not.toContain('style=');
    expect(
      sanitizeMailHtml(`<table><tr>${source}</tr></table>`, { allowRemote: true }).html,
    ).toContain('style="background:url(https://news.example/bg.png);color:#333"');
  });

  it('sees through escapes written twice, also with consent', () => {
    for (const style of [
      String.raw`background:\5c \5c 75 rl(http://evil.test/x)`,
      String.raw`list-style-image:\5c \5c 55 RL(http://evil.test/x)`,
      String.raw`background:\\\5c 75 rl(http://evil.test/x)`,
    ])
      for (const allowRemote of [false, true])
        expect(
          sanitizeMailHtml(`<div style="${style}">x</div>`, { allowRemote }).html,
          `${style} (${allowRemote})`,
        ).toBe('<div>x</div>');
  });

  it('lets consent load only absolute addresses, never the app itself', () => {
    for (const style of [
      'background:url(https://ok.test/a.png),url(/api/emails/1)',
      'background:url(/api/x//y)',
      'background:image-set("https://ok.test/a.png" 1x, "/api/b.png" 2x)',
    ]) {
      const result = sanitizeMailHtml(`<div style='${style}'>x</div>`, { allowRemote: true });
      expect(result.html, style).toBe('<div>x</div>');
    }
    const nbsp = sanitizeMailHtml('<img src="\u00a0http://bilder.example/a.png">', {
      allowRemote: true,
    });
    expect(nbsp.html).toContain('src="http://bilder.example/a.png"');
    expect(sanitizeMailHtml('<img src="\u00a0http://bilder.example/a.png">').html).toContain(
      'data-remote-src="http://bilder.example/a.png"',
    );
  });

  it('reads a url() as a browser does: a Unicode space before http:// makes it relative', () => {
    const consent = { allowRemote: true };
    for (const style of [
      'background:url(\u00a0http://ok.test/../../api/emails/1/raw/)',
      "background:url('\u3000https://ok.test/a.png')",
      'background:url(\\a0 http://ok.test/a.png)',
      "list-style-image:url('\\00a0https://ok.test/a.png')",
      'cursor:url(\u2028http://ok.test/a.png),auto',
      'background:url(http://ok.test/a.png),url(\ufeffhttp://ok.test/b.png)',
    ]) {
      const { html } = sanitizeMailHtml(`<div style="${style}">x</div>`, consent);
      expect(html, JSON.stringify(style)).toBe('<div>x</div>');
    }
    // Plain CSS whitespace is what it looks like.
    const kept = sanitizeMailHtml(
      '<div style="background:url( \'https://ok.test/a.png\' )">x</div>',
      consent,
    ).html;
    expect(kept).toContain('https://ok.test/a.png');
  });

  it('never loads from loopback, private or single-label hosts, not even with consent', () => {
    for (const address of [
      'http://127.0.0.1:3000/api/emails/1/raw/',
      'http://localhost/x.png',
      'http://2130706433/x.png',
      'http://0x7f.1/x.png',
      'http://192.168.178.1/cgi-bin/reboot',
      'http://10.0.0.1/a.png',
      'http://172.20.1.1/a.png',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/a.png',
      'http://[fd00::1]/a.png',
      'http://[::ffff:127.0.0.1]/a.png',
      'http://fritz.box.local/a.png',
      'http://router/a.png',
      // A trailing dot, router names, and addresses that embed or translate a local one.
      'http://localhost./x',
      'http://intranet./x',
      'http://router.local./x',
      'http://foo.internal./x',
      'http://fritz.box/x',
      'http://speedport.ip/x',
      'http://nas.home/x',
      'http://[::127.0.0.1]/x',
      'http://[64:ff9b::7f00:1]/x',
      'http://[fec0::1]/x',
      'http://[fe80::1]/x',
      'http://[ff02::1]/x',
      'http://[2002:7f00:1::1]/x',
      'http://198.18.0.1/x',
      'http://192.0.0.1/x',
    ]) {
      const img = sanitizeMailHtml(`<img src="${address}">`, { allowRemote: true });
      expect(img.html, address).toBe('<img />');
      expect(sanitizeMailHtml(`<img src="${address}">`).html, address).not.toContain('remote-src');
      const css = sanitizeMailHtml(`<div style="background:url(${address})">x</div>`, {
        allowRemote: true,
      });
      expect(css.html, address).toBe('<div>x</div>');
    }
    for (const address of [
      'https://bilder.example.com/a.png',
      'https://bilder.example.com./a.png',
      'https://[2a00:1450:4001:80e::2004]/a.png',
      'https://8.8.8.8/a.png',
    ])
      expect(sanitizeMailHtml(`<img src="${address}">`, { allowRemote: true }).html).toContain(
        `src="${address}"`,
      );
  });

  it('drops tags nested beyond any real layout and keeps their text, in linear time', () => {
    const nested = (n: number) => '<div>'.repeat(n) + 'Hallo' + '</div>'.repeat(n) + '<p>Ende</p>';
    const started = performance.now();
    const { html } = sanitizeMailHtml(nested(180_000));
    // The parser's quadratic cost took seconds here before the depth was limited.
    expect(performance.now() - started).toBeLessThan(2000);
    expect(html.match(/<div>/g)?.length).toBe(256);
    expect(html.match(/<\/div>/g)?.length).toBe(256);
    expect(html).toContain('Hallo');
    expect(html).toContain('<p>Ende</p>');
    // An ordinary mail passes unchanged.
    const table = '<table><tbody><tr><td><b>x</b><br><img src="cid:a"></td></tr></tbody></table>';
    expect(limitNesting(table.repeat(200))).toBe(table.repeat(200));
    // Elements whose end tag may be left out are siblings, however many: nothing is dropped.
    const list = '<ul>' + '<li>Punkt\n'.repeat(300) + '<a href="https://x.de/">Link</a></ul>';
    expect(limitNesting(list)).toBe(list);
    const rows = '<table>' + '<tr><td><b>a</b><td>b\n'.repeat(300) + '</table>';
    expect(limitNesting(rows)).toBe(rows);
    expect(sanitizeMailHtml(list).html).toContain('<a href="https://x.de/"');
  });

  it('takes linear time on styles built to make its patterns backtrack', () => {
    const spaces = ' '.repeat(100_000);
    for (const style of [
      `background:url(${spaces}`,
      `background:url(${spaces}x${spaces}`,
      `background:url${spaces}`,
      `background:url(${spaces}`.slice(0, 16_000),
      `/*${'/*'.repeat(50_000)}`,
      `background:${'url('.repeat(4000)}`,
    ]) {
      const started = performance.now();
      const html = `<p style="${style}">x</p>`;
      expect(sanitizeMailHtml(html).html).toBe('<p>x</p>');
      expect(sanitizeMailHtml(html, { allowRemote: true }).html).toBe('<p>x</p>');
      // A quadratic pattern takes seconds here; linear work takes milliseconds.
      expect(performance.now() - started, style.slice(0, 20)).toBeLessThan(1000);
    }
  });

  it('shows no text a browser would not show: title, template, iframe fallback', () => {
    const { html } = sanitizeMailHtml(
      '<html><head><title>Ihre Rechnung 2026-03</title></head><body><p>Hallo</p>' +
        '<template><p>Vorlage</p></template><iframe>Rahmen</iframe><noembed>x</noembed></body></html>',
    );
    expect(html).toBe('<p>Hallo</p>');
  });
});
