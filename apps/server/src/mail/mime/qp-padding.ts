/**
 * RFC 2045 §6.7 (3): whitespace at the end of a quoted-printable line is transport padding and
 * is dropped, so "Grüße aus K= " before the line break is a soft break like "K=". Some gateways
 * pad lines; the parser takes "= " literally and the reader sees "K= / öln". Only the bodies of
 * quoted-printable parts are touched: in an 8-bit format=flowed part the trailing space means
 * something.
 */
export function unpadQuotedPrintable(source: Buffer): Buffer {
  if (!source.includes('= ') && !source.includes('=\t')) return source;
  const lines = source.toString('latin1').split('\n');
  let inHeader = true;
  let quotedPrintable = false;
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (inHeader) {
      if (line === '' || line === '\r') inHeader = false;
      else if (/^content-transfer-encoding:[ \t]*quoted-printable/i.test(line)) {
        quotedPrintable = true;
      }
      continue;
    }
    // A boundary line: the next part's header block follows.
    if (line.startsWith('--') && line.trim().length > 2) {
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
