import { ErrorCode, FieldErrorCode } from '@brieftaube/shared';
import type { ImapFlow } from 'imapflow';
import type { SendMailOptions } from 'nodemailer';
import { AppError } from '../../lib/app-error.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import {
  classifyConnectionError,
  CONNECT_FAILURES,
  ConnectionErrorCode,
} from '../../mail/connection-errors.ts';
import { isTaggedNo } from '../../mail/imap/imap-client.ts';
import type { ResolvedAddress } from '../../mail/net/host-policy.ts';
import type { BulkReservation, ImapSession, MailConnector } from '../../mail/net/mail-connector.ts';
import type { MailCredentials, ServerEndpoint } from '../../mail/transport-settings.ts';
import type { RateLimiter } from '../auth/rate-limiter.ts';
import type { AccountRow } from './accounts.repository.ts';
import { createConnectionGuards, TooManyAttemptsError } from './connection-guard.ts';

/** How long an API request waits for a free IMAP session before it answers. */
const API_SLOT_WAIT_MS = 60_000;

export interface AccountImapOptions {
  /** The live sync's IDLE session. */
  longLived?: boolean;
  signal?: AbortSignal;
  maxWaitMs?: number;
  onWait?: () => void;
  /** False for the live sync's reconnects (connection-guard.ts). */
  countFailures?: boolean;
}

/**
 * A tagged NO after a successful login: the server is there and refused this command. That is
 * not a failed connection, and the user can often do something about it (RFC 5530 codes).
 */
function serverRefusal(error: unknown): AppError | undefined {
  if (!isTaggedNo(error)) return undefined;
  const e = error as { serverResponseCode?: unknown; authenticationFailed?: unknown };
  if (e.authenticationFailed === true) return undefined;
  const code = typeof e.serverResponseCode === 'string' ? e.serverResponseCode.toUpperCase() : '';
  if (code === 'AUTHENTICATIONFAILED' || code === 'AUTHORIZATIONFAILED') return undefined;
  if (code === 'ALREADYEXISTS')
    return AppError.validation({ name: [FieldErrorCode.FOLDER_EXISTS] });
  return new AppError(ErrorCode.MAIL_SERVER_REFUSED, `Mail server refused (${code || 'NO'})`, {
    server: [(code || 'REFUSED') as never],
  });
}

const imapEndpoint = (row: AccountRow): ServerEndpoint => ({
  host: row.imapServer,
  port: row.imapPort,
  security: row.imapSecurity,
});

/** Live access tokens of OAuth accounts (modules/oauth/oauth-tokens.ts). */
export interface AccessTokens {
  /** `refused`: the token a mail server just refused; it is renewed even if it looks fresh. */
  accessToken(row: AccountRow, refused?: string): Promise<string>;
}

/** An account that signs in with OAuth tokens instead of a password (ADR 0027). */
export const usesOAuth = (row: AccountRow) =>
  row.provider !== 'imap' && row.passwordSealed === null;

/**
 * Every connection made for a saved account: IMAP sessions and SMTP transports through the
 * network policy and the bounds (mail/net), their failures counted toward the owner's limit.
 */
