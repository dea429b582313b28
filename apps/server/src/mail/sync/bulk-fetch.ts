import type { ParsePool } from '../mime/parse-pool.ts';
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
}

/** One worker's share of a bulk fetch (parse-worker.ts runs it). */
export interface BulkFetchJob {
  endpoint: ServerEndpoint;
  credentials: MailCredentials;
  connectTimeoutMs?: number;
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
    authenticationFailed: e.authenticationFailed === true,
  };
}
