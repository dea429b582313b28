/** The subset of TipTap's JSON document that the plain-text alternative needs. */
export interface DocNode {
  type?: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  content?: DocNode[];
}

function inlineText(node: DocNode): string {
  if (node.type === 'hardBreak') return '\n';
  if (node.type !== 'text') return (node.content ?? []).map(inlineText).join('');
  const text = node.text ?? '';
  const href = node.marks?.find((m) => m.type === 'link')?.attrs?.href;
  // A link keeps its target in plain text, unless the visible text already is the target.
  if (typeof href === 'string' && href && href !== text && href !== `mailto:${text}`)
    return `${text} <${href}>`;
  return text;
}

const prefixLines = (lines: string[], first: string, rest: string) =>
  lines.map((line, i) => (i === 0 ? first : rest) + line);

function blockLines(node: DocNode): string[] {
  const children = node.content ?? [];
  switch (node.type) {
    case 'paragraph':
    case 'heading':
    case 'codeBlock':
      return children.map(inlineText).join('').split('\n');
    case 'horizontalRule':
      return ['----------'];
    case 'blockquote':
      // RFC 3676 style quoting: "> " before text, ">" before an empty or already quoted line.
      return children
        .flatMap(blockLines)
        .map((line) => (line === '' || line.startsWith('>') ? `>${line}` : `> ${line}`));
    case 'bulletList':
      return children.flatMap((item) => prefixLines(itemLines(item), '- ', '  '));
    case 'orderedList': {
      const start = typeof node.attrs?.start === 'number' ? node.attrs.start : 1;
      return children.flatMap((item, i) => {
        const marker = `${start + i}. `;
        return prefixLines(itemLines(item), marker, ' '.repeat(marker.length));
      });
    }
    default:
      return children.flatMap(blockLines);
  }
}

const itemLines = (item: DocNode): string[] => {
  const lines = (item.content ?? []).flatMap(blockLines);
  return lines.length ? lines : [''];
};

/**
 * The text/plain alternative of a message written in the editor. One paragraph is one line, as
 * in the editor (Enter starts a new line, like Gmail and Outlook), quotes get "> " prefixes.
 */
export function docToText(doc: DocNode): string {
  const lines = blockLines(doc).map((line) =>
    // "-- " opens a signature (RFC 3676 §4.3); its trailing space is part of it.
    /^(> ?)*-- $/.test(line) ? line : line.replace(/\s+$/, ''),
  );
  // Empty lines (quoted or not) at the very end carry nothing.
  while (lines.length && /^>*$/.test(lines[lines.length - 1]!)) lines.pop();
  return lines.join('\n');
}
