import { EventEmitter } from 'node:events';
import type { Client as PgClient } from 'pg';
import type { DatabaseHandle } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';

/** What a signed-in browser hears about: new or removed mail, changed counts. */
export interface MailEvent {
  type: 'mailbox' | 'counts';
  account_id: number;
  folder_ids: number[];
  new_emails?: number;
  deleted_emails?: number;
  changed_flags?: number;
}

export type MailEventListener = (event: MailEvent) => void;

export interface MailEventBus {
  publish(userId: string, event: MailEvent): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(userId: string, listener: MailEventListener): Promise<() => void>;
  close(): Promise<void>;
}

const CHANNEL = 'brieftaube_mail_events';

/**
 * One process (PGlite) keeps events in memory. On PostgreSQL the worker that syncs and the API
 * process holding the browser's stream are different processes, usually on different machines:
 * events travel through NOTIFY, and each API process LISTENs on one dedicated connection.
 */
export function createMailEventBus(database: DatabaseHandle, logger?: Logger): MailEventBus {
  const local = new EventEmitter();
  // Many browsers, each a listener on its user's key; the default cap of 10 is for leak hints.
  local.setMaxListeners(0);
  const deliver = (userId: string, event: MailEvent) => local.emit(userId, event);

  if (database.kind === 'pglite') {
    return {
      async publish(userId, event) {
        deliver(userId, event);
      },
      async subscribe(userId, listener) {
        local.on(userId, listener);
        return () => local.off(userId, listener);
      },
      async close() {
        local.removeAllListeners();
      },
    };
  }

  let listening: Promise<PgClient> | undefined;
  let closed = false;
  const listen = async (): Promise<PgClient> => {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: database.connectionString });
    client.on('notification', (message) => {
      if (!message.payload) return;
      try {
        const { userId, event } = JSON.parse(message.payload) as {
          userId: string;
          event: MailEvent;
        };
        deliver(userId, event);
      } catch (error) {
        logger?.warn({ err: error }, 'unreadable mail event');
      }
    });
    let reported = false;
    const lost = (error?: Error) => {
      if (reported || closed) return;
      reported = true;
      // Server restart or failover: reconnect, retrying every second, while anyone listens.
      logger?.warn({ err: error }, 'mail event listener lost its connection');
      listening = undefined;
      const retry = () => {
        if (closed || listening || local.eventNames().length === 0) return;
        listening = listen();
        listening.catch(() => {
          listening = undefined;
          setTimeout(retry, 1000).unref();
        });
      };
      setTimeout(retry, 1000).unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      reported = true; // the caller retries; this client is abandoned
      await client.end().catch(() => undefined);
      throw error;
    }
    return client;
  };

  return {
    async publish(userId, event) {
      await database.pool.query('SELECT pg_notify($1, $2)', [
        CHANNEL,
        JSON.stringify({ userId, event }),
      ]);
    },
    async subscribe(userId, listener) {
      if (closed) throw new Error('event bus closed');
      listening ??= listen().catch((error: unknown) => {
        listening = undefined;
        throw error;
      });
      await listening;
      local.on(userId, listener);
      return () => local.off(userId, listener);
    },
    async close() {
      closed = true;
      local.removeAllListeners();
      const client = await listening?.catch(() => undefined);
      await client?.end().catch(() => undefined);
    },
  };
}
