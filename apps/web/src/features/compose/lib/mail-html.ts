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
  for (const p of doc.body.querySelectorAll('p')) {
    p.setAttribute('style', 'margin:0');
    // An empty paragraph collapses to nothing outside the editor; a <br> keeps the blank line.
    if (!p.hasChildNodes()) p.append(doc.createElement('br'));
  }
  for (const quote of doc.body.querySelectorAll('blockquote')) {
    quote.setAttribute('type', 'cite');
    quote.setAttribute('style', QUOTE_STYLE);
  }
  for (const link of doc.body.querySelectorAll('a')) link.removeAttribute('class');
  return doc.body.innerHTML;
}
