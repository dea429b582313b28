/**
 * Repairs of a message's outer structure that the parser would otherwise read as no content.
 * Both look at the top of the source only; a well-formed message comes back unchanged.
 */

const HEADER_FIELD = /^[\x21-\x39\x3b-\x7e]+[ \t]*:/;
const SCAN_BYTES = 64 * 1024;
const KNOWN_FIELD =
  /^(?:content-[\w-]+|mime-version|subject|from|to|cc|date|message-id|received|return-path|reply-to|x-[\w-]+)[ \t]*:/im;

/**
 * A header block that runs into the body without the blank line (RFC 5322 §2.1 wants one):
 * the first line that is neither a field nor a folded continuation starts the body, as Python's
 * email package and Thunderbird read it. Without this the body is taken for broken headers.
 */
export function withHeaderEnd(source: Buffer): Buffer {
  const head = source.subarray(0, SCAN_BYTES).toString('latin1');
  // Nearly every message: each line after the first is a field or a folded continuation.
  const blank = head.search(/\r?\n\r?\n/);
  if (!/\n(?![ \t]|[\x21-\x39\x3b-\x7e]+[ \t]*:)/.test(blank === -1 ? head : head.slice(0, blank)))
    return source;
  let at = 0;
  for (let index = 0; at < head.length; index++) {
    const end = head.indexOf('\n', at);
    if (end === -1) return source;
    const line = head.slice(at, end).replace(/\r$/, '');
    if (line === '') return source;
    // An mbox "From " line may lead; a continuation starts with white space.
    const header =
      HEADER_FIELD.test(line) || /^[ \t]/.test(line) || (index === 0 && line.startsWith('From '));
    if (!header) {
      // A stray line among fields (a fold that lost its indent) is no body start: a field
      // that follows it (Content-Type, Subject …) means the header block goes on.
      const rest = head.slice(end + 1, blank === -1 ? undefined : blank);
      if (index === 0 || KNOWN_FIELD.test(rest)) return source;
      const eol = head[end - 1] === '\r' ? '\r\n' : '\n';
      return Buffer.concat([source.subarray(0, at), Buffer.from(eol), source.subarray(at)]);
    }
    at = end + 1;
  }
  return source;
}

/**
 * A multipart message whose parts are separated by another boundary than the one its header
 * declares (spam kits, broken forwarders): the body's own boundary is put into the header, so
 * the parts are read instead of nothing. Undefined when there is nothing to repair.
 */
export function withFoundBoundary(source: Buffer): Buffer | undefined {
  const text = source.subarray(0, SCAN_BYTES).toString('latin1');
  const headerEnd = text.search(/\r?\n\r?\n/);
  if (headerEnd === -1) return undefined;
  const header = text.slice(0, headerEnd);
  const declared = /boundary\s*=\s*(?:"([^"]*)"|([^\s;]+))/i.exec(header);
  if (!declared || !/^content-type:[ \t]*multipart\//im.test(header)) return undefined;
  const boundary = declared[1] ?? declared[2]!;
  const body = text.slice(headerEnd);
  if (body.includes(`\n--${boundary}`)) return undefined;
  // The first delimiter line that a part's header follows.
  const found = /\n--([^\s]{1,200}?)(?:--)?[ \t]*\r?\n(?:[\w-]+[ \t]*:)/.exec(body)?.[1];
  if (!found) return undefined;
  const start = declared.index;
  const repaired = `${text.slice(0, start)}boundary="${found}"${text.slice(start + declared[0].length)}`;
  return Buffer.concat([
    Buffer.from(repaired.slice(0, headerEnd + (repaired.length - text.length)), 'latin1'),
    source.subarray(headerEnd),
  ]);
}
