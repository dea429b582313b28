import { z } from 'zod';

const emailSchema = z.email();

/**
 * "Bücher.de" → "xn--bcher-kva.de": a host name as DNS and mail servers spell it (IDNA, through
 * the WHATWG URL parser that browsers and Node share). Undefined for what is no host name.
 */
export function asciiDomain(domain: string): string | undefined {
  const trimmed = domain.trim();
  if (!trimmed || /[\s/?#:@[\]\\%]/.test(trimmed)) return undefined;
  try {
    return new URL(`http://${trimmed}`).hostname || undefined;
  } catch {
    return undefined;
  }
}

/** The address with its domain in ASCII; the local part stays as it is. */
export function asciiAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const domain = asciiDomain(address.slice(at + 1));
  return domain ? `${address.slice(0, at + 1)}${domain}` : address;
}

/**
 * A mailbox address one can send to. German umlaut domains (anna@bücher.de) count, as their
 * ASCII spelling does; the rule is zod's, on server and client alike.
 */
export function isMailAddress(address: string): boolean {
  return emailSchema.safeParse(asciiAddress(address.trim())).success;
}
