import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiUser, type ApiUser } from '@brieftaube/test-support/api-user.ts';
import { createTasksRepository } from '@brieftaube/server/modules/tasks/tasks.repository.ts';
import { waitForTask } from '@brieftaube/test-support/mail-fixtures.ts';
import {
  DATABASE_KINDS,
  queryRows,
  startTestApp,
  type TestApp,
} from '@brieftaube/test-support/test-app.ts';

/**
 * A client that fires AI requests in a loop is held at a few unfinished tasks per user. A task
 * of an empty mailbox is answered in milliseconds, so the backlog of a loaded server is written
 * into the task table (ten questions still waiting), as a queue that does not keep up leaves it.
 */
describe.each(DATABASE_KINDS)('AI tasks a user may have waiting on %s', (kind) => {
  let t: TestApp;
  let user: ApiUser;
  let other: ApiUser;
  beforeAll(async () => {
    t = await startTestApp(kind, {}, { jobs: true });
    [user, other] = await Promise.all([
      registerApiUser(t.app, 'kilimit'),
      registerApiUser(t.app, 'kilimit2'),
    ]);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const ask = (who: ApiUser, question: string) =>
    who.request({ method: 'POST', url: '/api/tasks/ai-question/', payload: { question } });

  it('are ten; the eleventh is a German 429 that queues nothing, and others are not held', async () => {
    const [{ id }] = await queryRows<{ id: string }>(
      t.database.db,
      sql`SELECT id FROM users WHERE username = ${user.username}`,
    );
    const waiting = () =>
      queryRows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM tasks WHERE user_id = ${id}`,
      );
    for (let i = 0; i < 9; i++)
      await t.database.db.execute(
        sql`INSERT INTO tasks (user_id, task_type, status) VALUES (${id}, 'AI_QUESTION', 'PENDING')`,
      );
    // The tenth is still taken.
    const tenth = await ask(user, 'Die zehnte Frage?');
    expect(tenth.statusCode).toBe(202);
    // Put back to waiting only once the worker is done with it: set back before that, the worker
    // ended it afterwards and left nine waiting (a fresh clone's run on PostgreSQL, once).
    const tenthId = tenth.json<{ task_id: string }>().task_id;
    expect((await waitForTask(user, tenthId)).status).toBe('SUCCESS');
    await t.database.db.execute(sql`UPDATE tasks SET status = 'PENDING' WHERE id = ${tenthId}`);
    const refused = await ask(user, 'Noch eine Frage?');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json<{ error: { code: string; message: string } }>().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Es warten schon zehn KI-Aufgaben. Bitte warten Sie, bis eine davon fertig ist.',
    });
    expect(await waiting()).toEqual([{ n: 10 }]);
    // Another user's tasks are theirs to count.
    const theirs = await ask(other, 'Meine Frage?');
    expect(theirs.statusCode).toBe(202);
    expect((await waitForTask(other, theirs.json<{ task_id: string }>().task_id)).status).toBe(
      'SUCCESS',
    );
    // Finished tasks do not count: once the waiting ones end, the user asks again.
    await t.database.db.execute(sql`UPDATE tasks SET status = 'SUCCESS' WHERE user_id = ${id}`);
    expect((await ask(user, 'Jetzt wieder?')).statusCode).toBe(202);
    // Requests side by side are counted one after the other (the worker above ends tasks as
    // they come, so the store is asked directly): eight waiting, twelve at once, ten in the end.
    await t.database.db.execute(sql`UPDATE tasks SET status = 'SUCCESS' WHERE user_id = ${id}`);
    for (let i = 0; i < 8; i++)
      await t.database.db.execute(
        sql`INSERT INTO tasks (user_id, task_type, status) VALUES (${id}, 'AI_QUESTION', 'PENDING')`,
      );
    const repo = createTasksRepository(t.database.db);
    const burst = await Promise.all(
      Array.from({ length: 12 }, () =>
        repo.insertUnlessBusy({ userId: id, taskType: 'AI_QUESTION' }, 10),
      ),
    );
    expect(burst.filter((task) => task !== undefined)).toHaveLength(2);
    const [unfinished] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM tasks WHERE user_id = ${id}
            AND status IN ('PENDING', 'STARTED')`,
    );
    expect(unfinished).toEqual({ n: 10 });
  });
});
