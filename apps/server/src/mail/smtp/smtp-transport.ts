import { asciiDomain } from '@brieftaube/shared';
import net from 'node:net';
import nodemailer, { type Transporter } from 'nodemailer';
import type { ResolvedAddress } from '../net/host-policy.ts';
import {
  startTlsRequired,
  type MailCredentials,
  type ServerEndpoint,
} from '../transport-settings.ts';

export function createSmtpTransport(
  endpoint: ServerEndpoint,
  credentials: MailCredentials,
  options: {
    timeoutMs?: number;
    pool?: boolean;
    /**
     * The address the host was resolved to and checked (mail/net): nodemailer connects to it
     * instead of resolving the name again; the name stays the TLS server name.
     */
    address?: ResolvedAddress | undefined;
  } = {},
): Transporter {
  const timeout = options.timeoutMs ?? 15_000;
  const name = asciiDomain(endpoint.host) ?? endpoint.host;
  const servername = net.isIP(name) ? undefined : name;
  return nodemailer.createTransport({
    host: options.address?.address ?? name,
    ...(options.address && servername ? { servername } : {}),
    port: endpoint.port,
    secure: endpoint.security === 'ssl',
    // Without requireTLS, nodemailer upgrades when the server offers STARTTLS.
    requireTLS: startTlsRequired(endpoint),
    ignoreTLS: endpoint.security === 'none',
    auth: credentials.accessToken
      ? { type: 'OAuth2', user: credentials.user, accessToken: credentials.accessToken }
      : { user: credentials.user, pass: credentials.password ?? '' },
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: 60_000,
    pool: options.pool ?? false,
    tls: { servername: servername ?? endpoint.host, minVersion: 'TLSv1.2' },
  });
}

/** Connects and authenticates without sending anything. */
export async function verifySmtp(
  endpoint: ServerEndpoint,
  credentials: MailCredentials,
  timeoutMs?: number,
  address?: ResolvedAddress,
): Promise<void> {
  const transport = createSmtpTransport(endpoint, credentials, {
    ...(timeoutMs ? { timeoutMs } : {}),
    address,
  });
  try {
    await transport.verify();
  } finally {
    transport.close();
  }
}
