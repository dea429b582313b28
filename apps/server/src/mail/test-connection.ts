import {
  classifyConnectionError,
  connectionMessagesDe,
  type ConnectionErrorCode,
} from './connection-errors.ts';
import type { MailConnector } from './net/mail-connector.ts';
import type { MailCredentials, ServerEndpoint } from './transport-settings.ts';

export interface ConnectionCheck {
  success: boolean;
  error_code: ConnectionErrorCode | null;
  /** What went wrong, in German. */
  message: string | null;
  /** The server's own words on a refused login; the app shows the code in German. */
  error: string | null;
}

export interface ConnectionTestResult {
  success: boolean;
  imap: ConnectionCheck;
  smtp: ConnectionCheck;
}

/**
 * The server's own words on a refused login ("application-specific password required"), without
 * the library's prefix. Nothing else is quoted: a test can be pointed at any host and port, and
 * quoting what answered there would read out banners of services that are no mail server.
 */
export function refusalText(error: unknown): string | null {
  const e = error as { response?: unknown; responseText?: unknown };
  const raw = typeof e.responseText === 'string' ? e.responseText : e.response;
  if (typeof raw !== 'string') return null;
  const text = raw
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text ? text.slice(0, 200) : null;
}

async function check(run: () => Promise<unknown>): Promise<ConnectionCheck> {
  try {
    await run();
    return { success: true, error_code: null, message: null, error: null };
  } catch (error) {
    const code = classifyConnectionError(error);
    return {
      success: false,
      error_code: code,
      message: connectionMessagesDe[code],
      // The server's words on a refused login, or on refusing one more session (which says
      // its limit: "mail_max_userip_connections=10").
      error: code === 'AUTH_FAILED' || code === 'TOO_MANY_CONNECTIONS' ? refusalText(error) : null,
    };
  }
}

/**
 * IMAP and SMTP are tested side by side and reported separately, through the network policy and
 * the connection bounds like every other connection (ADR 0018).
 */
export async function testMailConnection(
  connector: MailConnector,
  imap: ServerEndpoint,
  smtp: ServerEndpoint,
  credentials: MailCredentials,
  timeoutMs = 15_000,
): Promise<ConnectionTestResult> {
  const [imapResult, smtpResult] = await Promise.all([
    check(() =>
      connector.withImap(imap, credentials, async (client) => client.noop(), {
        connectTimeoutMs: timeoutMs,
        // A person waits for the answer.
        maxWaitMs: timeoutMs,
      }),
    ),
    check(() => connector.verifySmtp(smtp, credentials, timeoutMs)),
  ]);
  return { success: imapResult.success && smtpResult.success, imap: imapResult, smtp: smtpResult };
}
