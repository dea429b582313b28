/**
 * Control characters (CR/LF, NUL, C1), bidirectional overrides and isolates, and invisible
 * format characters: "Rechnung_\u202Efdp.scr" shows as "Rechnung_rcs.pdf". A file name keeps
 * none of them.
 */
const UNSAFE =
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/g;

/** Most file systems allow 255 characters in a name. */
const MAX_LENGTH = 255;

/** Without a high surrogate at the end whose partner was cut off. */
const whole = (text: string) => (/[\uD800-\uDBFF]$/.test(text) ? text.slice(0, -1) : text);

/**
 * A name as the user may see and save it: without the characters above, and with no path in it
 * (a path keeps its last part; a separator inside a name becomes "_", as browsers do:
 * "Angebot 3/2026.eml" stays readable). Empty when nothing is left.
 */
export function safeFileName(name: string): string {
  const clean = name.replace(UNSAFE, '').trim();
  // A sender's full path ("C:\\Users\\hans\\Rechnung.pdf", "/tmp/x.pdf", "../../x"): its last
  // part is the file's name, as mail clients show it.
  const path = /\\/.test(clean) || /^(?:\/|\.{1,2}\/|[A-Za-z]:)/.test(clean);
  const base = path ? (clean.split(/[\\/]/).filter(Boolean).pop() ?? '') : clean;
  const safe = base.replace(/[\\/]/g, '_').replace(/^\.+$/, '').trim();
  if (safe.length <= MAX_LENGTH) return safe;
  // Too long for a file system: the stem is cut, the extension kept, or the file would no
  // longer open with its program.
  const extension = /\.[\p{L}\p{N}]{1,10}$/u.exec(safe)?.[0] ?? '';
  return `${whole(safe.slice(0, MAX_LENGTH - extension.length)).trimEnd()}${extension}`;
}
