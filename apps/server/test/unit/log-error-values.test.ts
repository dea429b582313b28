import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger.ts';

/** What a logger writes for one error, as text. */
function logged(err: unknown): string {
  let out = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      out += String(chunk);
      done();
    },
  });
  createLogger('info', stream).error({ err }, 'query failed');
  return out;
}

describe('an error of a failed query in the log', () => {
  it('keeps the SQL and drops the values, in the message, the stack, params and the cause', () => {
    // A user's text may span lines and look like a stack frame.
    const secret = 'Entwurf GEHEIM\n    at zeile zwei GEHEIM2';
    const cause = Object.assign(new Error('invalid input syntax for type bigint: "GEHEIM4"'), {
      code: '22P02',
      detail: 'Key (name)=(GEHEIM3) already exists.',
      where: 'JSON data, line 1: {"q":"GEHEIM5',
    });
    const line = logged(
      new DrizzleQueryError('insert into "tasks" ("result") values ($1)', [secret, 42], cause),
    );
    expect(line).not.toMatch(/GEHEIM/);
    const { err } = JSON.parse(line) as {
      err: { message: string; stack: string; query: string; params: string; cause: object };
    };
    expect(err.query).toBe('insert into "tasks" ("result") values ($1)');
    expect(err.message).toBe(
      'Failed query: insert into "tasks" ("result") values ($1)\nparams: [redacted]',
    );
    expect(err.stack).toContain('params: [redacted]\n    at ');
    expect(err.params).toBe('[redacted]');
    expect(err.cause).toMatchObject({
      message: 'invalid input syntax for type bigint: "[redacted]"',
      detail: '[redacted]',
      where: '[redacted]',
    });
  });

  it('leaves every other error as it was', () => {
    const { err } = JSON.parse(logged(new Error('connect ECONNREFUSED 127.0.0.1:993'))) as {
      err: { message: string };
    };
    expect(err.message).toBe('connect ECONNREFUSED 127.0.0.1:993');
  });
});
