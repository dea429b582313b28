export type TextPart = { text: string; href?: string };

// http(s) URLs and e-mail addresses; trailing punctuation belongs to the sentence, not the link.
// The address parts are bounded (RFC 5321: 64 for the local part, 63 per label): unbounded, a
// line like "a.a.a.a…" without any "@" took each word boundary's attempt to the end of the line.
const LINK =
  /\bhttps?:\/\/[^\s<>"'`]+[^\s<>"'`.,;:!?)\]}]|\b[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}\b/gi;

/** Splits a line into text and links. Only http(s) and mailto are ever produced as targets. */
export function linkify(line: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of line.matchAll(LINK)) {
    const start = match.index;
    if (start > last) parts.push({ text: line.slice(last, start) });
    const text = match[0];
    parts.push({ text, href: /^https?:\/\//i.test(text) ? text : `mailto:${text}` });
    last = start + text.length;
  }
  if (last < line.length) parts.push({ text: line.slice(last) });
  return parts;
}

export interface TextBlock {
  kind: 'text' | 'quote' | 'signature';
  lines: string[];
}

/** Groups a plain-text body into running text, quoted lines ('>') and the signature ('-- '). */
export function textBlocks(body: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  let inSignature = false;
  for (const line of body.replace(/\r\n?/g, '\n').split('\n')) {
    if (line === '-- ') inSignature = true;
    const kind: TextBlock['kind'] = inSignature
      ? 'signature'
      : /^\s*>/.test(line)
        ? 'quote'
        : 'text';
    const current = blocks.at(-1);
    if (current?.kind === kind) current.lines.push(line);
    else blocks.push({ kind, lines: [line] });
  }
  return blocks;
}
