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

export const DEFAULT_PORTS = { imap: 993, smtp: 587 } as const;
