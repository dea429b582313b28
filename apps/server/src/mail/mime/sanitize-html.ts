import sanitize from 'sanitize-html';

export interface SanitizedHtml {
  html: string;
  hasRemoteContent: boolean;
}

/** Functions that make CSS fetch something; only ever allowed with the user's consent. */
const STYLE_FETCH = /url\s*\(|image-set\s*\(|image\s*\(|cross-fade\s*\(|element\s*\(|src\s*\(/i;
const STYLE_FETCHES = new RegExp(STYLE_FETCH.source, 'gi');
/**
 * What CSS must never contain, consent or not. A backslash left after the escapes are resolved
 * was escaped twice ("\\5c 75 rl(" becomes "\\75 rl(", which a browser reads as url().
 */
const STYLE_FORBIDDEN =
  /expression\s*\(|javascript:|vbscript:|behavior\s*:|-moz-binding|@import|[<>\\]/i;
/** A url() of an absolute http(s) address: the only fetch consent may allow. */
const STYLE_REMOTE_URLS = /url\s*\(\s*["']?\s*https?:\/\//gi;

/** Whether every fetch in the style is a url() to another server (not the app's own). */
function onlyRemoteUrls(css: string): boolean {
  const fetches = css.match(STYLE_FETCHES)?.length ?? 0;
  return fetches > 0 && (css.match(STYLE_REMOTE_URLS)?.length ?? 0) === fetches;
}

/**
 * The style as a CSS parser reads it: comments gone, escapes resolved. Filtering the raw text
 * let "u\\rl(" and "\\75 rl(" through, which every browser reads as url(.
 */
function cssPlain(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, '')
    .replace(/\\([0-9a-f]{1,6})[ \t\r\n\f]?/gi, (_, hex: string) =>
      String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff) || 0xfffd),
    )
    .replace(/\\(.)/g, '$1');
}
const REMOTE = /^\s*(https?:)?\/\//i;
const ABSOLUTE_LINK = /^(https?:\/\/|mailto:|tel:)/i;

/**
 * Mail HTML is hostile. This is the first of three walls: an allow-list of tags and attributes
 * (no script, no event handlers, no forms, no embedded objects, no <style> blocks), links that
 * open outside, and remote images held back (as data-remote-src) until the user allows them.
 * The second and third walls are the web app's sandboxed frame and its Content-Security-Policy.
 */
export function sanitizeMailHtml(
  html: string,
  options: { allowRemote?: boolean } = {},
): SanitizedHtml {
  let hasRemoteContent = false;
  const clean = sanitize(html, {
    allowedTags: [
      ...sanitize.defaults.allowedTags,
      'img',
      'font',
      'center',
      'span',
      'div',
      'table',
      'thead',
      'tbody',
      'tfoot',
      'tr',
      'td',
      'th',
      'caption',
      'colgroup',
      'col',
      'u',
      's',
      'strike',
      'small',
      'big',
      'sub',
      'sup',
      'hr',
      'br',
    ],
    disallowedTagsMode: 'discard',
    allowedAttributes: {
      '*': [
        'style',
        'align',
        'valign',
        'width',
        'height',
        'bgcolor',
        'color',
        'dir',
        'lang',
        'title',
        'border',
        'cellpadding',
        'cellspacing',
      ],
      a: ['href', 'name', 'target', 'rel'],
      img: ['src', 'alt', 'data-remote-src'],
      font: ['face', 'size', 'color'],
      td: ['colspan', 'rowspan', 'nowrap'],
      th: ['colspan', 'rowspan', 'nowrap'],
      col: ['span'],
      ol: ['start', 'type'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https', 'cid', 'data'] },
    allowProtocolRelative: false,
    // One transform for every tag: sanitize-html runs either a tag's own transform or '*'.
    transformTags: {
      '*': (tagName, attribs) => {
        let result = { ...attribs };
        if (result.style) {
          const css = cssPlain(result.style);
          // Remote content is announced as before; consent keeps only plain url()s to elsewhere.
          const fetches = STYLE_FETCH.test(css);
          const remote = fetches && /(https?:)?\/\//i.test(css);
          if (remote) hasRemoteContent = true;
          // With consent, a remote background may load (the frame's CSP then allows images
          // only); a style that fetches anything else, or runs anything, goes entirely.
          const keep =
            !STYLE_FORBIDDEN.test(css) &&
            (!fetches || (onlyRemoteUrls(css) && options.allowRemote === true));
          if (keep) result.style = css;
          else delete result.style;
        }
        if (tagName === 'a') {
          // Only absolute links to the outside: a relative one (or one hiding its scheme behind
          // an unusual space) would open the app itself.
          if (result.href !== undefined && !ABSOLUTE_LINK.test(result.href)) delete result.href;
          result = { ...result, target: '_blank', rel: 'noopener noreferrer' };
        }
        if (tagName === 'img') {
          const src = result.src ?? '';
          if (REMOTE.test(src)) {
            hasRemoteContent = true;
            // Trimmed: a browser would read " http://…" (a no-break space first) as relative.
            if (!options.allowRemote) {
              delete result.src;
              result['data-remote-src'] = src.trim();
            } else result.src = src.trim();
          } else if (/^data:/i.test(src) && !/^data:image\/(png|gif|jpe?g|webp|bmp);/i.test(src)) {
            delete result.src;
          } else if (src && !/^(cid|data):/i.test(src)) {
            delete result.src; // relative: it would load from the app's own origin
          }
        }
        return { tagName, attribs: result };
      },
    },
  });
  return { html: clean, hasRemoteContent };
}
