import { describe, expect, it } from 'vitest';
import { docToText } from './mail-text.ts';

const p = (text?: string) => ({
  type: 'paragraph',
  ...(text ? { content: [{ type: 'text', text }] } : {}),
});

describe('docToText', () => {
  it('writes paragraphs as lines and quotes with ">"', () => {
    const doc = {
      type: 'doc',
      content: [
        p('Hallo Julia,'),
        p(),
        p('Am 2. Mai 2026 um 11:00 schrieb Julia <j@x.de>:'),
        { type: 'blockquote', content: [p('Hallo zusammen,'), p(), p('-- '), p('Gruß'), p()] },
        p(),
      ],
    };
    expect(docToText(doc)).toBe(
      'Hallo Julia,\n\nAm 2. Mai 2026 um 11:00 schrieb Julia <j@x.de>:\n> Hallo zusammen,\n>\n> -- \n> Gruß',
    );
  });

  it('writes lists, links and line breaks', () => {
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'bulletList',
          content: [
            { type: 'listItem', content: [p('eins')] },
            { type: 'listItem', content: [p('zwei')] },
          ],
        },
        {
          type: 'orderedList',
          attrs: { start: 1 },
          content: [{ type: 'listItem', content: [p('erstens')] }],
        },
        {
          type: 'paragraph',
          content: [
            {
              type: 'text',
              text: 'Seite',
              marks: [{ type: 'link', attrs: { href: 'https://beispiel.de' } }],
            },
            { type: 'hardBreak' },
            { type: 'text', text: 'Zeile' },
          ],
        },
      ],
    };
    expect(docToText(doc)).toBe('- eins\n- zwei\n1. erstens\nSeite <https://beispiel.de>\nZeile');
  });
});
