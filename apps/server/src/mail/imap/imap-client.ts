import { asciiDomain, ErrorCode } from '@brieftaube/shared';
import { ImapFlow } from 'imapflow';
import { AppError } from '../../lib/app-error.ts';
import { pinnedLookup } from '../net/pinned-lookup.ts';
import type { ResolvedAddress } from '../net/host-policy.ts';
import {
  startTlsRequired,
  type MailCredentials,
  type ServerEndpoint,
} from '../transport-settings.ts';

export interface ImapClientOptions {
  /** Milliseconds until connecting (TCP, TLS, greeting) gives up. */
  connectTimeoutMs?: number;
  /**
   * The addresses the host name was resolved to and checked against the network policy
   * (mail/net): the socket goes to these, never to what a second lookup might answer. The name
   * stays the TLS server name and the name the certificate is checked against.
   */
  addresses?: readonly ResolvedAddress[] | undefined;
}

export function createImapClient(
  endpoint: ServerEndpoint,
  credentials: MailCredentials,
  options: ImapClientOptions = {},
): ImapFlow {
  const timeout = options.connectTimeoutMs ?? 15_000;
  return new ImapFlow({
    host: asciiDomain(endpoint.host) ?? endpoint.host,
    port: endpoint.port,
    secure: endpoint.security === 'ssl',
    // imapflow upgrades opportunistically when this is undefined: only on this machine itself.
    doSTARTTLS: startTlsRequired(endpoint)
      ? true
      : endpoint.security === 'none'
        ? false
        : undefined,
    auth: credentials.accessToken
      ? { user: credentials.user, accessToken: credentials.accessToken }
      : { user: credentials.user, pass: credentials.password ?? '' },
    logger: false,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: 5 * 60_000,
    disableAutoIdle: true,
    // Incremental sync asks for what changed and vanished since the last mod-sequence.
    qresync: true,
    tls: {
      servername: endpoint.host,
      minVersion: 'TLSv1.2',
      // Passed on to net.connect; Node tries the addresses in turn (happy eyeballs) as it would
      // those of its own lookup.
      ...(options.addresses?.length ? { lookup: pinnedLookup(options.addresses) } : {}),
    },
  });
}

/**
 * imapflow ends a FETCH iteration quietly when the connection drops; without this check a crashed
 * server would look like a folder with fewer messages, and its sync state would be saved.
 */
export function assertUsable(client: ImapFlow): void {
  if (!client.usable) throw new Error('IMAP connection closed (connection closed during sync)');
}

/** A tagged NO: the server refused a command (imapflow sets responseStatus from the answer). */
export function isTaggedNo(error: unknown): boolean {
  return error instanceof Error && (error as { responseStatus?: unknown }).responseStatus === 'NO';
}

/**
 * A tagged NO on a session that is still fine: the server refused this one command, say opening
 * a broken or forbidden folder. A lost connection, a BAD, or an error of this app's own (the
 * database, a cancelled task) is not that.
 */
export function refusedByServer(error: unknown, client: ImapFlow): boolean {
  return isTaggedNo(error) && client.usable;
}

/**
 * A compact IMAP sequence set ("1:500,502,510:520"): servers limit a command's length (Dovecot
 * refuses one of 20,000 comma-joined UIDs), and ranges keep most sets a few bytes long.
 */
export function uidSet(uids: readonly number[]): string {
  const sorted = [...new Set(uids)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(i === j ? String(sorted[i]) : `${sorted[i]}:${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

/**
 * The UIDs this app stored for a folder name messages only while the mailbox keeps its
 * UIDVALIDITY (RFC 3501 §2.3.1.1). Another client that deleted and recreated the folder, or a
 * restored server, makes them name other messages: acting on them would delete or flag the
 * wrong mail. Called with the mailbox selected, before any UID command.
 */
export function assertSameMailbox(client: ImapFlow, stored: bigint | null): void {
  const mailbox = client.mailbox;
  const current = mailbox ? mailbox.uidValidity : undefined;
  if (stored === null || current === undefined || BigInt(current) === stored) return;
  throw new AppError(ErrorCode.MAIL_SERVER_REFUSED, 'UIDVALIDITY changed since the last sync', {
    server: ['CHANGED' as never],
  });
}
