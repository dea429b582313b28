import {
  classifyConnectionError,
  connectionMessagesDe,
  type ConnectionErrorCode,
} from './connection-errors.ts';
import { withImap } from './imap/imap-client.ts';
import { verifySmtp } from './smtp/smtp-transport.ts';
import type { MailCredentials, ServerEndpoint } from './transport-settings.ts';

export interface ConnectionCheck {
  success: boolean;
  error_code: ConnectionErrorCode | null;
  /** What went wrong, in German. */
  message: string | null;
  /** The server's or the socket's own words, for support; the app shows the code in German. */
  error: string | null;
}

export interface ConnectionTestResult {
  success: boolean;
  imap: ConnectionCheck;
  smtp: ConnectionCheck;
}

async function check(run: () => Promise<unknown>): Promise<ConnectionCheck> {
  try {
    await run();
    return { success: true, error_code: null, message: null, error: null };
  } catch (error) {
    const message =
      (error as { responseText?: string; message?: string }).responseText ??
      (error as Error).message;
    const code = classifyConnectionError(error);
    return {
      success: false,
      error_code: code,
      message: connectionMessagesDe[code],
      error: String(message ?? '').slice(0, 300),
    };
  }
}

/** IMAP and SMTP are tested side by side and reported separately. */
export async function testMailConnection(
  imap: ServerEndpoint,
  smtp: ServerEndpoint,
  credentials: MailCredentials,
  timeoutMs = 15_000,
): Promise<ConnectionTestResult> {
  const [imapResult, smtpResult] = await Promise.all([
    check(() =>
      withImap(imap, credentials, async (client) => client.noop(), { connectTimeoutMs: timeoutMs }),
    ),
    check(() => verifySmtp(smtp, credentials, timeoutMs)),
  ]);
  return { success: imapResult.success && smtpResult.success, imap: imapResult, smtp: smtpResult };
}
