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
/**
 * Each url() with its address. Only CSS whitespace counts as space: a no-break space before
 * "http://" is part of the address for a browser, which then reads it as relative (the app's
 * own origin), while JavaScript's \s would have skipped it.
 */
const STYLE_URLS =
  // eslint-disable-next-line no-control-regex -- C0 controls end an unquoted url(), as in CSS
  /url[ \t\n\r\f]*\([ \t\n\r\f]*(?:"([^"]*)"|'([^']*)'|([^)"'\x00-\x20]*))[ \t\n\r\f]*\)/gi;

/** Whether every fetch in the style is a url() to a public http(s) server. */
function onlyRemoteUrls(css: string): boolean {
  const fetches = css.match(STYLE_FETCHES)?.length ?? 0;
  const urls = [...css.matchAll(STYLE_URLS)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
  return fetches > 0 && urls.length === fetches && urls.every(isPublicHttpUrl);
}

/**
 * An absolute http(s) address of a server on the internet, as a browser reads it (it strips
 * only C0 controls and spaces around an address). Loopback, private and link-local hosts and
 * single-label names are refused even with consent: a mail's "image" must not reach the user's
 * router or the app itself (GET requests to intranet devices are a known attack).
 */
export function isPublicHttpUrl(raw: string): boolean {
  // eslint-disable-next-line no-control-regex -- what the URL parser strips (WHATWG URL §4.4)
  const value = raw.replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, '');
  if (!/^https?:\/\//i.test(value)) return false;
  let host: string;
  try {
    host = new URL(value).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host.startsWith('[')) return !privateIpv6(host.slice(1, -1));
  const ipv4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  if (ipv4) return !privateIpv4(ipv4.slice(1).map(Number));
  return host.includes('.') && !/(^|\.)(localhost|local|internal|home\.arpa|lan)$/.test(host);
}

function privateIpv4([a, b]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b! >= 64 && b! <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 168) ||
    a! >= 224
  );
}

function privateIpv6(host: string): boolean {
  const mapped = /^::ffff:(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  if (mapped) return privateIpv4(mapped.slice(1).map(Number));
  if (/^::ffff:/.test(host)) return true; // mapped, written in hex: no reason for a mail to
  return host === '::' || host === '::1' || /^f[cd]/.test(host) || /^fe[89ab]/.test(host);
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
            // Trimmed: a browser would read " http://…" (a no-break space first) as relative.
            const address = src.trim();
            delete result.src;
            if (isPublicHttpUrl(address)) {
              hasRemoteContent = true;
              if (options.allowRemote) result.src = address;
              else result['data-remote-src'] = address;
            }
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
