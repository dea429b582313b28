/**
 * RFC 2045 §6.7 (3): whitespace at the end of a quoted-printable line is transport padding and
 * is dropped, so "Grüße aus K= " before the line break is a soft break like "K=". Some gateways
 * pad lines; the parser takes "= " literally and the reader sees "K= / öln". Only the bodies of
 * quoted-printable parts are touched: in an 8-bit format=flowed part the trailing space means
 * something.
 */
export function unpadQuotedPrintable(source: Buffer): Buffer {
  if (!hasPaddedLineEnd(source)) return source;
  const text = source.toString('latin1');
  // Only declared boundaries start a part: "-----Ursprüngliche Nachricht-----" is text.
  const boundaries = new Set(
    [...text.matchAll(/boundary\s*=\s*"?([^"\r\n;]+)"?/gi)].map((m) => m[1]!.trim()),
  );
  const isBoundary = (line: string) => {
    const inner = /^--(.+?)(--)?\s*$/.exec(line)?.[1];
    return inner !== undefined && boundaries.has(inner);
  };
  const lines = text.split('\n');
  let inHeader = true;
  let quotedPrintable = false;
  // An attached mail (message/rfc822) has a header block of its own after the part's.
  let attachedMail = false;
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (inHeader) {
      if (line === '' || line === '\r') {
        inHeader = attachedMail;
        attachedMail = false;
      } else if (/^content-transfer-encoding:[ \t]*quoted-printable/i.test(line)) {
        quotedPrintable = true;
      } else if (/^content-type:[ \t]*message\/(rfc822|global)/i.test(line)) {
        attachedMail = true;
        quotedPrintable = false;
      }
      continue;
    }
    if (isBoundary(line)) {
      inHeader = true;
      quotedPrintable = false;
      continue;
    }
    if (quotedPrintable && /=[ \t]+\r?$/.test(line)) {
      lines[i] = line.replace(/=[ \t]+(\r?)$/, '=$1');
      changed = true;
    }
  }
  return changed ? Buffer.from(lines.join('\n'), 'latin1') : source;
}

const SPACE = 0x20;
const TAB = 0x09;

/**
 * Whether a line ends in "=" and blanks. Most mail has "= " only after an encoded word in a header
 * ("=?UTF-8?Q?J=C3=BCrgen?= <…>"): looked at byte by byte instead of splitting every such message
 * into lines.
 */
function hasPaddedLineEnd(source: Buffer): boolean {
  for (const probe of ['= ', '=\t']) {
    for (let at = source.indexOf(probe); at !== -1; at = source.indexOf(probe, at + 1)) {
      let end = at + 1;
      while (source[end] === SPACE || source[end] === TAB) end++;
      if (end === source.length || source[end] === 0x0d || source[end] === 0x0a) return true;
    }
  }
  return false;
}
