import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/env.ts';

describe('configuration', () => {
  it('runs on defaults: embedded database in ./data, port 3000', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.RUN_JOBS).toBe(true);
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({ PORT: 'achtzig', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('DATABASE_URL');
      expect(problems).toContain('LOG_LEVEL');
    }
  });

  it('requires a shared APP_SECRET with a server database', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/brieftaube' })).toThrow(
      /APP_SECRET/,
    );
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://localhost/x', APP_SECRET: 'short' }),
    ).toThrow(/at least 32/);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://localhost/x', APP_SECRET: 'x'.repeat(32) })
        .DATABASE_URL,
    ).toBe('postgres://localhost/x');
  });

  it('needs a chat model with an AI server, and no AI server by default', () => {
    expect(loadConfig({}).AI_BASE_URL).toBeUndefined();
    expect(() => loadConfig({ AI_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(
      /AI_CHAT_MODEL: is required when AI_BASE_URL is set/,
    );
    expect(() => loadConfig({ AI_BASE_URL: 'ftp://x', AI_CHAT_MODEL: 'm' })).toThrow(/AI_BASE_URL/);
    const config = loadConfig({ AI_BASE_URL: 'http://127.0.0.1:11434/v1', AI_CHAT_MODEL: 'm' });
    expect(config).toMatchObject({ AI_CHAT_MODEL: 'm', AI_TIMEOUT_SECONDS: 60 });
  });

  it('checks the mail host allow-list and names every entry it cannot read', () => {
    expect(loadConfig({ MAIL_ALLOWED_HOSTS: 'mail.intern, 10.0.0.0/8, fd00::/8' })).toMatchObject({
      MAIL_ALLOWED_HOSTS: 'mail.intern, 10.0.0.0/8, fd00::/8',
      MAIL_MAX_CONNECTIONS_PER_ACCOUNT: 5,
      MAIL_MAX_CONNECTIONS_PER_SERVER: 20,
    });
    expect(() =>
      loadConfig({ MAIL_ALLOWED_HOSTS: '10.0.0.0/40, http://mail, ok.example' }),
    ).toThrow(
      /MAIL_ALLOWED_HOSTS: not a host name, IP address or CIDR range: 10.0.0.0\/40, http:\/\/mail/,
    );
    // An IDLE session may hold all but one of an account's sessions: one is left for work.
    expect(() => loadConfig({ MAIL_MAX_CONNECTIONS_PER_ACCOUNT: '1' })).toThrow(
      /MAIL_MAX_CONNECTIONS_PER_ACCOUNT/,
    );
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).DATABASE_URL).toBeUndefined();
  });
});

describe('.env.example', () => {
  it('lists every variable the server reads', async () => {
    const { configVariableNames } = await import('../../src/config/env.ts');
    const fs = await import('node:fs');
    const example = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../../.env.example'),
      'utf8',
    );
    const listed = new Set([...example.matchAll(/^([A-Z_]+)=/gm)].map((m) => m[1]));
    expect(configVariableNames.filter((name) => !listed.has(name))).toEqual([]);
  });
});
