/**
 * format=flowed (RFC 3676), which Thunderbird and Apple Mail send for plain text. postal-mime
 * joins soft-broken lines without looking at quote depth, so a quoted reply came out with "> "
 * in the middle of its lines; here each quoted paragraph is joined at its own depth (§4.5).
 */

const FLOWED = /format\s*=\s*["']?flowed["']?/i;
const CONTENT_TYPE_FIELD = /^content-type:[ \t]*text\/plain[^\r\n]*(?:\r?\n[ \t][^\r\n]*)*/gim;

/**
 * When every text/plain part of the message is flowed: the source with those parts marked
 * fixed (so the parser leaves the lines alone) and whether to delete the space before soft
 * breaks (DelSp=yes). Undefined when there is nothing to do or the parts differ.
 */
export function unflowedSource(source: Buffer): { source: Buffer; delSp: boolean } | undefined {
  const text = source.toString('latin1');
  const fields = text.match(CONTENT_TYPE_FIELD) ?? [];
  if (fields.length === 0 || !fields.every((f) => FLOWED.test(f))) return undefined;
  const delSp = fields.every((f) => /delsp\s*=\s*["']?yes/i.test(f));
  const fixed = text.replace(CONTENT_TYPE_FIELD, (field) => field.replace(FLOWED, 'format=fixed'));
  return { source: Buffer.from(fixed, 'latin1'), delSp };
}

export function decodeFlowed(text: string, delSp: boolean): string {
  const out: string[] = [];
  let paragraph: string | null = null;
  let paragraphDepth = 0;
  const finish = () => {
    if (paragraph === null) return;
    out.push(paragraphDepth ? `${'>'.repeat(paragraphDepth)} ${paragraph}` : paragraph);
    paragraph = null;
  };
  for (const raw of text.split(/\r?\n/)) {
    const depth = /^>*/.exec(raw)![0].length;
    let line = raw.slice(depth);
    if (line.startsWith(' ')) line = line.slice(1); // space-stuffing (§4.4)
    // A change of quote depth ends a paragraph even after a soft break (§4.5).
    if (depth !== paragraphDepth) finish();
    const soft = line.endsWith(' ') && line !== '-- ';
    paragraph = (paragraph ?? '') + (soft && delSp ? line.slice(0, -1) : line);
    paragraphDepth = depth;
    if (!soft) finish();
  }
  finish();
  return out.join('\n');
}
