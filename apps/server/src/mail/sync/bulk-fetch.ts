import type { ParsePool } from '../mime/parse-pool.ts';
import type { ResolvedAddress } from '../net/host-policy.ts';
import type { BulkReservation } from '../net/mail-connector.ts';
import type { MailCredentials, ServerEndpoint } from '../transport-settings.ts';

/** How the pool's workers reach the mailbox for a bulk fetch: their own sessions. */
export interface BulkConnection {
  endpoint: ServerEndpoint;
  credentials: MailCredentials;
  connectTimeoutMs?: number;
  /** Below this many messages the extra sessions cost more than they save. */
  minMessages?: number;
  /** The workers to use; the process's shared pool unless a test brings its own. */
  pool?: ParsePool;
  /**
   * Sessions for the workers within the connection bounds, to the addresses the network policy
   * checked (ADR 0018); none free means this session fetches alone. Every sync of a saved
   * account brings it; without it (a test with its own server) the workers connect by name.
   */
  reserve?: (wanted: number) => BulkReservation;
  /** What reserve granted (folder-sync.ts sets these): where to connect and how many. */
  addresses?: readonly ResolvedAddress[] | undefined;
  workers?: number;
}

/** One worker's share of a bulk fetch (parse-worker.ts runs it). */
export interface BulkFetchJob {
  endpoint: ServerEndpoint;
  credentials: MailCredentials;
  connectTimeoutMs?: number;
  /** Where the workers connect: the checked addresses of the host (mail/net). */
  addresses?: readonly ResolvedAddress[] | undefined;
  path: string;
  uidValidity: string;
  ids: { userId: string; accountId: number; folderId: number };
  /** This worker's share, newest first. */
  uids: number[];
  /** Larger messages are stored with their headers only; the body pass reads their text parts. */
  maxSourceBytes: number;
  /** Source bytes per FETCH round trip. */
  batchBytes: number;
  /** The reader's zone, for dates written into the text (parse-message.ts). */
  timeZone?: string;
}

/** What survives of an error on its way from a worker: what classifyConnectionError reads. */
export interface SerialisedError {
  name: string;
  message: string;
  code?: string | number | undefined;
  responseCode?: string | number | undefined;
  serverResponseCode?: string | number | undefined;
  /** The server's words on a refusal ("Too many simultaneous connections"). */
  responseText?: string | undefined;
  authenticationFailed?: boolean;
}

export function serialiseError(error: unknown): SerialisedError {
  const e = (error ?? {}) as Record<string, unknown>;
  const pick = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? v : undefined);
  return {
    name: typeof e.name === 'string' ? e.name : 'Error',
    message: typeof e.message === 'string' ? e.message : 'unknown error',
    code: pick(e.code),
    responseCode: pick(e.responseCode),
    serverResponseCode: pick(e.serverResponseCode),
    responseText: typeof e.responseText === 'string' ? e.responseText.slice(0, 300) : undefined,
    authenticationFailed: e.authenticationFailed === true,
  };
}
