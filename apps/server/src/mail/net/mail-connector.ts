import type { ImapFlow } from 'imapflow';
import type { Transporter } from 'nodemailer';
import { createImapClient } from '../imap/imap-client.ts';
import { createSmtpTransport, verifySmtp } from '../smtp/smtp-transport.ts';
import type { MailCredentials, ServerEndpoint } from '../transport-settings.ts';
import {
  createConnectionSlots,
  type ConnectionSlots,
  type Release,
  type SlotKeys,
  type SlotLimits,
} from './connection-slots.ts';
import {
  normaliseHost,
  resolveMailHost,
  type HostPolicy,
  type Lookup,
  type ResolvedAddress,
} from './host-policy.ts';

/** Where a connection went: the checked addresses and the port. */
export interface ConnectTarget {
  host: string;
  port: number;
  addresses: readonly ResolvedAddress[];
  /** The address the session actually reached, once connected. */
  reached?: string | undefined;
}

/**
 * The caller's say on a connection (modules/accounts/connection-guard.ts): whether it may be
 * attempted at all, and what a failure or a success means for the user it is made for.
 */
export interface ConnectGuard {
  /** Before anything is sent; throws to refuse. */
  admit(target: ConnectTarget): Promise<void>;
  /** Connecting or logging in failed, or the policy refused the host (no target then). */
  failed(target: ConnectTarget | undefined, error: unknown): Promise<void>;
  succeeded(target: ConnectTarget): void;
}

export interface ImapSessionOptions {
  guard?: ConnectGuard | undefined;
  /** The live sync's IDLE session (see SlotRequest.longLived). */
  longLived?: boolean;
  /** Stops waiting for a slot (a watcher that is stopped). */
  signal?: AbortSignal;
  /** Gives up waiting for a slot after this long: an API request must answer. */
  maxWaitMs?: number;
  onWait?: () => void;
  connectTimeoutMs?: number | undefined;
}

export interface ImapSession {
  client: ImapFlow;
  target: ConnectTarget;
  /** Logs out (or closes) and frees the slot; safe to call twice. */
  close(): Promise<void>;
}

/** Extra sessions for the bulk workers (parse-pool.ts), taken without waiting. */
export interface BulkReservation {
  /** How many worker sessions may be opened (0: the caller's own session does the work). */
  granted: number;
  addresses: readonly ResolvedAddress[];
  release(): void;
}

export interface MailConnectorOptions {
  policy: HostPolicy;
  limits: SlotLimits;
  connectTimeoutMs?: number;
  /** The resolver (tests answer as a rebinding DNS server would). */
  lookup?: Lookup;
}

export const slotKeysOf = (endpoint: ServerEndpoint, credentials: MailCredentials): SlotKeys => {
  const server = normaliseHost(endpoint.host);
  return { server, account: `${server}|${credentials.user.trim().toLowerCase()}` };
};

/**
 * The one way this server opens IMAP and SMTP connections (ADR 0018): the host is resolved once
 * and checked against the network policy, the connection goes to exactly the checked addresses,
 * and IMAP sessions wait for a slot within the bounds per account and per server.
 */
export function createMailConnector(options: MailConnectorOptions) {
  const slots: ConnectionSlots = createConnectionSlots(options.limits);
  const resolve = (host: string) => resolveMailHost(options.policy, host, options.lookup);

  async function checkedTarget(
    endpoint: ServerEndpoint,
    guard: ConnectGuard | undefined,
  ): Promise<ConnectTarget> {
    let target: ConnectTarget | undefined;
    try {
      target = {
        host: endpoint.host,
        port: endpoint.port,
        addresses: await resolve(endpoint.host),
      };
    } catch (error) {
      await guard?.failed(undefined, error);
      throw error;
    }
    await guard?.admit(target);
    return target;
  }

  async function openImap(
    endpoint: ServerEndpoint,
    credentials: MailCredentials,
    session: ImapSessionOptions = {},
  ): Promise<ImapSession> {
    const { guard } = session;
    const target = await checkedTarget(endpoint, guard);
    const release: Release = await slots.acquire(slotKeysOf(endpoint, credentials), {
      ...(session.longLived ? { longLived: true } : {}),
      ...(session.signal ? { signal: session.signal } : {}),
      ...(session.maxWaitMs !== undefined ? { maxWaitMs: session.maxWaitMs } : {}),
      ...(session.onWait ? { onWait: session.onWait } : {}),
    });
    const client = createImapClient(endpoint, credentials, {
      connectTimeoutMs: session.connectTimeoutMs ?? options.connectTimeoutMs ?? 15_000,
      addresses: target.addresses,
    });
    client.on('error', () => undefined); // surfaced through the failing call instead
    try {
      await client.connect();
    } catch (error) {
      client.close();
      release();
      await guard?.failed(target, error);
      throw error;
    }
    target.reached = (client as unknown as { socket?: { remoteAddress?: string } }).socket
      ?.remoteAddress;
    guard?.succeeded(target);
    let closed = false;
    return {
      client,
      target,
      async close() {
        if (closed) return;
        closed = true;
        try {
          await client.logout().catch(() => client.close());
        } finally {
          release();
        }
      },
    };
  }

  return {
    policy: options.policy,
    slots,
    resolve,
    openImap,

    /** Opens a session, runs `work` on it and closes it. */
    async withImap<T>(
      endpoint: ServerEndpoint,
      credentials: MailCredentials,
      work: (client: ImapFlow) => Promise<T>,
      session: ImapSessionOptions = {},
    ): Promise<T> {
      const opened = await openImap(endpoint, credentials, session);
      try {
        return await work(opened.client);
      } finally {
        await opened.close();
      }
    },

    /**
     * Up to `wanted` more sessions of a login for the bulk workers, only as many as are free
     * now: a busy account gets its messages through the session it has instead of waiting.
     */
    reserveExtra(
      endpoint: ServerEndpoint,
      credentials: MailCredentials,
      addresses: readonly ResolvedAddress[],
      wanted: number,
    ): BulkReservation {
      const releases = slots.tryAcquire(slotKeysOf(endpoint, credentials), wanted);
      return {
        granted: releases.length,
        addresses,
        release: () => releases.splice(0).forEach((release) => release()),
      };
    },

    /** An SMTP transport to the checked address; the caller closes it. */
    async smtp(
      endpoint: ServerEndpoint,
      credentials: MailCredentials,
      session: { guard?: ConnectGuard | undefined; timeoutMs?: number | undefined } = {},
    ): Promise<{ transport: Transporter; target: ConnectTarget }> {
      const target = await checkedTarget(endpoint, session.guard);
      target.reached = target.addresses[0]!.address;
      const transport = createSmtpTransport(endpoint, credentials, {
        timeoutMs: session.timeoutMs ?? options.connectTimeoutMs ?? 15_000,
        address: target.addresses[0],
      });
      return { transport, target };
    },

    /** Connects to SMTP and logs in without sending anything (the connection test). */
    async verifySmtp(endpoint: ServerEndpoint, credentials: MailCredentials, timeoutMs?: number) {
      const target = await checkedTarget(endpoint, undefined);
      await verifySmtp(endpoint, credentials, timeoutMs, target.addresses[0]);
    },
  };
}

export type MailConnector = ReturnType<typeof createMailConnector>;
