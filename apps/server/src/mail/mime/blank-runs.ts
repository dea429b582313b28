/** More empty lines in a row than any reader scrolls through; the rest are dropped. */
const MAX_BLANK_LINES = 200;
const PROBE = Buffer.from('\n'.repeat(64));
const PROBE_CRLF = Buffer.from('\r\n'.repeat(64));
const RUN = new RegExp(`(?:\\r?\\n){${MAX_BLANK_LINES + 1},}`, 'g');

/**
 * Shortens runs of hundreds of thousands of empty lines (a hostile or broken message). The parser
 * keeps every line as a piece of its own until the part ends: 300 KB of line breaks cost it tens
 * of megabytes and seconds, and ran a parse worker out of memory. Blank lines carry nothing in
 * any encoding (base64 and quoted-printable skip them; a text shows no more than a screenful).
 */
export function limitBlankRuns(source: Buffer): Buffer {
  if (source.indexOf(PROBE) === -1 && source.indexOf(PROBE_CRLF) === -1) return source;
  // Latin-1 maps each byte to one character and back, so no byte of the rest changes.
  const text = source.toString('latin1');
  const shortened = text.replace(RUN, (run) =>
    (run.includes('\r') ? '\r\n' : '\n').repeat(MAX_BLANK_LINES),
  );
  return shortened.length === text.length ? source : Buffer.from(shortened, 'latin1');
}
