// npm run bench:connections — what the MailConnector (ADR 0018) costs per IMAP session: a
// bare imapflow session (connect, NOOP, LOGOUT) beside the same through the connector (lookup,
// policy, slot), in alternating rounds, by host name and by address; then many actions of one
// account at once, within the bound and without it. Prints sessions per second and ratios.
import { performance } from 'node:perf_hooks';
import { ImapFlow } from 'imapflow';
import { startDovecot } from '../../../test-support/src/dovecot.ts';
import { parseAllowList } from '../src/mail/net/host-policy.ts';
import { createMailConnector } from '../src/mail/net/mail-connector.ts';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 200);
const ROUNDS = 5;
const nf = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });

const dovecot = await startDovecot([{ user: 'bench@beispiel.de', password: 'pw' }]);
const credentials = { user: 'bench@beispiel.de', password: 'pw' };
const connector = createMailConnector({
  policy: { serverMode: true, allowList: parseAllowList('127.0.0.1, localhost').list },
  limits: { perAccount: 5, perServer: 20 },
});

async function bare(host: string): Promise<void> {
  const client = new ImapFlow({
    host,
    port: dovecot.imapPort,
    secure: false,
    doSTARTTLS: false,
    auth: { user: credentials.user, pass: credentials.password },
    logger: false,
  });
  await client.connect();
  await client.noop();
  await client.logout();
}

const viaConnector = (host: string) =>
  connector.withImap(
    { host, port: dovecot.imapPort, security: 'none' },
    credentials,
    async (client) => client.noop(),
  );

async function rate(open: () => Promise<void>, count: number, parallel = 1): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next++ < count) await open();
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  for (const host of ['127.0.0.1', 'localhost']) {
    const direct: number[] = [];
    const checked: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      direct.push(await rate(() => bare(host), SESSIONS));
      checked.push(await rate(() => viaConnector(host), SESSIONS));
    }
    const [d, c] = [median(direct), median(checked)];
    console.log(
      `${host.padEnd(10)} sequential sessions/s: imapflow ${nf.format(d)}, connector ${nf.format(c)} (connector/imapflow ${nf.format((c / d) * 100)} %)`,
    );
  }
  // Twelve actions at once on one account: the connector keeps five sessions and queues the rest.
  const bounded: number[] = [];
  const unbounded: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    unbounded.push(await rate(() => bare('127.0.0.1'), SESSIONS, 12));
    bounded.push(await rate(() => viaConnector('127.0.0.1'), SESSIONS, 12));
  }
  const [u, b] = [median(unbounded), median(bounded)];
  console.log(
    `12 at once on one account, sessions/s: unbounded ${nf.format(u)}, within 5 ${nf.format(b)} (bounded/unbounded ${nf.format((b / u) * 100)} %)`,
  );
} finally {
  await dovecot.stop();
}
