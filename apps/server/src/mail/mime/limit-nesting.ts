import { Tokenizer } from 'htmlparser2';

/** Deeper than any real layout: Outlook's nested tables stay far below it. */
export const MAX_DEPTH = 256;

// htmlparser2's Parser (10.x) rules, which sanitize-html parses with: an open tag closes the
// listed elements while one of them is the innermost; void elements never open; inside <svg> and
// <math> (until an HTML integration point) "<x/>" closes itself.
const P = ['p'];
const FORM = ['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea'];
const IMPLIES_CLOSE = new Map<string, Set<string>>(
  (
    [
      ['tr', ['tr', 'th', 'td']],
      ['th', ['th']],
      ['td', ['thead', 'th', 'td']],
      ['body', ['head', 'link', 'script']],
      ['li', ['li']],
      ['option', ['option']],
      ['optgroup', ['optgroup', 'option']],
      ['dd', ['dd', 'dt']],
      ['dt', ['dd', 'dt']],
      ['rt', ['rt', 'rp']],
      ['rp', ['rt', 'rp']],
      ['tbody', ['thead', 'tbody']],
      ['tfoot', ['thead', 'tbody']],
      ...['select', 'input', 'output', 'button', 'datalist', 'textarea'].map(
        (tag) => [tag, FORM] as const,
      ),
      ...(
        'p h1 h2 h3 h4 h5 h6 address article aside blockquote details div dl fieldset ' +
        'figcaption figure footer form header hr main nav ol pre section table ul'
      )
        .split(' ')
        .map((tag) => [tag, P] as const),
    ] as const
  ).map(([tag, closes]) => [tag, new Set<string>(closes)]),
);
const VOID = new Set(
  (
    'area base basefont br col command embed frame hr img input isindex keygen link meta param ' +
    'source track wbr'
  ).split(' '),
);
const FOREIGN = new Set(['math', 'svg']);
const INTEGRATION = new Set('mi mo mn ms mtext annotation-xml foreignobject desc title'.split(' '));

/** Raw text up to their end tag: dropping only the start tag would turn their text into tags. */
const RAW_TEXT = new Set(['script', 'style', 'title', 'textarea', 'xmp']);

const ignore = () => undefined;

/**
 * Drops start tags that would open elements deeper than MAX_DEPTH (their text and end tags stay).
 * The HTML parser keeps its open elements in an array it shifts and unshifts, so its time grows
 * with the square of the depth: 180,000 nested divs, or "<li><p>" 60,000 times, held the API for
 * seconds on every opening of the mail. The depth is counted as that parser counts it, with its
 * own tokenizer (quotes, comments, raw text) and its rules for implied ends: a count that missed
 * an element the parser opens could be outrun, one that saw closes the parser does not make too.
 * Linear in the length of the HTML; the stack never holds more than MAX_DEPTH names.
 */
export function limitNesting(html: string): string {
  // Each element takes at least three characters ("<a>").
  if (html.length <= MAX_DEPTH * 3) return html;
  const stack: string[] = [];
  const foreign: boolean[] = [false];
  const cuts: number[] = [];
  let name = '';
  let tagStart = 0;
  let dropping = false;
  // A raw-text element too deep goes whole; sanitising would drop its text anyway.
  let rawDrop: { from: number; name: string } | undefined;
  const endTag = (end: number) => {
    if (dropping && !rawDrop) cuts.push(tagStart, end + 1);
    dropping = false;
  };
  const tokenizer = new Tokenizer(
    { xmlMode: false, decodeEntities: true },
    {
      onopentagname(start, end) {
        name = html.slice(start, end).toLowerCase();
        tagStart = start - 1;
        const closes = IMPLIES_CLOSE.get(name);
        let pops = 0;
        while (closes && pops < stack.length && closes.has(stack[stack.length - 1 - pops]!))
          pops += 1;
        const isVoid = VOID.has(name);
        // A dropped tag closes nothing either: the parser never sees it.
        dropping = !isVoid && stack.length - pops >= MAX_DEPTH;
        if (dropping && RAW_TEXT.has(name)) rawDrop = { from: tagStart, name };
        if (dropping) return;
        stack.length -= pops;
        if (isVoid) return;
        stack.push(name);
        if (FOREIGN.has(name)) foreign.push(true);
        else if (INTEGRATION.has(name)) foreign.push(false);
      },
      onopentagend: endTag,
      onselfclosingtag(end) {
        // "<script/>" holds no raw text: the tokenizer reads on as usual.
        rawDrop = undefined;
        if (dropping) return endTag(end);
        if (foreign.at(-1) && stack.at(-1) === name) stack.pop();
      },
      onclosetag(start, end) {
        const closing = html.slice(start, end).toLowerCase();
        if (rawDrop?.name === closing) {
          cuts.push(rawDrop.from, end + 1);
          rawDrop = undefined;
          return;
        }
        if (FOREIGN.has(closing) || INTEGRATION.has(closing)) foreign.pop();
        if (VOID.has(closing)) return;
        const at = stack.lastIndexOf(closing);
        if (at !== -1) stack.length = at;
      },
      onattribdata: ignore,
      onattribentity: ignore,
      onattribend: ignore,
      onattribname: ignore,
      oncdata: ignore,
      oncomment: ignore,
      ondeclaration: ignore,
      onend() {
        if (rawDrop) cuts.push(rawDrop.from, html.length);
      },
      onprocessinginstruction: ignore,
      ontext: ignore,
      ontextentity: ignore,
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  if (cuts.length === 0) return html;
  const kept: string[] = [];
  let from = 0;
  for (let i = 0; i < cuts.length; i += 2) {
    kept.push(html.slice(from, cuts[i]));
    from = cuts[i + 1]!;
  }
  kept.push(html.slice(from));
  return kept.join('');
}
