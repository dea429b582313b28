/** Soft hyphens, zero-width characters and the BOM split words where a reader sees none. */
const INVISIBLE = /[\u00ad\u200b-\u200f\u2060\ufeff]/g;

export function normalizeText(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE, '').toLowerCase();
}

export type TokenKind = 'word' | 'email' | 'domain' | 'number';

export interface Token {
  text: string;
  kind: TokenKind;
  /** Offset in the normalised text. */
  start: number;
}

// One pass over the text: an address or a link wins over the words inside it.
const TOKEN =
  /([\p{L}\p{N}._%+-]+@(?:[\p{L}\p{N}-]+\.)+\p{L}{2,})|(?:https?:\/\/|www\.)((?:[\p{L}\p{N}-]+\.)+\p{L}{2,})[^\s<>"]*|(\p{L}[\p{L}\p{M}\p{N}]*(?:['’]\p{L}+)?)|(\p{N}+(?:[.,:/]\p{N}+)*)/gu;

/**
 * Words keep their umlauts and ß; addresses and the host of a link stay whole, so that
 * "telekom.de" and "rechnung@telekom.de" can be features and filters of their own.
 */
export function tokenize(text: string): Token[] {
  const normal = normalizeText(text);
  const tokens: Token[] = [];
  for (const match of normal.matchAll(TOKEN)) {
    const [whole, email, host, word, number] = match;
    const start = match.index;
    if (email) tokens.push({ text: email.replace(/^[._%+-]+|[._-]+$/g, ''), kind: 'email', start });
    else if (host) tokens.push({ text: host.replace(/^www\./, ''), kind: 'domain', start });
    else if (word) tokens.push({ text: word.replace(/['’]s$/, ''), kind: 'word', start });
    else if (number) tokens.push({ text: number, kind: 'number', start });
    else if (whole) continue;
  }
  return tokens;
}

/** Just the words, for detection and for callers that need no kinds. */
export function words(text: string): string[] {
  return tokenize(text)
    .filter((token) => token.kind === 'word')
    .map((token) => token.text);
}

/** "mail.telekom.de" → "telekom.de"; keeps "co.uk"-style suffixes with their owner. */
export function registrableDomain(host: string): string {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  if (labels.length <= 2) return labels.join('.');
  const secondLevel = labels.at(-2) ?? '';
  const short =
    /^(co|com|org|net|gov|ac|edu|or|ne)$/.test(secondLevel) && labels.at(-1)!.length === 2;
  return labels.slice(short ? -3 : -2).join('.');
}

export function domainOf(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 0 ? '' : registrableDomain(address.slice(at + 1));
}
