import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitForPort } from './ports.ts';

// Dovecot runs mail processes under one numeric uid; no system user is needed for it.
const MAIL_UID = 5000;

export interface DovecotUser {
  user: string;
  password: string;
}

export interface Dovecot {
  host: string;
  imapPort: number;
  lmtpPort: number;
  dir: string;
  users: DovecotUser[];
  /** The uid owning the maildirs (files put there directly must belong to it). */
  mailUid: number;
  /** A user's home folder; the maildir is its Maildir/. */
  homeOf(user: string): string;
  /** Adds a mailbox user while the server runs. */
  addUser(user: string, password: string): DovecotUser;
  stop(): Promise<void>;
  /** Kills the server and all its processes at once, as a crash would. */
  crash(): Promise<void>;
  /** Starts again on the same ports and maildirs (after stop() or crash()). */
  start(): Promise<void>;
  log(): string;
}

export interface DovecotOptions {
  /**
   * 'courier': everything below INBOX ("INBOX.Sent", separator "."), as Courier, Cyrus and many
   * hosting providers lay mailboxes out, and without SPECIAL-USE flags, so that only the
   * folder names tell Sent from Trash.
   */
  layout?: 'standard' | 'courier';
  /**
   * The whole capability list announced after login, for servers without an extension
   * (e.g. no UIDPLUS and MOVE). Dovecot still understands the commands; clients decide by
   * what is announced.
   */
  capabilities?: string;
  /**
   * Dovecot's mail_max_userip_connections: IMAP sessions one user may hold from one address
   * (Dovecot's own default is 10; the harness allows 200 unless a test is about the limit).
   */
  maxUserIpConnections?: number;
  /**
   * XOAUTH2 and OAUTHBEARER logins beside passwords: Dovecot's oauth2 passdb asks this RFC 7662
   * introspection URL (with the introspecting client's credentials in it) whether a token is live
   * and whose it is (its `sub` must be the user).
   */
  oauth2IntrospectionUrl?: string;
  /** Fixed ports (a stack other processes must find); free ones otherwise. */
  ports?: { imap: number; lmtp: number };
}

const SPECIAL_FOLDERS = ['Drafts', 'Sent', 'Archive', 'Junk', 'Trash'];

function namespaceConfig(layout: DovecotOptions['layout']): string {
  if (layout === 'courier') {
    const folders = SPECIAL_FOLDERS.map((name) => `  mailbox ${name} {\n    auto = subscribe\n  }`);
    return `namespace inbox {\n  inbox = yes\n  prefix = INBOX.\n  separator = .\n${folders.join('\n')}\n}`;
  }
  const folders = SPECIAL_FOLDERS.map(
    (name) => `  mailbox ${name} {\n    special_use = \\${name}\n    auto = subscribe\n  }`,
  );
  return `namespace inbox {\n  inbox = yes\n  separator = /\n${folders.join('\n')}\n}`;
}

function config(dir: string, imapPort: number, lmtpPort: number, options: DovecotOptions): string {
  return `
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
info_log_path = ${dir}/dovecot.log
listen = 127.0.0.1
protocols = imap lmtp
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login${options.oauth2IntrospectionUrl ? ' xoauth2 oauthbearer' : ''}
auth_failure_delay = 0
mail_location = maildir:~/Maildir
mail_uid = ${MAIL_UID}
mail_gid = ${MAIL_UID}
first_valid_uid = ${MAIL_UID}
last_valid_uid = ${MAIL_UID}
mail_plugins =
imap_capability = ${options.capabilities ?? '+IDLE'}
# One passwd-file per user: Dovecot re-reads a changed file only when its mtime or size differs,
# which two quick additions to one shared file can fail to show.
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd.d/%u
  mechanisms = plain login
}
${
  options.oauth2IntrospectionUrl
    ? `passdb {\n  driver = oauth2\n  mechanisms = xoauth2 oauthbearer\n  args = ${dir}/oauth2.conf.ext\n}`
    : ''
}
userdb {
  driver = passwd-file
  args = username_format=%u ${dir}/passwd.d/%u
  default_fields = uid=${MAIL_UID} gid=${MAIL_UID} home=${dir}/mail/%u
}
${namespaceConfig(options.layout)}
protocol imap {
  mail_max_userip_connections = ${options.maxUserIpConnections ?? 200}
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${imapPort}
  }
  inet_listener imaps {
    port = 0
  }
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = ${lmtpPort}
  }
}
# Without this, failed logins slow every later login from 127.0.0.1 by up to 15 s.
service anvil {
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
`;
}

/** What a file holds from byte `from` on ('' when it does not exist). */
function readFrom(file: string, from: number): string {
  if (!fs.existsSync(file)) return '';
  return fs.readFileSync(file).subarray(from).toString('utf8');
}

/**
 * Whether a process still runs. The daemonised master's parent is PID 1, which in some containers
 * never reaps its children: an exited master then stays a zombie, which signal 0 still reaches.
 */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** The dovecot binary, or a clear message on how the test command installs it. */
