import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, startTestApp, type TestApp } from '@brieftaube/test-support/test-app.ts';
import { startJobQueue, type JobQueue } from '../../src/jobs/job-queue.ts';
import { createLogger } from '../../src/lib/logger.ts';

describe.each(DATABASE_KINDS)('pg-boss job queue on %s', (kind) => {
  let t: TestApp;
  let queue: JobQueue;
  beforeAll(async () => {
    t = await startTestApp(kind);
    queue = await startJobQueue(t.database, { logger: createLogger('silent'), work: true });
  });
  afterAll(async () => {
    await queue?.stop();
    await t?.close();
  });

  it('runs a job sent to a queue on the same database and records its completion', async () => {
    await queue.boss.createQueue('test.echo');
    const seen = new Promise<unknown>((resolve) => {
      void queue.boss.work<{ word: string }>(
        'test.echo',
        { pollingIntervalSeconds: 0.5 },
        async ([job]) => {
          resolve(job?.data);
        },
      );
    });
    const id = await queue.boss.send('test.echo', { word: 'Brieftaube' });
    expect(id).toBeTruthy();
    expect(await seen).toEqual({ word: 'Brieftaube' });
  });

  it('schedules the maintenance job', async () => {
    const schedules = await queue.boss.getSchedules();
    expect(schedules.map((s) => s.name)).toContain('maintenance.cleanup');
  });
});
