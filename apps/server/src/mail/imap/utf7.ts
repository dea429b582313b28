/**
 * Modified UTF-7 for IMAP mailbox names (RFC 3501 §5.1.3): printable ASCII stands for itself,
 * "&" is written "&-", everything else is UTF-16BE in modified base64 ("," instead of "/")
 * between "&" and "-". Decoding is strict about the canonical form, so that a name the server
 * got wrong is recognised instead of silently turned into something else.
 */
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+,';

function isPrintable(code: number): boolean {
  return code >= 0x20 && code <= 0x7e;
}

export function encodeMailboxName(name: string): string {
  let out = '';
  let pending: number[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const bytes = Buffer.alloc(pending.length * 2);
    pending.forEach((unit, i) => bytes.writeUInt16BE(unit, i * 2));
    out += `&${bytes.toString('base64').replace(/=+$/, '').replace(/\//g, ',')}-`;
    pending = [];
  };
  for (let i = 0; i < name.length; i++) {
    const unit = name.charCodeAt(i);
    if (isPrintable(unit)) {
      flush();
      out += unit === 0x26 ? '&-' : name[i];
    } else {
      pending.push(unit);
    }
  }
  flush();
  return out;
}

/** The decoded name, or undefined when the input is not valid, canonical modified UTF-7. */
export function decodeMailboxName(encoded: string): string | undefined {
  let out = '';
  let previousWasRun = false;
  for (let i = 0; i < encoded.length; i++) {
    const ch = encoded[i]!;
    const code = ch.charCodeAt(0);
    if (!isPrintable(code)) return undefined;
    if (ch !== '&') {
      out += ch;
      previousWasRun = false;
      continue;
    }
    const end = encoded.indexOf('-', i + 1);
    if (end === -1) return undefined;
    const run = encoded.slice(i + 1, end);
    i = end;
    if (run === '') {
      out += '&';
      previousWasRun = false;
      continue;
    }
    // Two adjacent runs must have been one (canonical form).
    if (previousWasRun) return undefined;
    if ([...run].some((c) => !B64.includes(c))) return undefined;
    const bytes = Buffer.from(run.replace(/,/g, '/'), 'base64');
    if (bytes.length % 2 !== 0 || bytes.length === 0) return undefined;
    const units: number[] = [];
    for (let b = 0; b < bytes.length; b += 2) units.push(bytes.readUInt16BE(b));
    // Printable ASCII must not be encoded; surrogates must pair up.
    for (let u = 0; u < units.length; u++) {
      const unit = units[u]!;
      if (isPrintable(unit)) return undefined;
      if (unit >= 0xd800 && unit <= 0xdbff) {
        const next = units[u + 1];
        if (next === undefined || next < 0xdc00 || next > 0xdfff) return undefined;
        u++;
      } else if (unit >= 0xdc00 && unit <= 0xdfff) {
        return undefined;
      }
    }
    const decoded = String.fromCharCode(...units);
    if (encodeMailboxName(decoded) !== `&${run}-`) return undefined;
    out += decoded;
    previousWasRun = true;
  }
  return out;
}
