/**
 * RFC 2045 §6.7 (3): whitespace at the end of a quoted-printable line is transport padding and
 * is dropped, so "Grüße aus K= " before the line break is a soft break like "K=". Some gateways
 * pad lines; the parser takes "= " literally and the reader sees "K= / öln". Only the bodies of
 * quoted-printable parts are touched: in an 8-bit format=flowed part the trailing space means
 * something.
 */
export function unpadQuotedPrintable(source: Buffer): Buffer {
  if (!source.includes('= ') && !source.includes('=\t')) return source;
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
