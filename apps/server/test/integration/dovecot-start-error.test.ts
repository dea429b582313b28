import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDovecot, type Dovecot } from '@brieftaube/test-support/dovecot.ts';

// `npm run demo` and every mail test start Dovecot this way: when it refuses, the person at the
// terminal needs Dovecot's own reason, not only "Command failed" and an exit status.
describe('a Dovecot that does not start says why', () => {
  let dovecot: Dovecot | undefined;
  afterEach(async () => {
    await dovecot?.stop();
    dovecot = undefined;
  });

  /** A Dovecot that ran and is gone, with its config file edited for the next start. */
  async function downWithConfig(edit: (config: string) => string): Promise<Dovecot> {
    const server = await startDovecot();
    dovecot = server;
    // The master writes its pid file just after it listens; crash() reads it.
    await expect.poll(() => fs.existsSync(path.join(server.dir, 'run', 'master.pid'))).toBe(true);
    await server.crash();
    const file = path.join(server.dir, 'dovecot.conf');
    fs.writeFileSync(file, edit(fs.readFileSync(file, 'utf8')));
    return server;
  }

  it('names the setting of a configuration Dovecot rejects', async () => {
    const server = await downWithConfig((config) => `${config}\nkein_solcher_schalter = 1\n`);
    await expect(server.start()).rejects.toThrow(
      /Error in configuration file .*dovecot\.conf line \d+: Unknown setting: kein_solcher_schalter/,
    );
  });

  it('names the address it cannot listen on', async () => {
    // TEST-NET-1 (RFC 5737) is no address of this machine: Dovecot accepts the config, then its
    // listener fails, and it says so in its log rather than on stderr.
    const server = await downWithConfig((config) =>
      config.replace(/address = 127\.0\.0\.1(\s+port = \d+)/, 'address = 192.0.2.1$1'),
    );
    await expect(server.start()).rejects.toThrow(
      `listen(192.0.2.1, ${server.imapPort}) failed: Cannot assign requested address`,
    );
  });
});
