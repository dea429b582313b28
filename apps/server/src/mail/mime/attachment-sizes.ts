import type { AttachmentMeta } from '../../db/schema/emails.ts';

/** Deeper than any real mail nests; hostile nesting stops here (as attachments.ts does). */
const MAX_DEPTH = 50;

interface Region {
  start: number;
  end: number;
}

function headerOf(text: string, region: Region): { fields: string; body: number } {
  const blank = /\r?\n\r?\n/g;
  blank.lastIndex = region.start;
  // A part that starts with its blank line has no header at all.
  if (/^\r?\n/.test(text.slice(region.start, region.start + 2)))
    return { fields: '', body: text.indexOf('\n', region.start) + 1 };
  const match = blank.exec(text);
  if (!match || match.index >= region.end)
    return { fields: text.slice(region.start, region.end), body: region.end };
  return { fields: text.slice(region.start, match.index), body: match.index + match[0].length };
}

const field = (fields: string, name: string) =>
  new RegExp(`^${name}[ \\t]*:[ \\t]*((?:.*)(?:\\r?\\n[ \\t].*)*)`, 'im')
    .exec(fields)?.[1]
    ?.replace(/\r?\n[ \t]+/g, ' ')
    .trim() ?? '';

/** Whether a byte is one of base64's 64 letters (padding, line ends and junk are not). */
const isBase64Letter = (b: number) =>
  (b >= 0x41 && b <= 0x5a) ||
  (b >= 0x61 && b <= 0x7a) ||
  (b >= 0x30 && b <= 0x39) ||
  b === 0x2b ||
  b === 0x2f;

/**
 * The file's size once its transfer encoding is undone, as a download hands it out. Base64 is
 * counted on the bytes: a regular expression's match list held one entry per letter, megabytes of
 * garbage per attachment during a sync (large-mail.test.ts measures the sync's memory).
 */
function decodedLength(source: Buffer, text: string, region: Region, encoding: string): number {
  if (encoding === 'base64') {
    let letters = 0;
    for (let i = region.start; i < region.end; i++) if (isBase64Letter(source[i]!)) letters++;
    return Math.floor((letters * 3) / 4);
  }
  const body = text.slice(region.start, region.end);
  if (encoding === 'quoted-printable') {
    const unfolded = body.replace(/[ \t]+(?=\r?\n|$)/g, '').replace(/=\r?\n/g, '');
    return unfolded.length - 2 * (unfolded.match(/=[0-9A-Fa-f]{2}/g)?.length ?? 0);
  }
  return body.length;
}

/**
 * Exact sizes of the attachments by part number, read from the whole source. BODYSTRUCTURE
 * only counts encoded octets, and attachments.ts can only estimate the file from those (base64
 * lines of other lengths, quoted-printable): the list would show another size than the file
 * the user downloads. Parts are numbered as IMAP numbers them (RFC 3501 §6.4.5).
 */
function partSizes(source: Buffer): Map<string, number> {
  const text = source.toString('latin1');
  const sizes = new Map<string, number>();
  const visit = (region: Region, part: string, depth: number) => {
    if (depth > MAX_DEPTH) return;
    const { fields, body } = headerOf(text, region);
    const type = field(fields, 'content-type').toLowerCase();
    const boundary = /boundary\s*=\s*(?:"([^"]+)"|([^\s;]+))/i.exec(field(fields, 'content-type'));
    const attachedMail = depth > 0 && /^message\/(rfc822|global)/.test(type);
    if (type.startsWith('multipart/') && boundary && !attachedMail) {
      const delimiter = `--${boundary[1] ?? boundary[2]}`;
      const children: Region[] = [];
      let at = body;
      let open = -1;
      while (at < region.end) {
        const line = text.indexOf(delimiter, at);
        if (line === -1 || line >= region.end) break;
        // "--b" is no delimiter of "--b_alt": only "--" and white space may follow the boundary.
        const rest = text.slice(line + delimiter.length, line + delimiter.length + 80);
        const atLineStart =
          (line === 0 || text[line - 1] === '\n') && /^(?:--)?[ \t]*(?:\r?\n|$)/.test(rest);
        const next = text.indexOf('\n', line);
        const lineEnd = next === -1 || next > region.end ? region.end : next + 1;
        if (atLineStart) {
          // The line break before a delimiter belongs to the delimiter (RFC 2046 §5.1.1).
          const before = text[line - 2] === '\r' ? line - 2 : line - 1;
          if (open !== -1) children.push({ start: open, end: Math.max(open, before) });
          if (text.startsWith('--', line + delimiter.length)) {
            open = -1;
            break;
          }
          open = lineEnd;
        }
        at = lineEnd;
      }
      if (open !== -1) children.push({ start: open, end: region.end });
      children.forEach((child, i) =>
        visit(child, part ? `${part}.${i + 1}` : String(i + 1), depth + 1),
      );
      return;
    }
    // Other encodings are counted by the server itself (BODYSTRUCTURE's size is the file's).
    const encoding = field(fields, 'content-transfer-encoding').toLowerCase();
    if (encoding === 'base64' || encoding === 'quoted-printable')
      sizes.set(
        part || '1',
        decodedLength(source, text, { start: body, end: region.end }, encoding),
      );
  };
  visit({ start: 0, end: text.length }, '', 0);
  return sizes;
}

/** The attachments with their exact sizes, or null when every estimate was right already. */
export function exactSizes(
  attachments: AttachmentMeta[] | null | undefined,
  source: Buffer,
): AttachmentMeta[] | null {
  if (!attachments?.length) return null;
  const sizes = partSizes(source);
  let changed = false;
  const exact = attachments.map((attachment) => {
    const size = sizes.get(attachment.part);
    if (size === undefined || size === attachment.size) return attachment;
    // A structure this walk reads otherwise than the server (a boundary reused inside, parts
    // that never end) must not replace a fair estimate with a wrong exact figure.
    if (Math.abs(size - attachment.size) > Math.max(8, attachment.size * 0.1)) return attachment;
    changed = true;
    return { ...attachment, size };
  });
  return changed ? exact : null;
}
