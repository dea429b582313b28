import { ErrorCode } from '@brieftaube/shared';
import { AppError } from '../../lib/app-error.ts';
import type { Logger } from '../../lib/logger.ts';
import { SyncCancelledError } from '../../mail/sync/folder-sync.ts';
import { syncAccount, type AccountSyncDeps } from '../../mail/sync/account-sync.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { JobSender } from './job-sender.ts';
import { fetchFailureMessage, fetchSuccessMessage } from './task-messages.ts';
import { cachedCheck, throttledProgress } from './task-progress.ts';
import type { TaskRow, TasksRepository } from './tasks.repository.ts';

export const FETCH_QUEUE = 'mail.fetch';
/** Every other task type runs on the AI's queue (modules/ai/ai-tasks.service.ts). */
const AI_QUEUE = 'ai.task';
const queueOf = (taskType: string) => (taskType === 'FETCH' ? FETCH_QUEUE : AI_QUEUE);

type FetchListener = (accountId: number, userId: string, newEmails: number) => void;
type FetchFollowUp = (accountId: number, userId: string, newEmails: number) => Promise<void>;

export interface TaskStatusDto {
  task_id: string;
  status: string;
  percent: number;
  message: string;
  timestamp: string;
  result: unknown;
  task_type: string;
  account_email: string | null;
}

export interface TasksServiceDeps {
  repo: TasksRepository;
  jobs: JobSender;
  accounts: AccountsService;
  sync: AccountSyncDeps;
  logger?: Logger;
}

function toDto(row: TaskRow): TaskStatusDto {
  return {
    task_id: row.id,
    status: row.status,
    percent: row.percent,
    message: row.message,
    timestamp: row.updatedAt.toISOString(),
    result: row.result ?? null,
    task_type: row.taskType,
    account_email: row.accountEmail,
  };
}

/** The German message of a task whose worker went away (killed, crashed, redeployed). */
export const INTERRUPTED_MESSAGE = 'Der Abruf wurde unterbrochen. Bitte versuchen Sie es erneut.';

/** A queued task is picked up within moments; one still waiting on a dead job is left over. */
const QUEUE_GRACE_MS = 60_000;
const LIVE_JOB_STATES = new Set(['created', 'retry', 'active']);

/** A fetch whose account the user deleted meanwhile: what they asked for, so no error card. */
const ACCOUNT_DELETED = {
  status: 'REVOKED' as const,
  message: 'Das E-Mail-Konto wurde gelöscht.',
  result: { error_code: 'ACCOUNT_NOT_FOUND' },
};

