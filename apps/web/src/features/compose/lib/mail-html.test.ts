import { describe, expect, it } from 'vitest';
import { dropTrailingBreaks } from './mail-html.ts';

const text = (value: string) => ({ type: 'text', text: value });
const br = { type: 'hardBreak' };
const p = (...content: object[]) => ({ type: 'paragraph', ...(content.length ? { content } : {}) });
const doc = (...content: object[]) => ({ type: 'doc', content });

describe('dropTrailingBreaks', () => {
  it('reads a saved blank line (<p><br></p>) back as one empty paragraph', () => {
    // What generateJSON makes of toMailHtml's '<p>Hallo,</p><p><br></p><p>Gruß</p>'.
    const read = doc(p(text('Hallo,')), p(br), p(text('Gruß')));
    expect(dropTrailingBreaks(read)).toEqual(doc(p(text('Hallo,')), p(), p(text('Gruß'))));
  });

  it('keeps a line break written at the end of a line (saved as two <br>)', () => {
    const read = doc(p(text('Zeile'), br, br), p(text('weiter')));
    expect(dropTrailingBreaks(read)).toEqual(doc(p(text('Zeile'), br), p(text('weiter'))));
  });

  it('keeps breaks inside a line and reaches into quotes, lists and headings', () => {
    const read = doc(
      p(text('a'), br, text('b')),
      { type: 'blockquote', content: [p(text('zitiert'), br), p(br)] },
      {
        type: 'bulletList',
        content: [{ type: 'listItem', content: [p(text('Punkt'), br)] }],
      },
      { type: 'heading', attrs: { level: 2 }, content: [text('Titel'), br] },
    );
    expect(dropTrailingBreaks(read)).toEqual(
      doc(
        p(text('a'), br, text('b')),
        { type: 'blockquote', content: [p(text('zitiert')), p()] },
        { type: 'bulletList', content: [{ type: 'listItem', content: [p(text('Punkt'))] }] },
        { type: 'heading', attrs: { level: 2 }, content: [text('Titel')] },
      ),
    );
  });

  it('leaves a document without trailing breaks as it is', () => {
    const read = doc(p(text('Hallo')), p(), p(text('Gruß')));
    expect(dropTrailingBreaks(read)).toEqual(read);
  });
});
