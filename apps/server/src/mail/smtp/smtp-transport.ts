import { asciiDomain } from '@brieftaube/shared';
import nodemailer, { type Transporter } from 'nodemailer';
import {
  startTlsRequired,
  type MailCredentials,
  type ServerEndpoint,
} from '../transport-settings.ts';

export function createSmtpTransport(
  endpoint: ServerEndpoint,
  credentials: MailCredentials,
  options: { timeoutMs?: number; pool?: boolean } = {},
): Transporter {
  const timeout = options.timeoutMs ?? 15_000;
  return nodemailer.createTransport({
    host: asciiDomain(endpoint.host) ?? endpoint.host,
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
    tls: { servername: endpoint.host, minVersion: 'TLSv1.2' },
  });
}

/** Connects and authenticates without sending anything. */
export async function verifySmtp(
  endpoint: ServerEndpoint,
  credentials: MailCredentials,
  timeoutMs?: number,
): Promise<void> {
  const transport = createSmtpTransport(endpoint, credentials, timeoutMs ? { timeoutMs } : {});
  try {
    await transport.verify();
  } finally {
    transport.close();
  }
}
