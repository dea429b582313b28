import { MAIL_CONTENT_STYLE, MAIL_FONT_FAMILY, SAFE_IMAGE, mailBodyStyle } from './build-srcdoc.ts';

/**
 * The mail frame runs no script and has no same origin, so it cannot report its height, and the
 * app cannot look inside. Its height is measured instead on a layout copy of the mail: the same
 * HTML under the same rules, laid out off-screen in a closed shadow root of the app's document.
 * That copy must not be able to do anything but take up space, so it is rebuilt in an inert
 * document (DOMParser runs nothing and loads nothing) from an allow-list: the server's tags, the
 * attributes that shape layout, styles passed through the browser's own CSS parser with every
 * declaration dropped that could fetch something, and only the data: images the frame shows too.
 * No event handler, no link, no remote address ever reaches the live document; remote images
 * keep their size attributes but never their address.
 */

/** The frame's height stays within these: a one-line mail is a line tall, not a box. */
export const MIN_FRAME_HEIGHT = 56;
export const MAX_FRAME_HEIGHT = 24_000;

const XHTML = 'http://www.w3.org/1999/xhtml';

/** The tags the server lets through (sanitize-html's defaults and its own, ADR 0008). */
const KEEP = new Set(
  (
    'address article aside footer header h1 h2 h3 h4 h5 h6 hgroup main nav section blockquote ' +
    'dd div dl dt figcaption figure hr li menu ol p pre ul a abbr b bdi bdo br cite code data dfn ' +
    'em i kbd mark q rb rp rt rtc ruby s samp small span strong sub sup time u var wbr caption ' +
    'col colgroup table tbody td tfoot th thead tr img font center strike big'
  ).split(' '),
);
/** Never in the copy, not even their text: what could run, load, embed or take focus. */
const DROP = new Set(
  (
    'script style link meta base title template slot iframe frame frameset object embed applet ' +
    'portal fencedframe noscript noembed noframes xmp textarea select option input button form ' +
    'dialog video audio source track picture canvas svg math'
  ).split(' '),
);
/** Attributes that shape layout and hold no address. */
const KEEP_ATTRIBUTES = new Set(
  (
    'align valign width height border cellpadding cellspacing dir lang face size colspan ' +
    'rowspan nowrap span start type alt'
  ).split(' '),
);
/** A declaration that could fetch (or, escaped, hide that it does) never reaches the copy. */
const FETCHING_CSS = /\\|(url|image|image-set|cross-fade|element|src|paint)\s*\(|expression/i;
const REMOTE_IMAGE = /^https?:\/\//i;

/**
 * The app itself loads Roboto as a web font, which the frame (font-src 'none') never sees; in
 * the copy "Roboto" means only a Roboto installed on the device, as it does in the frame.
 */
const LOCAL_ROBOTO = 'brieftaube-local-roboto';
const ROBOTO = /(^|,)(\s*)(["']?)roboto\3(?=\s*(,|$))/gi;
const localRoboto = (families: string) => families.replace(ROBOTO, `$1$2$3${LOCAL_ROBOTO}$3`);

let aliasAdded = false;
function addLocalRobotoAlias(): void {
  if (aliasAdded || typeof FontFace === 'undefined') return;
  aliasAdded = true;
  const faces: [string, string][] = [
    ['400', 'local("Roboto"), local("Roboto Regular"), local("Roboto-Regular")'],
    ['700', 'local("Roboto Bold"), local("Roboto-Bold")'],
  ];
  for (const [weight, source] of faces)
    document.fonts.add(new FontFace(LOCAL_ROBOTO, source, { weight }));
}

function safeStyle(style: CSSStyleDeclaration): string {
  const declarations: string[] = [];
  for (let i = 0; i < style.length; i++) {
    const name = style.item(i);
    let value = style.getPropertyValue(name);
    if (FETCHING_CSS.test(value)) continue;
    if (name === 'font-family') value = localRoboto(value);
    const important = style.getPropertyPriority(name) ? ' !important' : '';
    declarations.push(`${name}: ${value}${important}`);
  }
  return declarations.join('; ');
}

function cleanElement(element: HTMLElement): void {
  const tag = element.localName;
  for (const { name, value } of [...element.attributes]) {
    if (name === 'style') continue;
    if (KEEP_ATTRIBUTES.has(name)) {
      if (name === 'face') element.setAttribute(name, localRoboto(value));
      continue;
    }
    if (tag === 'img' && name === 'src' && SAFE_IMAGE.test(value)) continue;
    // Only a marker for the frame's rule on blocked images: the address stays behind.
    if (tag === 'img' && name === 'data-remote-src') element.setAttribute(name, '');
    else element.removeAttribute(name);
  }
  if (element.hasAttribute('style')) {
    const style = safeStyle(element.style);
    if (style) element.setAttribute('style', style);
    else element.removeAttribute('style');
  }
}

function cleanTree(root: Element): void {
  for (const node of [...root.childNodes]) {
    if (node.nodeType === Node.TEXT_NODE) continue;
    if (!(node instanceof HTMLElement) || node.namespaceURI !== XHTML || DROP.has(node.localName)) {
      node.remove();
      continue;
    }
    cleanTree(node);
    if (KEEP.has(node.localName)) cleanElement(node);
    else node.replaceWith(...node.childNodes);
  }
}

/**
 * The mail's HTML (as the frame gets it) as nodes that only take up space, made in an inert
 * document. `uncertain` when the frame will load remote images whose size the copy cannot know.
 */
export function layoutCopy(html: string): { nodes: Node[]; uncertain: boolean } {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const uncertain = [...doc.body.querySelectorAll('img[src]')].some(
    (img) =>
      REMOTE_IMAGE.test(img.getAttribute('src') ?? '') &&
      !(img.hasAttribute('width') && img.hasAttribute('height')),
  );
  cleanTree(doc.body);
  return { nodes: [...doc.body.childNodes], uncertain };
}

/**
 * The off-screen layout copy of one mail, for as long as it is shown. `measure(width)` gives the
 * height the frame's document takes at that width; `onChange` runs when that may have changed
 * without a new width (an embedded image decoded, a font loaded).
 */
export class MailMeasurer {
  readonly uncertain: boolean;
  private readonly host: HTMLDivElement;
  private readonly body: HTMLDivElement;
  private readonly probe: HTMLDivElement;
  private readonly onChange: () => void;

  constructor(html: string, onChange: () => void) {
    addLocalRobotoAlias();
    const copy = layoutCopy(html);
    this.uncertain = copy.uncertain;
    this.onChange = onChange;
    this.host = document.createElement('div');
    this.host.setAttribute('aria-hidden', 'true');
    this.host.inert = true;
    // Out of sight, out of reach, and a box that holds even fixed-position content inside it.
    this.host.style.cssText =
      'position:fixed;left:-100000px;top:0;width:600px;visibility:hidden;opacity:0;' +
      'pointer-events:none;z-index:-1;contain:layout paint style;';
    const shadow = this.host.attachShadow({ mode: 'closed' });
    const style = document.createElement('style');
    // Nothing of the app's own styles is inherited: the frame starts from the browser's defaults.
    style.textContent =
      `.b { all: initial; display: flow-root; ${mailBodyStyle(localRoboto(MAIL_FONT_FAMILY))} }` +
      `.p { position: absolute; top: 0; left: 0; width: 100px; height: 100px; overflow: scroll; }` +
      MAIL_CONTENT_STYLE;
    this.body = document.createElement('div');
    this.body.className = 'b';
    this.body.append(...copy.nodes.map((node) => document.importNode(node, true)));
    // The frame's scrollbars are the browser's own, as the probe's are here.
    this.probe = document.createElement('div');
    this.probe.className = 'p';
    shadow.append(style, this.probe, this.body);
    shadow.addEventListener('load', onChange, true);
    document.fonts.addEventListener('loadingdone', onChange);
    document.body.append(this.host);
  }

  /** The height of the frame's document at this frame width, scrollbar included. */
  measure(width: number): number {
    this.host.style.width = `${width}px`;
    const box = this.body.getBoundingClientRect();
    let height = Math.max(box.height, this.body.scrollHeight);
    // Content wider than the frame (a fixed-width newsletter on a phone) scrolls sideways there.
    if (this.body.scrollWidth > Math.ceil(box.width))
      height += this.probe.offsetHeight - this.probe.clientHeight;
    return Math.ceil(height);
  }

  dispose(): void {
    document.fonts.removeEventListener('loadingdone', this.onChange);
    this.host.remove();
  }
}
