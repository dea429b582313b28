/**
 * UTF-7 (RFC 2152) as some old Outlook versions sent it. No TextDecoder reads it; postal-mime
 * would show "Gr+APwA3w-e". Lenient like a reader: a run ends at the first character outside
 * base64, and a "-" right after it is absorbed.
 */
export function decodeUtf7(text: string): string {
  return text.replace(/\+([A-Za-z0-9+/]*)-?/g, (match, run: string) => {
    if (run === '') return match === '+-' ? '+' : match;
    return decodeRun(run) ?? match;
  });
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** UTF-16 units of one run; null unless it holds whole units and zero padding ("+49" stays). */
function decodeRun(run: string): string | null {
  const units: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of run) {
    value = (value << 6) | BASE64.indexOf(ch);
    bits += 6;
    if (bits >= 16) {
      bits -= 16;
      units.push((value >> bits) & 0xffff);
      value &= (1 << bits) - 1;
    }
  }
  return units.length === 0 || value !== 0 ? null : String.fromCharCode(...units);
}

const CHARSET = /charset\s*=\s*["']?([\w.:-]+)/gi;
const UTF7 = /^(x-)?(unicode-1-1-)?utf-7$/i;

/** Whether every charset the message names is UTF-7 (then all its text is). */
export function labelledUtf7(source: Buffer): boolean {
  // Nearly every message: no "-7" anywhere, so no latin1 copy of the whole source to search.
  if (source.indexOf('-7') === -1) return false;
  if (!/utf-7/i.test(source.toString('latin1', 0, Math.min(source.length, 1_000_000))))
    return false;
  const labels = [...source.toString('latin1').matchAll(CHARSET)].map((m) => m[1]!);
  return labels.length > 0 && labels.every((label) => UTF7.test(label));
}