export function createTasksService(deps: TasksServiceDeps) {
  const { repo, jobs, accounts } = deps;
  const fetchListeners = new Set<FetchListener>();
  const fetchFollowUps = new Set<FetchFollowUp>();

  const accountExists = (userId: string, accountId: number) =>
    accounts.requireAccount(userId, accountId).then(
      () => true,
      (error: unknown) => !(error instanceof AppError && error.code === ErrorCode.NOT_FOUND),
    );
  /**
   * Ends the tasks whose worker is gone (ADR 0019); their pg-boss jobs, still "active" for a dead
   * process, are cancelled so that nothing counts them as running.
   */
  async function failInterrupted(userId: string | undefined): Promise<number> {
    const jobIds = await repo.failInterrupted(userId, INTERRUPTED_MESSAGE, 10, 60);
    // Tidying only: no request waits for it (nor for a queue that has not started yet).
    for (const jobId of jobIds) if (jobId) void jobs.cancel(FETCH_QUEUE, jobId);
    return jobIds.length;
  }

  /** Whether a queued task still has a job that some worker will take or has taken. */
  async function queuedJobAlive(task: TaskRow): Promise<boolean> {
    const waited = Date.now() - task.createdAt.getTime();
    // Sent a moment ago, or being sent by the request that created the task.
    if (!task.jobId) return waited < QUEUE_GRACE_MS;
    const state = await jobs.state(FETCH_QUEUE, task.jobId);
    if (!state || !LIVE_JOB_STATES.has(state)) return false;
    // A worker takes the job and claims the task in one go; taken long ago but never claimed,
    // the worker died in between.
    return state !== 'active' || waited < QUEUE_GRACE_MS;
  }

  /** `timeZone`: the asking browser's (validated), for the dates the sync writes into text. */
  async function startFetch(
    userId: string,
    accountId: number,
    timeZone?: string,
  ): Promise<{ task_id: string }> {
    const account = await accounts.requireAccount(userId, accountId);
    if (timeZone && timeZone !== account.timeZone)
      await accounts.setTimeZone(userId, accountId, timeZone);
    // A second click while the account is being fetched joins that fetch: one more run would
    // only repeat it, and each would show its own card. A fetch whose worker is gone does not
    // count: it ends here as interrupted, and the new one runs.
    await failInterrupted(userId);
    const running = await repo.unfinishedFetch(accountId);
    if (running?.status === 'PENDING' && !(await queuedJobAlive(running))) {
      await repo.updateIfRunning(running.id, {
        status: 'FAILURE',
        message: INTERRUPTED_MESSAGE,
        result: { error_code: 'INTERRUPTED' },
      });
      if (running.jobId) void jobs.cancel(FETCH_QUEUE, running.jobId);
    } else if (running) return { task_id: running.id };
    const task = await repo.insert({
      userId,
      accountId,
      accountEmail: account.emailAddress,
      taskType: 'FETCH',
    });
    const jobId = await jobs.send(FETCH_QUEUE, { taskId: task.id });
    if (jobId) await repo.updateIfRunning(task.id, { jobId });
    return { task_id: task.id };
  }

  return {
    startFetch,

    /** At start-up: every task whose worker is gone ends now, not when its user next looks. */
    async failInterruptedTasks(): Promise<void> {
      const ended = await failInterrupted(undefined);
      if (ended > 0) deps.logger?.info({ ended }, 'interrupted tasks ended');
    },

    /** Called after each successful fetch in this process (the live sync starts watching). */
    onFetchSucceeded(listener: FetchListener): () => void {
      fetchListeners.add(listener);
      return () => fetchListeners.delete(listener);
    },

    /**
     * Work a successful fetch starts before it reports SUCCESS: a client that sees the fetch end
     * finds the follow-up task (the categorisation of the new mail) already listed, and what it
     * changes afterwards (a category created a moment later) cannot be read by that decision.
     * A follow-up that fails is logged; the fetch still succeeds.
     */
    beforeFetchSucceeds(followUp: FetchFollowUp): () => void {
      fetchFollowUps.add(followUp);
      return () => fetchFollowUps.delete(followUp);
    },

    async startFetchAll(
      userId: string,
      timeZone?: string,
    ): Promise<{ tasks: { task_id: string }[] }> {
      const list = await accounts.list(userId);
      const started = [];
      for (const account of list) started.push(await startFetch(userId, account.id, timeZone));
      return { tasks: started };
    },

    /** Spec §7: an object keyed by task_id, and only the caller's tasks. */
    async statusAll(userId: string): Promise<Record<string, TaskStatusDto>> {
      // Never let a card spin for work that no process is doing any more.
      await failInterrupted(userId);
      const rows = await repo.recentForUser(userId);
      return Object.fromEntries(rows.map((row) => [row.id, toDto(row)]));
    },

    async revoke(userId: string, taskId: string): Promise<TaskStatusDto> {
      const task = await repo.findForUser(userId, taskId);
      if (!task) throw AppError.notFound('Task');
      if (
        await repo.updateIfRunning(task.id, {
          status: 'REVOKED',
          message: 'Aufgabe wurde abgebrochen.',
        })
      ) {
        if (task.jobId) await jobs.cancel(queueOf(task.taskType), task.jobId);
      }
      return toDto((await repo.find(task.id))!);
    },

    /**
     * The body of a fetch job: runs the sync and keeps the task record current. `workerKey` is
     * this process's presence (worker-presence.ts): the task carries it while it runs, so any
     * process sees at once when this one is gone. Without it only the silence rule applies.
     */
    async runFetch(taskId: string, workerKey?: number): Promise<void> {
      const task = await repo.find(taskId);
      if (!task || task.status !== 'PENDING') return;
      if (task.accountId === null) {
        // The account was deleted while the fetch waited in the queue: called off, no error.
        await repo.updateIfRunning(taskId, ACCOUNT_DELETED);
        return;
      }
      const claimed = await repo.claim(taskId, workerKey ?? null, {
        percent: 1,
        message: 'Verbindung zum Mailserver wird aufgebaut …',
      });
      if (!claimed) return;
      // Revoked by the user, or ended as interrupted by another process that took this one for
      // gone (its presence connection dropped for a moment): either way, this run stops.
      const isCancelled = cachedCheck(async () => (await repo.find(taskId))?.status !== 'STARTED');
      const progress = throttledProgress((p: { percent: number; message: string }) =>
        repo.updateIfRunning(taskId, p),
      );
      try {
        const result = await syncAccount(deps.sync, task.userId, task.accountId, {
          isCancelled,
          onProgress: ({ percent, message }) => progress.report({ percent, message }),
        }).finally(() => progress.stop());
        await accounts.markSynced(task.userId, task.accountId, null);
        for (const followUp of fetchFollowUps)
          await followUp(task.accountId, task.userId, result.new_emails).catch((err: unknown) =>
            deps.logger?.warn({ err, taskId }, 'a follow-up of the fetch failed'),
          );
        await repo.updateIfRunning(taskId, {
          status: 'SUCCESS',
          percent: 100,
          message: fetchSuccessMessage(
            result.new_emails,
            result.skipped_folders,
            result.unreadable,
          ),
          result,
        });
        for (const listener of fetchListeners)
          listener(task.accountId, task.userId, result.new_emails);
      } catch (error) {
        if (error instanceof SyncCancelledError) return;
        if (!(await accountExists(task.userId, task.accountId))) {
          await repo.updateIfRunning(taskId, ACCOUNT_DELETED);
          return;
        }
        const failure = fetchFailureMessage(error);
        deps.logger?.warn({ taskId, code: failure.code, err: error }, 'fetch task failed');
        await accounts
          .markSynced(task.userId, task.accountId, failure.message)
          .catch(() => undefined);
        await repo.updateIfRunning(taskId, {
          status: 'FAILURE',
          message: failure.message,
          result: { error_code: failure.code },
        });
      }
    },
  };
}

export type TasksService = ReturnType<typeof createTasksService>;
