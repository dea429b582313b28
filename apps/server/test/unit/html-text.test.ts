import { describe, expect, it } from 'vitest';
import { bodyFromParts } from '../../src/mail/mime/parse-message.ts';
import { earlierHtmlToText, htmlToText } from '../../src/mail/mime/plain-text.ts';
import { rederivedBody } from '../../src/mail/mime/rederive-text.ts';

const NEWSLETTER =
  '<p>Sehr geehrte Frau Wagner,</p><p>Ihre <b>Jahresabrechnung 2026</b>. Ihr Guthaben beträgt <strong><span style="color:green">12,50&nbsp;€</span></strong>, siehe <a href="https://stadtwerke.example/konto">Kundenkonto</a>!</p>';

describe('text made from HTML', () => {
  it('has no space where inline markup ends before punctuation', () => {
    expect(htmlToText(NEWSLETTER)).toBe(
      'Sehr geehrte Frau Wagner,\nIhre Jahresabrechnung 2026. Ihr Guthaben beträgt 12,50 €, siehe Kundenkonto!',
    );
    expect(bodyFromParts(undefined, NEWSLETTER).preview).toBe(
      'Sehr geehrte Frau Wagner, Ihre Jahresabrechnung 2026. Ihr Guthaben beträgt 12,50 €, siehe Kundenkonto!',
    );
  });

  it('keeps one word one word across markup and soft hyphens, as a browser draws it', () => {
    expect(
      htmlToText('<p><span>Jahres</span>abrechnung und Neben&shy;kosten&shy;abrechnung</p>'),
    ).toBe('Jahresabrechnung und Nebenkostenabrechnung');
    // A newsletter's padding after its preview line is drawn as nothing.
    expect(
      htmlToText('<div>Neu im Shop&#847;&zwnj;&nbsp;&#847;&zwnj;&nbsp;</div><p>Hallo</p>'),
    ).toBe('Neu im Shop\nHallo');
  });

  it('still separates what a browser separates: cells, images, blocks, source spaces', () => {
    expect(htmlToText('<table><tr><td>Betrag</td><td>12,50 €</td></tr></table>')).toBe(
      'Betrag 12,50 €',
    );
    expect(htmlToText('Logo<img src="x.png">Text')).toBe('Logo Text');
    expect(htmlToText('<b>fett</b> <i>kursiv</i>')).toBe('fett kursiv');
    expect(htmlToText('<p>eins</p><p>zwei</p>')).toBe('eins\nzwei');
    // An element whose name only begins like an inline one (<br>, <body>, <section>) is none.
    expect(htmlToText('a<br>b<section>c</section>d')).toBe('a\nb c d');
  });
});

describe('stored mail made again from its HTML', () => {
  const stored = (html: string, text: string) => {
    const earlier = bodyFromParts(text, html);
    return {
      bodyText: earlier.text,
      bodyHtml: html,
      searchText: earlier.searchText,
      preview: earlier.preview,
    };
  };

  it('gets the new text where an earlier version made its text from the HTML', () => {
    const old = stored(NEWSLETTER, earlierHtmlToText(NEWSLETTER));
    expect(old.bodyText).toContain('Jahresabrechnung 2026 . Ihr Guthaben');
    const body = rederivedBody(old);
    expect(body?.text).toContain('Jahresabrechnung 2026. Ihr Guthaben');
    expect(body?.preview).toContain('Jahresabrechnung 2026. Ihr Guthaben');
  });

  it("keeps the sender's own text part, and whatever is already current", () => {
    expect(
      rederivedBody(stored(NEWSLETTER, 'Ihre Jahresabrechnung 2026 . Siehe Anhang.')),
    ).toBeUndefined();
    expect(rederivedBody(stored(NEWSLETTER, htmlToText(NEWSLETTER)))).toBeUndefined();
    expect(
      rederivedBody(stored('<p>Hallo</p>', earlierHtmlToText('<p>Hallo</p>'))),
    ).toBeUndefined();
    expect(
      rederivedBody({ bodyText: 'Hallo', bodyHtml: null, searchText: null, preview: 'Hallo' }),
    ).toBeUndefined();
  });
});
