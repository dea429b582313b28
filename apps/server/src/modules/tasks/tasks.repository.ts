import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tasks } from '../../db/schema/index.ts';
import { WORKER_LOCK_CLASS } from './worker-presence.ts';

export type TaskRow = typeof tasks.$inferSelect;
export type NewTaskRow = typeof tasks.$inferInsert;
/** The German message of a task other than a fetch whose worker went away. */
export const TASK_INTERRUPTED_MESSAGE =
  'Die Aufgabe wurde unterbrochen. Bitte versuchen Sie es erneut.';
export const FINISHED_STATUSES = ['SUCCESS', 'FAILURE', 'REVOKED'] as const;

export function createTasksRepository(db: Db) {
  return {
    async insert(values: NewTaskRow): Promise<TaskRow> {
      const [row] = await db.insert(tasks).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async find(id: string): Promise<TaskRow | undefined> {
      const [row] = await db.select().from(tasks).where(eq(tasks.id, id)).limit(1);
      return row;
    },

    async findForUser(userId: string, id: string): Promise<TaskRow | undefined> {
      const [row] = await db
        .select()
        .from(tasks)
        .where(and(eq(tasks.userId, userId), eq(tasks.id, id)))
        .limit(1);
      return row;
    },

    /**
     * A new task (not a fetch) unless the user has `max` of them queued or running; undefined
     * then. Counted and inserted under a lock of the user's, so that requests side by side
     * cannot all count the same nine.
     */
    async insertUnlessBusy(values: NewTaskRow, max: number): Promise<TaskRow | undefined> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`tasks:${values.userId}`}))`);
        const [row] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(tasks)
          .where(
            and(
              eq(tasks.userId, values.userId),
              sql`${tasks.taskType} <> 'FETCH'`,
              sql`${tasks.status} IN ('PENDING', 'STARTED')`,
            ),
          );
        if ((row?.n ?? 0) >= max) return undefined;
        const [task] = await tx.insert(tasks).values(values).returning();
        return task;
      });
    },

    /** The account's fetch that is queued or running, if there is one. */
    async unfinishedFetch(accountId: number): Promise<TaskRow | undefined> {
      const [row] = await db
        .select()
        .from(tasks)
        .where(
          and(
            eq(tasks.accountId, accountId),
            eq(tasks.taskType, 'FETCH'),
            sql`${tasks.status} IN ('PENDING', 'STARTED')`,
          ),
        )
        .orderBy(desc(tasks.createdAt))
        .limit(1);
      return row;
    },

    /** Unfinished tasks, and finished ones long enough for the client to show their outcome. */
    recentForUser(userId: string): Promise<TaskRow[]> {
      return db
        .select()
        .from(tasks)
        .where(
          and(
            eq(tasks.userId, userId),
            sql`(${tasks.status} NOT IN ('SUCCESS', 'FAILURE', 'REVOKED') OR ${tasks.updatedAt} > now() - interval '5 minutes')`,
          ),
        )
        .orderBy(desc(tasks.createdAt))
        .limit(100);
    },

    /**
     * Ends tasks whose worker is gone, for one user or (at start-up) for all: a running task whose
     * process no longer holds its presence lock (killed, crashed, its machine lost) at once; and,
     * whatever the process says, one silent for `startedMinutes` (a worker alive but stuck, or a
     * task from before worker keys), or still queued after `pendingMinutes` (no worker at all).
     * Returns the ended tasks' pg-boss jobs (null where none was sent).
     */
    async failInterrupted(
      userId: string | undefined,
      message: string,
      startedMinutes: number,
      pendingMinutes: number,
    ): Promise<(string | null)[]> {
      const rows = await db
        .update(tasks)
        .set({
          status: 'FAILURE',
          // The fetch's message names the fetch; any other task (the AI's) is "the task".
          message: sql`CASE WHEN ${tasks.taskType} = 'FETCH' THEN ${message} ELSE ${TASK_INTERRUPTED_MESSAGE} END`,
          result: { error_code: 'INTERRUPTED' },
          updatedAt: new Date(),
        })
        .where(
          and(
            userId === undefined ? undefined : eq(tasks.userId, userId),
            sql`((${tasks.status} = 'STARTED' AND ${tasks.updatedAt} < now() - make_interval(mins => ${startedMinutes}))
              OR (${tasks.status} = 'PENDING' AND ${tasks.updatedAt} < now() - make_interval(mins => ${pendingMinutes}))
              OR (${tasks.status} = 'STARTED' AND ${tasks.workerKey} IS NOT NULL AND NOT EXISTS (
                SELECT 1 FROM pg_locks l
                WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
                  AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                  AND l.classid = ${WORKER_LOCK_CLASS}::int::oid
                  AND l.objid = ${tasks.workerKey}::oid)))`,
          ),
        )
        .returning({ jobId: tasks.jobId });
      return rows.map((row) => row.jobId);
    },

    /** PENDING → STARTED for the worker with this presence key; false when it was not queued. */
    async claim(
      id: string,
      workerKey: number | null,
      patch: Partial<NewTaskRow>,
    ): Promise<boolean> {
      const rows = await db
        .update(tasks)
        .set({ ...patch, status: 'STARTED', workerKey, updatedAt: new Date() })
        .where(and(eq(tasks.id, id), eq(tasks.status, 'PENDING')))
        .returning({ id: tasks.id });
      return rows.length === 1;
    },

    /** Updates an unfinished task; a revoked or finished one is left alone (returns false). */
    async updateIfRunning(id: string, patch: Partial<NewTaskRow>): Promise<boolean> {
      const rows = await db
        .update(tasks)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(tasks.id, id), sql`${tasks.status} NOT IN ('SUCCESS', 'FAILURE', 'REVOKED')`))
        .returning({ id: tasks.id });
      return rows.length === 1;
    },
  };
}

export type TasksRepository = ReturnType<typeof createTasksRepository>;
