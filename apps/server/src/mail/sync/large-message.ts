import type { ImapFlow } from 'imapflow';
import { textParts, type TextPart } from '../mime/attachments.ts';
import { bodyFromParts, parsePart, type ParsedBody } from '../mime/parse-message.ts';

/** What is kept of one text part of a huge message. */
const MAX_PART_CHARS = 1024 * 1024;
/** Raw bytes read of a part: base64 takes 4 bytes for 3, and a line end for every 57. */
const rawLimit = (encoding: string) =>
  encoding === 'base64' ? Math.ceil((MAX_PART_CHARS * 4 * 78) / (3 * 76)) : MAX_PART_CHARS;

/** Parameter values as a header carries them; a quote or line break would end the header. */
const quoted = (value: string) => `"${value.replace(/["\\\r\n]/g, '')}"`;

/**
 * The part as a message of its own, so that parse-message reads its transfer encoding and its
 * charset (a lying label, none at all, UTF-8 under an ASCII alias) as it reads any other mail.
 */
function partSource(part: TextPart, body: Buffer, decoded: boolean): Buffer {
  const parameters = Object.entries(part.parameters)
    .filter(([name]) => /^[\w-]+$/.test(name))
    .map(([name, value]) => `; ${name}=${quoted(value)}`)
    .join('');
  const header =
    `Content-Type: ${part.type}${parameters}\r\n` +
    `Content-Transfer-Encoding: ${decoded ? 'binary' : part.encoding.replace(/[^\w-]/g, '')}\r\n\r\n`;
  return Buffer.concat([Buffer.from(header, 'latin1'), body]);
}

/**
 * A part cut at the byte limit ends at its last whole line: no half base64 quad, no half
 * "=C3" escape, no half UTF-8 character. A single endless line of base64 ends at a whole quad.
 */
function wholeLines(body: Buffer, cut: boolean, encoding: string): Buffer {
  if (!cut) return body;
  const end = body.lastIndexOf(0x0a);
  if (end > 0) return body.subarray(0, end + 1);
  return encoding === 'base64' ? body.subarray(0, body.length - (body.length % 4)) : body;
}

/**
 * Huge messages: only their text parts are read, each capped, never the whole source; and the
 * header block, for the raw 8-bit headers the envelope misread.
 */
export async function readLargeMessage(
  client: ImapFlow,
  uid: number,
  timeZone?: string,
): Promise<{ body: ParsedBody; headers: Buffer }> {
  const message = await client.fetchOne(
    String(uid),
    { uid: true, bodyStructure: true, headers: true },
    { uid: true },
  );
  if (!message) throw new Error('message vanished');
  let text: string | undefined;
  let html: string | undefined;
  for (const part of textParts(message.bodyStructure)) {
    const type = part.type === 'text/html' ? 'text/html' : 'text/plain';
    if ((type === 'text/plain' && text) || (type === 'text/html' && html)) continue;
    const fetched = await client.fetchOne(
      String(uid),
      { uid: true, bodyParts: [{ key: part.part, maxLength: rawLimit(part.encoding) }] },
      { uid: true },
    );
    if (!fetched) continue;
    // One part was asked for; imapflow keys a partial answer oddly ("1]<0>"), so take the one.
    const [key, raw] = [...(fetched.bodyParts ?? new Map<string, Buffer>())][0] ?? [];
    if (!key || !raw) continue;
    const cut = raw.length >= rawLimit(part.encoding);
    const body = wholeLines(raw, cut, part.encoding);
    const decoded = fetched.binaryParts?.has(key) ?? false;
    const value = (await parsePart(partSource(part, body, decoded), type, timeZone))?.slice(
      0,
      MAX_PART_CHARS,
    );
    if (type === 'text/plain') text = value;
    // Cut inside a tag (an image embedded as a data: URI, megabytes long), the rest of the tag
    // would be read as text: in the preview and the search, base64 instead of words.
    else html = cut || value?.length === MAX_PART_CHARS ? value?.replace(/<[^>]*$/, '') : value;
  }
  return { body: bodyFromParts(text, html), headers: message.headers ?? Buffer.alloc(0) };
}
