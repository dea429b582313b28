import { bareCid } from './inline-images.ts';
/**
 * The document of the sandboxed mail frame. The server has already sanitised the HTML (first
 * wall, ADR 0008); the frame's sandbox without scripts and without same-origin is the second;
 * this Content-Security-Policy is the third: no script, no plugin, no form, no frame, and no
 * network at all — images only from data: URLs, unless the user allowed remote content.
 */
export function mailCsp(allowRemote: boolean): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `img-src data:${allowRemote ? ' https: http:' : ''}`,
    "font-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/** The frame body's font, which the copy that measures the mail uses too (measure-mail.ts). */
export const MAIL_FONT_FAMILY =
  '-apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** The frame body's box and text, shared with the measuring copy. */
export function mailBodyStyle(fontFamily = MAIL_FONT_FAMILY): string {
  return [
    'margin: 0',
    'padding: 16px 20px',
    `font: 14px/1.55 ${fontFamily}`,
    'color: #1f1f1f',
    'background: #ffffff',
    'overflow-wrap: break-word;',
  ].join('; ');
}

/** The rules for the mail's content, shared with the measuring copy. */
export const MAIL_CONTENT_STYLE = `
img { max-width: 100%; height: auto; }
img[data-remote-src] { outline: 1px dashed #c4c4c4; min-width: 16px; min-height: 16px; }
table { max-width: 100%; }
pre { white-space: pre-wrap; }
blockquote { margin: 8px 0 8px 4px; padding-left: 12px; border-left: 3px solid #d5d5d5; color: #555555; }
a { color: #1a56c4; }
`;

// Mail HTML is written for white paper; the frame keeps it so in the dark theme too.
const BASE_STYLE = `
:root { color-scheme: light; }
html { background: #ffffff; }
body { ${mailBodyStyle()} }
${MAIL_CONTENT_STYLE}`;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

export function buildSrcdoc(html: string, allowRemote: boolean): string {
  return (
    '<!doctype html><html><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(mailCsp(allowRemote))}">` +
    '<meta name="referrer" content="no-referrer">' +
    // Chromium resolves link host names ahead of a click; the CSP does not cover that.
    '<meta http-equiv="x-dns-prefetch-control" content="off">' +
    // Links leave the frame in a new tab (the sandbox lets only such pop-ups out).
    '<base target="_blank">' +
    `<style>${BASE_STYLE}</style></head><body>${html}</body></html>`
  );
}

const SAFE_LINK = /^(https?:|mailto:|tel:)/i;
export const SAFE_IMAGE = /^data:image\/(png|gif|jpe?g|webp|bmp);/i;
const REMOTE_IMAGE = /^https?:\/\//i;

/**
 * The last pass over the sanitised HTML before it enters the frame. Inline images (cid:
 * references, RFC 2392) become data: URLs. Every URL that is not absolute is dropped: a srcdoc
 * document resolves relative URLs against the app's own address, so "x" or " javascript:…"
 * (with a Unicode space, which makes it relative) would open the app itself in a new tab, and
 * "#top" would too. Parsing happens in an inert document (DOMParser runs no script and loads
 * nothing); the result only ever goes into the sandboxed frame.
 */
export function prepareMailHtml(
  html: string,
  images: ReadonlyMap<string, string>,
  allowRemote: boolean,
): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const link of doc.querySelectorAll('[href]')) {
    if (!SAFE_LINK.test(link.getAttribute('href') ?? '')) link.removeAttribute('href');
  }
  for (const img of doc.querySelectorAll('img[src]')) {
    const src = img.getAttribute('src') ?? '';
    if (/^cid:/i.test(src)) {
      const data = images.get(bareCid(src.slice(4)));
      if (data) img.setAttribute('src', data);
      else img.removeAttribute('src');
    } else if (!SAFE_IMAGE.test(src) && !(allowRemote && REMOTE_IMAGE.test(src))) {
      img.removeAttribute('src');
    }
  }
  for (const element of doc.querySelectorAll('[srcset], [background], [action], [formaction]')) {
    for (const name of ['srcset', 'background', 'action', 'formaction'])
      element.removeAttribute(name);
  }
  return doc.body.innerHTML;
}
