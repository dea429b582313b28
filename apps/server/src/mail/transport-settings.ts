import type { TransportSecurity } from '../db/schema/accounts.ts';

export interface ServerEndpoint {
  host: string;
  port: number;
  security: TransportSecurity;
}

export interface MailCredentials {
  user: string;
  password?: string | undefined;
  accessToken?: string | undefined;
}

/** Implicit TLS on the well-known TLS ports, STARTTLS elsewhere (RFC 8314 recommends the former). */
export function defaultSecurity(kind: 'imap' | 'smtp', port: number): TransportSecurity {
  if (kind === 'imap') return port === 993 ? 'ssl' : 'starttls';
  return port === 465 ? 'ssl' : 'starttls';
}

/**
 * Whether the host is this machine itself. Traffic to it never leaves the machine, so STARTTLS
 * there is used when offered rather than required: a mail server on 127.0.0.1 without TLS (a
 * local relay, a bridge such as Proton's, a test server) works with the spec's account fields,
 * which name no security. Everywhere else 'starttls' stays a requirement.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name) ||
    /^::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name)
  );
}

/** STARTTLS must succeed or the connection is refused (see isLoopbackHost for the exception). */
export function startTlsRequired(endpoint: ServerEndpoint): boolean {
  return endpoint.security === 'starttls' && !isLoopbackHost(endpoint.host);
}

export const DEFAULT_PORTS = { imap: 993, smtp: 587 } as const;
