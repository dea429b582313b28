import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tasks } from '../../db/schema/index.ts';

export type TaskRow = typeof tasks.$inferSelect;
export type NewTaskRow = typeof tasks.$inferInsert;
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
     * Ends the user's tasks that stopped moving: a running task reports progress at least every
     * batch, so one silent for `startedMinutes` lost its worker (crash, deploy); one still queued
     * after `pendingMinutes` found no worker at all.
     */
    async failStale(
      userId: string,
      message: string,
      startedMinutes: number,
      pendingMinutes: number,
    ): Promise<void> {
      await db
        .update(tasks)
        .set({
          status: 'FAILURE',
          message,
          result: { error_code: 'INTERRUPTED' },
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(tasks.userId, userId),
            sql`((${tasks.status} = 'STARTED' AND ${tasks.updatedAt} < now() - make_interval(mins => ${startedMinutes}))
              OR (${tasks.status} = 'PENDING' AND ${tasks.updatedAt} < now() - make_interval(mins => ${pendingMinutes})))`,
          ),
        );
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