export function dovecotBinary(): string {
  for (const candidate of ['/usr/sbin/dovecot', '/usr/local/sbin/dovecot']) {
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error(
    'Dovecot is not installed; `npm test` installs dovecot-imapd and dovecot-lmtpd as root.',
  );
}

/**
 * A real Dovecot (Debian's dovecot-imapd) from its own config on 127.0.0.1, with its own users,
 * ports and maildirs, independent of any system instance.
 */
export async function startDovecot(
  initialUsers: DovecotUser[] = [],
  options: DovecotOptions = {},
): Promise<Dovecot> {
  const binary = dovecotBinary();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bt-dovecot-'));
  fs.chmodSync(dir, 0o755);
  for (const sub of ['run', 'state', 'mail', 'passwd.d']) fs.mkdirSync(path.join(dir, sub));
  fs.chownSync(path.join(dir, 'mail'), MAIL_UID, MAIL_UID);
  const [imapPort, lmtpPort] = options.ports
    ? [options.ports.imap, options.ports.lmtp]
    : [await freePort(), await freePort()];
  const configFile = path.join(dir, 'dovecot.conf');
  fs.writeFileSync(configFile, config(dir, imapPort, lmtpPort, options));
  if (options.oauth2IntrospectionUrl)
    fs.writeFileSync(
      path.join(dir, 'oauth2.conf.ext'),
      [
        'introspection_mode = post',
        `introspection_url = ${options.oauth2IntrospectionUrl}`,
        'force_introspection = yes',
        'username_attribute = sub',
        'active_attribute = active',
        'active_value = true',
        '',
      ].join('\n'),
    );
  const users: DovecotUser[] = [];

  const addUser = (user: string, password: string): DovecotUser => {
    fs.writeFileSync(
      path.join(dir, 'passwd.d', user),
      `${user}:{PLAIN}${password}:${MAIL_UID}:${MAIL_UID}::${dir}/mail/${user}::\n`,
    );
    const home = path.join(dir, 'mail', user);
    fs.mkdirSync(home, { recursive: true });
    fs.chownSync(home, MAIL_UID, MAIL_UID);
    const entry = { user, password };
    users.push(entry);
    return entry;
  };
  for (const u of initialUsers) addUser(u.user, u.password);

  const pidFile = path.join(dir, 'run', 'master.pid');
  const logFile = path.join(dir, 'dovecot.log');
  const start = async () => {
    // The master daemonises; it must not inherit our pipes or the call never returns. Right
    // after a crash the old processes may still hold the ports for a moment: try again.
    for (let attempt = 0; ; attempt++) {
      // Dovecot says why it did not start on stderr (a refused config) or, once the config is
      // read, in its log (a port in use): a file stands in for the pipe, and the log is read
      // from where it was.
      const errFile = path.join(dir, 'start-error.txt');
      const stderr = fs.openSync(errFile, 'w');
      const logFrom = fs.existsSync(logFile) ? fs.statSync(logFile).size : 0;
      try {
        execFileSync(binary, ['-c', configFile], { stdio: ['ignore', 'ignore', stderr] });
        break;
      } catch (error) {
        const said = [fs.readFileSync(errFile, 'utf8'), readFrom(logFile, logFrom)]
          .join('\n')
          .trim();
        // Only what a crash leaves behind passes (a port or socket its processes held until the
        // kernel reaped them); anything else would fail 30 times alike.
        if (
          attempt >= 30 ||
          !/Address already in use|already running|Socket already exists/.test(said)
        )
          throw new Error(`Dovecot did not start (${configFile}): ${said || String(error)}`, {
            cause: error,
          });
        await new Promise((r) => setTimeout(r, 100));
      } finally {
        fs.closeSync(stderr);
      }
    }
    await waitForPort(imapPort);
    await waitForPort(lmtpPort);
    // The master may listen before it has written its pid file; stop() and crash() need it.
    for (let i = 0; i < 200 && !fs.existsSync(pidFile); i++)
      await new Promise((r) => setTimeout(r, 10));
  };
  const stop = async () => {
    if (!fs.existsSync(pidFile)) return;
    const pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      fs.rmSync(pidFile, { force: true });
      return;
    }
    // The children (logins, connections, log) are gone a moment after SIGTERM; the master then
    // lingers alone for about 6 s before it exits, for nothing a test needs: it is killed then.
    for (let i = 0; i < 200 && running(pid); i++) {
      if (i >= 4 && processTree(pid).length === 1) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    for (const p of processTree(pid).reverse()) {
      try {
        process.kill(p, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    fs.rmSync(pidFile, { force: true });
  };

  /** Every process of this instance: the master and, recursively, its children. */
  const processTree = (master = Number(fs.readFileSync(pidFile, 'utf8').trim())): number[] => {
    const parents = new Map<number, number[]>();
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
      } catch {
        // the process ended while we looked
      }
    }
    const tree = [master];
    for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i]!) ?? []));
    return tree;
  };

  await start();
  return {
    async crash() {
      // A server that dies (power cut, OOM kill): every connection drops at once. The master is
      // frozen first: a child it forked after the process list was read would outlive it,
      // orphaned, still listening on a socket of run/, and the next start would refuse it
      // ("Socket already exists": seen once in a full run).
      const master = Number(fs.readFileSync(pidFile, 'utf8').trim());
      try {
        process.kill(master, 'SIGSTOP');
      } catch {
        // already gone
      }
      const tree = processTree(master);
      for (const pid of tree.reverse()) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      for (let i = 0; i < 200 && tree.some(running); i++)
        await new Promise((r) => setTimeout(r, 10));
      fs.rmSync(pidFile, { force: true });
    },
    host: '127.0.0.1',
    imapPort,
    lmtpPort,
    dir,
    users,
    mailUid: MAIL_UID,
    homeOf: (user: string) => path.join(dir, 'mail', user),
    addUser,
    start,
    async stop() {
      await stop();
    },
    log: () => fs.readFileSync(logFile, 'utf8'),
  };
}
