import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { limitNesting, MAX_DEPTH } from '../../src/mail/mime/limit-nesting.ts';
import { sanitizeMailHtml } from '../../src/mail/mime/sanitize-html.ts';

const VOID = new Set(
  'area base basefont br col command embed frame hr img input isindex keygen link meta param source track wbr'.split(
    ' ',
  ),
);

/** How deep sanitize-html's parser nests the HTML: the figure its quadratic cost grows with. */
function parserDepth(html: string): number {
  let depth = 0;
  let deepest = 0;
  // "</p>" without an open p is an empty paragraph, opened and closed at once: not nesting.
  let passing = false;
  const parser = new Parser(
    {
      onopentag(name, _attributes, implied) {
        passing = implied && name === 'p';
        if (VOID.has(name) || passing) return;
        depth += 1;
        deepest = Math.max(deepest, depth);
      },
      onclosetag(name) {
        if (passing) passing = false;
        else if (!VOID.has(name)) depth -= 1;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return deepest;
}

/** A small seeded generator, so that a failure can be run again. */
function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

describe('nesting limit', () => {
  it('bounds what the parser holds for nesting built around its implied ends and quotes', () => {
    for (const html of [
      // "li" and "p" close only their own kind: inside each other they nest.
      '<li><p>'.repeat(60_000),
      '<td><div>'.repeat(30_000),
      // A "<" inside a quoted attribute is no tag start.
      '<div title="<">'.repeat(80_000),
      "<div title='a<b'>".repeat(30_000),
      '<div a=<>'.repeat(30_000),
      // Self-closing counts only inside svg and math, up to an integration point.
      '<svg>' + '<g/>'.repeat(1000) + '<div>'.repeat(20_000),
      ('<svg><foreignObject>' + '<div/>'.repeat(500) + '</x>').repeat(200),
      '<math><mi>' + '<b/>'.repeat(20_000),
    ]) {
      expect(parserDepth(limitNesting(html)), html.slice(0, 30)).toBeLessThanOrEqual(MAX_DEPTH);
    }
  });

  it('holds for random mixes of the tags whose rules differ', () => {
    const parts = [
      '<div>',
      '</div>',
      '<p>',
      '</p>',
      '<li>',
      '<td>',
      '<tr>',
      '<table>',
      '<svg>',
      '</svg>',
      '<g/>',
      '<x/>',
      '</x>',
      '<foreignObject>',
      '</foreignObject>',
      '<math>',
      '<mi>',
      '</mi>',
      '<option>',
      '<select>',
      '<dd>',
      '<dt>',
      '<br/>',
      '</br>',
      '<img>',
      '<hr>',
      '<div title="<">',
      '<!-- <div> -->',
      '<script><div></script>',
      '<b>',
      '</b>',
      '<h1>',
      '<tbody>',
      '<thead>',
    ];
    for (let seed = 1; seed <= 20; seed++) {
      const next = random(seed);
      const html = Array.from(
        { length: 20_000 },
        () => parts[Math.floor(next() * parts.length)],
      ).join('');
      expect(parserDepth(limitNesting(html)), `seed ${seed}`).toBeLessThanOrEqual(MAX_DEPTH);
    }
  });

  it('leaves ordinary mail as it is, and keeps text and end tags of what it drops', () => {
    const table = '<table><tbody><tr><td><b>x</b><br><img src="cid:a"></td></tr></tbody></table>';
    expect(limitNesting(table.repeat(200))).toBe(table.repeat(200));
    const list = '<ul>' + '<li>Punkt\n'.repeat(300) + '<a href="https://x.de/">Link</a></ul>';
    expect(limitNesting(list)).toBe(list);
    const deep = '<div>'.repeat(300) + 'Hallo' + '</div>'.repeat(300);
    const limited = limitNesting(deep);
    expect(limited.match(/<div>/g)).toHaveLength(MAX_DEPTH);
    expect(limited).toContain('Hallo');
    expect(limited.match(/<\/div>/g)).toHaveLength(300);
  });

  it('reads an unclosed tag of 150,000 letters in one pass', () => {
    // The pattern it replaced backtracked over the letters: 28 s for this one mail.
    const html = '<p>Hallo</p>' + 'x'.repeat(2000) + '<' + 'a'.repeat(150_000);
    const started = performance.now();
    expect(sanitizeMailHtml(html).html).toContain('<p>Hallo</p>');
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
