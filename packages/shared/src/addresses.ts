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

// RFC 1123 host names and IPv4 literals; no scheme, path or port.
const HOST_PATTERN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** A mail server's name as a user may type it (umlauts allowed, checked in their ASCII form). */
export function isHostName(host: string): boolean {
  const trimmed = host.trim();
  if (!trimmed) return false;
  return HOST_PATTERN.test(asciiDomain(trimmed) ?? trimmed);
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
