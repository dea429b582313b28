import { afterAll, describe, expect, it } from 'vitest';
import { buildMessage } from '@brieftaube/test-support/mailbox.ts';
import { EmptyMessageError } from '../../src/mail/mime/parse-message.ts';
import { createParsePool } from '../../src/mail/mime/parse-pool.ts';

describe('parse pool (worker threads)', () => {
  const pool = createParsePool(2);
  afterAll(() => pool.close());

  it('parses many messages in parallel and keeps each answer with its message', async () => {
    const sources = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        buildMessage({ subject: `Nr. ${i}`, text: `Inhalt Nummer ${i}\n\n-- \nSignatur` }),
      ),
    );
    const bodies = await Promise.all(sources.map((s) => pool.parse(s)));
    bodies.forEach((body, i) => {
      expect(body.text).toContain(`Inhalt Nummer ${i}`);
      expect(body.searchText).toBe(`Inhalt Nummer ${i}`);
    });
  });

  it('a crashed worker fails only its own jobs and is replaced', async () => {
    const fragile = createParsePool(
      1,
      new URL('../fixtures/crashing-parse-worker.ts', import.meta.url),
    );
    try {
      await expect(fragile.parse(Buffer.from('CRASH'))).rejects.toThrow(/exit 3/);
      await expect(fragile.parse(Buffer.from('danach'))).resolves.toMatchObject({
        text: 'danach',
      });
    } finally {
      await fragile.close();
    }
  });

  it('reports a message without any content as such', async () => {
    const empty = Buffer.from('Content-Type: text/plain\r\nX-Test: 1\r\n\r\n');
    await expect(pool.parse(empty)).rejects.toBeInstanceOf(EmptyMessageError);
  });

  it('starts workers on demand and stops them when left idle', async () => {
    const source = await buildMessage({ subject: 'Ruhe', text: 'Nach der Arbeit' });
    const idle = createParsePool(2, undefined, 300);
    try {
      expect(idle.running()).toBe(0);
      // One message needs one worker, not the whole pool (each holds tens of MB).
      await idle.parse(source);
      expect(idle.running()).toBe(1);
      await Promise.all([idle.parse(source), idle.parse(source), idle.parse(source)]);
      expect(idle.running()).toBe(2);
      await new Promise((r) => setTimeout(r, 1000));
      expect(idle.running()).toBe(0);
      // The next job starts a worker again.
      expect((await idle.parse(source)).text).toContain('Nach der Arbeit');
      expect(idle.running()).toBe(1);
    } finally {
      await idle.close();
    }
    // Three worker starts; each loads its modules (seconds on a busy machine).
  }, 60_000);
});