export function createAccountConnections(deps: {
  secrets: SecretBox;
  connector: MailConnector;
  limiter?: RateLimiter | undefined;
  connectTimeoutMs?: number | undefined;
  oauth?: AccessTokens | undefined;
}) {
  const { secrets, connector } = deps;
  const guards = createConnectionGuards(deps.limiter);

  /** The credentials to log in with; secrets are opened only here, right before use. */
  async function credentialsOf(row: AccountRow, refused?: string): Promise<MailCredentials> {
    const user = row.username || row.emailAddress;
    if (usesOAuth(row) && deps.oauth)
      return { user, accessToken: await deps.oauth.accessToken(row, refused) };
    return {
      user,
      password: row.passwordSealed ? secrets.open(row.passwordSealed) : undefined,
      accessToken: row.accessTokenSealed ? secrets.open(row.accessTokenSealed) : undefined,
    };
  }

  /**
   * Logs in with the account's credentials; an OAuth token the server refuses is renewed and
   * tried once more (it may have been revoked early, or the clock may differ).
   */
  async function withCredentials<T>(
    row: AccountRow,
    connect: (credentials: MailCredentials) => Promise<T>,
  ): Promise<T> {
    const credentials = await credentialsOf(row);
    try {
      return await connect(credentials);
    } catch (error) {
      if (
        !usesOAuth(row) ||
        !deps.oauth ||
        classifyConnectionError(error) !== ConnectionErrorCode.AUTH_FAILED
      )
        throw error;
      return connect(await credentialsOf(row, credentials.accessToken));
    }
  }

  /**
   * An IMAP session of a saved account: through the network policy and the connection bounds,
   * its failures counted toward the owner's limit (connection-guard.ts). Errors come as thrown.
   */
  function openImap(account: AccountRow, options: AccountImapOptions = {}): Promise<ImapSession> {
    const { countFailures, ...session } = options;
    return withCredentials(account, (credentials) =>
      connector.openImap(imapEndpoint(account), credentials, {
        ...session,
        guard: guards.forUser(account.userId, { count: countFailures ?? true }),
        connectTimeoutMs: deps.connectTimeoutMs,
      }),
    );
  }

  /** Runs work on an account's IMAP session and closes it; errors come as thrown. */
  async function imap<T>(
    account: AccountRow,
    work: (client: ImapFlow, session: ImapSession) => Promise<T>,
    options: AccountImapOptions = {},
  ): Promise<T> {
    const session = await openImap(account, options);
    try {
      return await work(session.client, session);
    } finally {
      await session.close();
    }
  }

  /** Runs IMAP work for an account; connection failures become one code the app can explain. */
  async function withServer<T>(
    account: AccountRow,
    work: (client: ImapFlow) => Promise<T>,
  ): Promise<T> {
    try {
      return await imap(account, (client) => work(client), { maxWaitMs: API_SLOT_WAIT_MS });
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof TooManyAttemptsError)
        throw new AppError(
          ErrorCode.RATE_LIMITED,
          'Too many failed connection attempts',
          { server: ['TOO_MANY_ATTEMPTS' as never] },
          { 'retry-after': String(error.retryAfter) },
        );
      const refusal = serverRefusal(error);
      if (refusal) throw refusal;
      const code = classifyConnectionError(error);
      throw new AppError(ErrorCode.MAIL_SERVER_UNAVAILABLE, `Mail server error (${code})`, {
        server: [code as never],
      });
    }
  }

  return {
    credentialsOf,
    openImap,
    imap,
    withServer,

    /** More sessions of the account's login for the bulk workers, as many as are free now. */
    reserveExtra(
      account: AccountRow,
      addresses: readonly ResolvedAddress[],
      wanted: number,
    ): BulkReservation {
      const user = account.username || account.emailAddress;
      return connector.reserveExtra(imapEndpoint(account), { user }, addresses, wanted);
    },

    /**
     * Sends one message through the account's SMTP server (policy, counted failures). An OAuth
     * token the server refuses is renewed and the message sent once more, as for IMAP: the
     * refusal comes at AUTH, before the server has taken anything.
     */
    sendMail(account: AccountRow, mail: SendMailOptions, timeoutMs?: number): Promise<void> {
      const guard = guards.forUser(account.userId);
      const endpoint = {
        host: account.smtpServer,
        port: account.smtpPort,
        security: account.smtpSecurity,
      };
      return withCredentials(account, async (credentials) => {
        const { transport, target } = await connector.smtp(endpoint, credentials, {
          guard,
          timeoutMs,
        });
        try {
          await transport.sendMail(mail);
          guard?.succeeded(target);
        } catch (error) {
          // Counted only when connecting or logging in failed, not for a refused recipient.
          if (CONNECT_FAILURES.has(classifyConnectionError(error)))
            await guard?.failed(target, error).catch(() => undefined);
          throw error;
        } finally {
          transport.close();
        }
      });
    },
  };
}
