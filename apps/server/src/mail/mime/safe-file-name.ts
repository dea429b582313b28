/**
 * Control characters (CR/LF, NUL, C1), bidirectional overrides and isolates, and invisible
 * format characters: "Rechnung_\u202Efdp.scr" shows as "Rechnung_rcs.pdf". A file name keeps
 * none of them.
 */
const UNSAFE =
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/g;

/**
 * A name as the user may see and save it: without the characters above, and with no path in it
 * (a separator becomes "_", as browsers do: "Angebot 3/2026.eml" stays readable, "../x" goes
 * nowhere). Empty when nothing is left.
 */
export function safeFileName(name: string): string {
  return name.replace(UNSAFE, '').replace(/[\\/]/g, '_').trim().slice(0, 255);
}
