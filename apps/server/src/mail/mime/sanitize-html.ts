import sanitize from 'sanitize-html';

export interface SanitizedHtml {
  html: string;
  hasRemoteContent: boolean;
}

const STYLE_DANGER = /url\s*\(|expression\s*\(|javascript:|behavior\s*:|-moz-binding|@import/i;
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
        if (result.style && STYLE_DANGER.test(result.style)) {
          if (/url\s*\(\s*['"]?\s*(https?:)?\/\//i.test(result.style)) hasRemoteContent = true;
          delete result.style;
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
            if (!options.allowRemote) {
              delete result.src;
              result['data-remote-src'] = src;
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
