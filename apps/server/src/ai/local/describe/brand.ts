import { domainOf, registrableDomain } from '../text/normalize.ts';

/** "rechnung@mail.telekom.de" or "telekom.de" → "Telekom". */
export function brandOf(sender: string): string {
  const domain = sender.includes('@') ? domainOf(sender) : registrableDomain(sender);
  const name = domain.split('.')[0] ?? '';
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  // "stadtwerke-leipzig.de" is how a domain writes "Stadtwerke Leipzig"; "t-online" stays one word.
  const words = name.split('-');
  return words.every((word) => word.length >= 3) ? words.map(capital).join(' ') : capital(name);
}

/** Mail services whose domain names no sender a person would file by. */
export const FREEMAIL =
  /^(gmail|googlemail|gmx|web|yahoo|outlook|hotmail|live|icloud|t-online|posteo|mailbox|freenet|aol)\./;

/**
 * Whether a sender's domain names an organisation worth naming: not a freemail service, and not
 * one of the names reserved for examples (RFC 2606), which no real sender has.
 */
export function namesAnOrganisation(domain: string): boolean {
  const lower = domain.toLowerCase();
  return !FREEMAIL.test(lower) && !/(?:^|\.)(?:example|test|invalid|localhost)(?:\.|$)/.test(lower);
}
