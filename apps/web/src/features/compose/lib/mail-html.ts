import type { DocNode } from './mail-text.ts';

// Receiving clients apply their own default margins to <p>; the editor writes one paragraph per
// line (like Gmail), so the sent HTML pins that look down with inline styles, the only styling
// every mail client honours.
const QUOTE_STYLE = 'margin:0 0 0 0.8ex;border-left:2px solid #ccc;padding-left:1ex';

/** The editor's HTML as it should travel in the message. */
export function toMailHtml(editorHtml: string): string {
  const doc = new DOMParser().parseFromString(`<body>${editorHtml}</body>`, 'text/html');
  // The editor keeps an empty line after the last block so there is always room to type.
  let last = doc.body.lastElementChild;
  while (last?.tagName === 'P' && !last.textContent?.trim() && !last.querySelector('img')) {
    last.remove();
    last = doc.body.lastElementChild;
  }
  for (const p of doc.body.querySelectorAll('p')) p.setAttribute('style', 'margin:0');
  // Outside the editor an empty paragraph collapses to nothing and a line break that ends one
  // shows no line: one more <br> keeps the line the editor shows (undone by dropTrailingBreaks).
  for (const block of doc.body.querySelectorAll('p, h1, h2, h3, h4, h5, h6')) {
    let last = block.lastChild;
    while (last instanceof Element && last.tagName !== 'BR' && last.lastChild)
      last = last.lastChild;
    if (!last || (last instanceof Element && last.tagName === 'BR'))
      block.append(doc.createElement('br'));
  }
  for (const quote of doc.body.querySelectorAll('blockquote')) {
    quote.setAttribute('type', 'cite');
    quote.setAttribute('style', QUOTE_STYLE);
  }
  for (const link of doc.body.querySelectorAll('a')) link.removeAttribute('class');
  return doc.body.innerHTML;
}

const TEXTBLOCKS = new Set(['paragraph', 'heading']);

/**
 * The editor's document as it was written, from HTML read back (a saved draft, a quote).
 * In HTML a <br> that ends a block shows no line of its own, so toMailHtml writes an empty
 * paragraph as <p><br></p>; the editor, though, reads every <br> as a line break and would show
 * that paragraph two lines tall. The last line break of each paragraph and heading goes.
 */
export function dropTrailingBreaks<T extends DocNode>(node: T): T {
  if (!node.content) return node;
  const content = node.content.map(dropTrailingBreaks);
  if (TEXTBLOCKS.has(node.type ?? '') && content.at(-1)?.type === 'hardBreak') content.pop();
  if (content.length) return { ...node, content };
  // An empty paragraph, as the editor writes one itself.
  const { content: _dropped, ...empty } = node;
  return empty as T;
}
