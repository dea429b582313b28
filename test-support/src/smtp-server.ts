import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { freePort } from './ports.ts';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  user: string;
}

export interface TestSmtpServer {
  host: string;
  port: number;
  received: ReceivedMail[];
  addUser(user: string, password: string): void;
  /** Rejects every message with the given SMTP response until cleared. */
  failNext(code: number | null, message?: string): void;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** A real SMTP server (npm smtp-server) that authenticates and records what it receives. */
export async function startSmtpServer(
  users: Record<string, string> = {},
  options: {
    /** XOAUTH2 beside passwords: a token is good when this says it is live and the user's. */
    introspect?: (token: string) => Promise<{ active: boolean; sub?: string }>;
    /** A fixed port; a free one otherwise. */
    port?: number;
  } = {},
): Promise<TestSmtpServer> {
  const accounts = new Map(Object.entries(users));
  const received: ReceivedMail[] = [];
  let failure: { code: number; message: string } | null = null;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: options.introspect ? ['PLAIN', 'LOGIN', 'XOAUTH2'] : ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.method === 'XOAUTH2' && options.introspect) {
        options
          .introspect(auth.accessToken ?? '')
          .then(({ active, sub }) => {
            if (active && sub === auth.username) callback(null, { user: auth.username });
            else callback(Object.assign(new Error('Invalid token'), { responseCode: 535 }));
          })
          .catch((error: unknown) => callback(error as Error));
        return;
      }
      if (auth.username && accounts.get(auth.username) === auth.password) {
        callback(null, { user: auth.username });
        return;
      }
      const error = new Error('Invalid username or password') as Error & { responseCode: number };
      error.responseCode = 535;
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failure) {
          const error = new Error(failure.message) as Error & { responseCode: number };
          error.responseCode = failure.code;
          callback(error);
          return;
        }
        const address = (a: SMTPServerAddress | false) => (a ? a.address : '');
        received.push({
          from: address(session.envelope.mailFrom),
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: String(session.user ?? ''),
        });
        callback();
      });
    },
  });
  const port = options.port ?? (await freePort());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    host: '127.0.0.1',
    port,
    received,
    addUser: (user, password) => accounts.set(user, password),
    failNext(code, message = 'Rejected for the test') {
      failure = code === null ? null : { code, message };
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline)
          throw new Error(`expected ${count} messages, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
