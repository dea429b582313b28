import sanitize from 'sanitize-html';
import { limitNesting } from './limit-nesting.ts';

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
 * Internet Explorer's filters ("progid:DXImageTransform.Microsoft.AlphaImageLoader(src='…')")
 * load what their src names without any url(): no browser of today reads them, but a mail
 * opened in an old engine, or a copy of it, must not fetch behind the user's back.
 */
const STYLE_FORBIDDEN =
  /expression\s*\(|javascript:|vbscript:|behavior\s*:|-moz-binding|@import|progid\s*:|dximagetransform|[<>\\]/i;
/**
 * Each url() with its address. Only CSS whitespace counts as space: a no-break space before
 * "http://" is part of the address for a browser, which then reads it as relative (the app's
 * own origin), while JavaScript's \s would have skipped it.
 */
const STYLE_URLS =
  // Each run of spaces is taken whole ((?=(x*))\1 cannot give back): with two adjacent runs
  // free to split the spaces between them, "url(" and 100,000 spaces took seconds to refuse.
  // An unquoted address holds no "(" (CSS reads one as a bad url): each try stops at the next
  // "url(", where "url(url(url(…" made every try scan to the end of the style.
  // eslint-disable-next-line no-control-regex -- C0 controls end an unquoted url(), as in CSS
  /url(?=([ \t\n\r\f]*))\1\((?=([ \t\n\r\f]*))\2(?:"([^"]*)"|'([^']*)'|([^()"'\x00-\x20]*))(?=([ \t\n\r\f]*))\6\)/gi;

/** Longer inline styles are dropped: no real mail needs them, and each costs time to check. */
const MAX_STYLE = 16_384;

/** Whether every fetch in the style is a url() to a public http(s) server. */
function onlyRemoteUrls(css: string): boolean {
  const fetches = css.match(STYLE_FETCHES)?.length ?? 0;
  const urls = [...css.matchAll(STYLE_URLS)].map((m) => m[3] ?? m[4] ?? m[5] ?? '');
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
    // "localhost." is localhost: a name's trailing dot only says it is fully qualified.
    host = new URL(value).hostname.toLowerCase().replace(/\.+$/, '');
  } catch {
    return false;
  }
  if (host.startsWith('[')) return !privateIpv6(host.slice(1, -1));
  const ipv4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  if (ipv4) return !privateIpv4(ipv4.slice(1).map(Number));
  return host.includes('.') && !PRIVATE_NAME.test(host);
}

/**
 * Names that only a local network resolves: reserved ones (RFC 6761, 6762, 8375, ICANN's
 * .internal) and those home routers answer to (fritz.box, speedport.ip, .home, .corp, …).
 */
const PRIVATE_NAME =
  /(^|\.)(localhost|local|localdomain|internal|intranet|private|home\.arpa|lan|home|corp|box|ip)$/;

/** Special-purpose IPv4 ranges (RFC 6890): none of them is a server a mail may load from. */
function privateIpv4([a, b, c]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b! >= 64 && b! <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 0 && (c === 0 || c === 2)) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) ||
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113) ||
    a! >= 224
  );
}

/**
 * Only global unicast (2000::/3) may be loaded from, and within it not the ranges that embed
 * or translate an IPv4 address (NAT64 64:ff9b::/96 lies outside it anyway) nor documentation.
 * Everything else (::1, ::a.b.c.d, ::ffff:…, fc00::/7, fe80::/10, fec0::/10, ff00::/8) is local.
 */
function privateIpv6(host: string): boolean {
  const first = /^([0-9a-f]{1,4}):/.exec(host)?.[1];
  if (!first) return true; // "::…": unspecified, loopback, IPv4-compatible or -mapped
  const word = parseInt(first, 16);
  if (word < 0x2000 || word > 0x3fff) return true;
  return /^2001:0?db8:/.test(host) || /^2002:/.test(host);
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
  const clean = sanitize(limitNesting(html), {
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
    // Text a browser never shows: a <title> would otherwise open the mail, a <template>'s or an
    // <iframe>'s fallback would appear as text.
    nonTextTags: [
      ...['script', 'style', 'textarea', 'option', 'noscript'],
      ...['title', 'template', 'iframe', 'noembed', 'noframes', 'xmp'],
    ],
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
        if (result.style && result.style.length > MAX_STYLE) delete result.style;
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
            (!fetches || (options.allowRemote === true && onlyRemoteUrls(css)));
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
