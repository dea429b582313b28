import { ErrorCode, FieldErrorCode } from '@brieftaube/shared';
import { z } from 'zod';
import { AiCancelledError, NO_ANSWER_BUT_TOPIC, NOTHING_FOUND, type Ai } from '../../ai/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Logger } from '../../lib/logger.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { CategoriesService } from '../categories/categories.service.ts';
import type { JobSender } from '../tasks/job-sender.ts';
import { cachedCheck, throttledProgress } from '../tasks/task-progress.ts';
import type { TasksRepository } from '../tasks/tasks.repository.ts';

export const AI_QUEUE = 'ai.task';

export const AI_TASK_TYPES = [
  'AI_CATEGORIZE',
  'AI_SEARCH',
  'AI_QUESTION',
  'AI_SUGGESTION',
  'CLUSTER_REFINE',
] as const;
export type AiTaskType = (typeof AI_TASK_TYPES)[number];

const categorizeParams = z.object({
  accountIds: z.array(z.number()),
  emailIds: z.array(z.number()).optional(),
  newMailOnly: z.boolean().optional(),
  reclassifyUncategorizedOnly: z.boolean(),
});
const jobPayload = z.discriminatedUnion('type', [
  z.object({ type: z.literal('AI_CATEGORIZE'), params: categorizeParams }),
  // `timeZone`: the asking browser's, so that "gestern" is the user's yesterday.
  z.object({
    type: z.literal('AI_SEARCH'),
    params: z.object({ query: z.string(), timeZone: z.string().optional() }),
  }),
  z.object({
    type: z.literal('AI_QUESTION'),
    params: z.object({ question: z.string(), timeZone: z.string().optional() }),
  }),
  z.object({
    type: z.literal('AI_SUGGESTION'),
    params: z.object({
      toRecipients: z.array(z.string()),
      subject: z.string(),
      context: z.string(),
    }),
  }),
  z.object({ type: z.literal('CLUSTER_REFINE'), params: z.object({ accountId: z.number() }) }),
]);
export type AiJob = z.infer<typeof jobPayload>;
export const aiJobData = z.object({ taskId: z.uuid(), job: jobPayload });

// Task cards show these as they are (spec §2, §4): German, and they say what the task does.
const STARTED: Record<AiTaskType, string> = {
  AI_CATEGORIZE: 'E-Mails werden von der KI kategorisiert …',
  AI_SEARCH: 'Die KI durchsucht Ihre E-Mails …',
  AI_QUESTION: 'Die KI sucht die Antwort in Ihren E-Mails …',
  AI_SUGGESTION: 'Die KI schreibt einen Vorschlag …',
  CLUSTER_REFINE: 'Die KI sucht Gruppen ähnlicher E-Mails …',
};
const FAILED = 'Die KI-Aufgabe ist fehlgeschlagen. Bitte versuchen Sie es erneut.';
const number = (n: number) => new Intl.NumberFormat('de-DE').format(n);
const mails = (n: number) => (n === 1 ? '1 E-Mail' : `${number(n)} E-Mails`);

function successMessage(job: AiJob, result: unknown): string {
  switch (job.type) {
    case 'AI_CATEGORIZE': {
      const r = result as {
        categorized: number;
        uncertain: number;
        taken_back?: number;
        note?: string;
      };
      // Mail the AI filed in an earlier run may go back: said, not hidden in "bleiben".
      const back = r.taken_back
        ? `, ${r.taken_back === r.uncertain ? '' : `${number(r.taken_back)} davon `}aus ihrer bisherigen Kategorie genommen`
        : '';
      // The model's failure is said on the task card too, not only in the result.
      return `Kategorisierung abgeschlossen: ${mails(r.categorized)} einsortiert${
        r.uncertain ? `, ${number(r.uncertain)} unsicher (in „Ohne Kategorie“${back})` : ''
      }.${r.note ? ` ${r.note}` : ''}`;
    }
    case 'AI_SEARCH': {
      const { results, more } = result as { results: unknown[]; more?: boolean };
      const n = results.length;
      return n === 0
        ? 'KI-Suche abgeschlossen: keine Treffer.'
        : more
          ? `KI-Suche abgeschlossen: die ${n} besten Treffer, es gibt weitere.`
          : `KI-Suche abgeschlossen: ${n === 1 ? '1 Treffer' : `${n} Treffer`}.`;
    }
    case 'AI_QUESTION': {
      const { answer } = result as { answer: string };
      return answer === NOTHING_FOUND
        ? NOTHING_FOUND
        : answer.startsWith(NO_ANSWER_BUT_TOPIC)
          ? 'Keine Antwort gefunden, aber eine E-Mail zum Thema.'
          : 'Die Frage wurde aus Ihren E-Mails beantwortet.';
    }
    case 'AI_SUGGESTION':
      return 'Vorschlag erstellt.';
    case 'CLUSTER_REFINE': {
      const n = (result as { proposals: unknown[] }).proposals.length;
      return n === 0
        ? 'Cluster-Analyse abgeschlossen: keine neuen Kategorievorschläge.'
        : `Cluster-Analyse abgeschlossen: ${n === 1 ? '1 Kategorievorschlag' : `${n} Kategorievorschläge`}.`;
    }
  }
}

/** AI tasks a user may have queued or running at once (ADR 0023). */
export const MAX_UNFINISHED_PER_USER = 10;

/** A task whose job could not be queued (the database refused it). */
const NOT_QUEUED_MESSAGE =
  'Die Aufgabe konnte nicht gestartet werden. Bitte versuchen Sie es erneut.';

export interface AiTasksDeps {
  repo: TasksRepository;
  jobs: JobSender;
  accounts: AccountsService;
  categories: CategoriesService;
  ai: Ai;
  logger?: Logger;
}

/** The AI's tasks (spec §7): queued on pg-boss, run by any worker, polled like a fetch. */
export function createAiTasksService(deps: AiTasksDeps) {
  const { repo, jobs, accounts, ai } = deps;

  async function start(
    userId: string,
    job: AiJob,
    accountId?: number,
    { limited = true }: { limited?: boolean } = {},
  ) {
    const account =
      accountId === undefined ? undefined : await accounts.requireAccount(userId, accountId);
    const values = {
      userId,
      accountId: account?.id ?? null,
      accountEmail: account?.emailAddress ?? null,
      taskType: job.type,
    };
    // A client that fires requests in a loop would fill the queue (and the task list every tab
    // polls) for everyone: a person waits for a few answers at a time.
    const task = limited
      ? await repo.insertUnlessBusy(values, MAX_UNFINISHED_PER_USER)
      : await repo.insert(values);
    if (!task) {
      const error = new AppError(
        ErrorCode.RATE_LIMITED,
        'Too many unfinished AI tasks',
        undefined,
        {
          'retry-after': '5',
        },
      );
      error.subject = 'AI tasks';
      throw error;
    }
    let jobId: string | null;
    try {
      jobId = await jobs.send(AI_QUEUE, { taskId: task.id, job });
    } catch (error) {
      // Not queued: the task would wait for a job that never comes. It ends now, and the caller
      // gets the error.
      await repo
        .updateIfRunning(task.id, {
          status: 'FAILURE',
          message: NOT_QUEUED_MESSAGE,
          result: { error_code: 'NOT_QUEUED' },
        })
        .catch(() => undefined);
      throw error;
    }
    if (jobId) await repo.updateIfRunning(task.id, { jobId });
    return { task_id: task.id };
  }

  return {
    async startCategorize(
      userId: string,
      input: {
        account_id?: number | undefined;
        email_pks?: number[] | undefined;
        reclassify_uncategorized_only?: boolean | undefined;
      },
    ) {
      let accountIds: number[];
      if (input.account_id !== undefined) {
        await accounts.requireAccount(userId, input.account_id);
        accountIds = [input.account_id];
      } else accountIds = (await accounts.list(userId)).map((a) => a.id);
      let emailIds: number[] | undefined;
      if (input.email_pks?.length) {
        emailIds = [...new Set(input.email_pks)];
        // Another user's mail is not found, as on every other route; and nothing is queued.
        const owned = await ai.repo.ownedEmailIds(userId, emailIds);
        if (owned.length !== emailIds.length) throw AppError.notFound('Email');
      }
      return start(
        userId,
        {
          type: 'AI_CATEGORIZE',
          params: {
            accountIds,
            ...(emailIds ? { emailIds } : {}),
            reclassifyUncategorizedOnly: input.reclassify_uncategorized_only ?? false,
          },
        },
        input.account_id,
      );
    },

    /** After a fetch brought new mail into an account with categories: file it. */
    async startAfterFetch(userId: string, accountId: number): Promise<void> {
      if ((await ai.repo.accountsWithCategories(userId, [accountId])).length === 0) return;
      await start(
        userId,
        {
          type: 'AI_CATEGORIZE',
          params: { accountIds: [accountId], newMailOnly: true, reclassifyUncategorizedOnly: true },
        },
        accountId,
        // Not the user's request: the new mail is filed whatever else is waiting.
        { limited: false },
      );
    },

    startSearch: (userId: string, query: string, timeZone?: string) =>
      start(userId, {
        type: 'AI_SEARCH',
        params: { query: required(query, 'query'), ...(timeZone ? { timeZone } : {}) },
      }),

    startQuestion: (userId: string, question: string, timeZone?: string) =>
      start(userId, {
        type: 'AI_QUESTION',
        params: { question: required(question, 'question'), ...(timeZone ? { timeZone } : {}) },
      }),

    startSuggestion: (
      userId: string,
      input: {
        to_recipients?: string[] | string | undefined;
        subject?: string | undefined;
        context?: string | undefined;
      },
    ) => {
      const to = Array.isArray(input.to_recipients)
        ? input.to_recipients
        : (input.to_recipients ?? '').split(',');
      return start(userId, {
        type: 'AI_SUGGESTION',
        params: {
          toRecipients: to.map((r) => r.trim()).filter(Boolean),
          subject: input.subject ?? '',
          context: input.context ?? '',
        },
      });
    },

    async startClusterRefine(userId: string, accountId: number) {
      return start(userId, { type: 'CLUSTER_REFINE', params: { accountId } }, accountId);
    },

    /** Spec §7: answered at once (the dialog asks on blur), as a finished task would be. */
    async describeCategory(userId: string, name: string) {
      return {
        status: 'SUCCESS' as const,
        suggestion: await ai.describeCategory(userId, required(name, 'name')),
      };
    },

    /** Creates the proposed category and files its mail that is still without one (source 'ai'). */
    /**
     * Undoes a categorisation run of the caller's: every mail it filed goes back to where it was,
     * unless it was filed otherwise since. Someone else's task is not found, as any other id.
     */
    async undoCategorize(userId: string, taskId: string) {
      const task = await repo.findForUser(userId, taskId);
      if (task?.taskType !== 'AI_CATEGORIZE') throw AppError.notFound('Task');
      return { restored: await ai.repo.undoRun(userId, taskId) };
    },

    /** Open proposals of an account (checked to be the caller's) or of all the caller's. */
    async listProposals(userId: string, accountId?: number) {
      if (accountId !== undefined) await accounts.requireAccount(userId, accountId);
      return { proposals: await ai.listProposals(userId, accountId) };
    },

    /** `name`: the user renamed the proposal before accepting it. */
    async acceptProposal(userId: string, id: number, name?: string) {
      const proposal = await ai.repo.findProposal(userId, id);
      if (!proposal) throw AppError.notFound('Proposal');
      const category = await deps.categories.create(userId, {
        name: name?.trim() || proposal.name,
        description: proposal.description,
        account: proposal.accountId,
      });
      const owned = await ai.repo.ownedEmailIds(userId, proposal.emailIds);
      const mail = await ai.repo.mails({ userId, accountIds: [proposal.accountId], ids: owned });
      await ai.repo.fileByAi(
        mail
          .filter((m) => m.categoryId === null)
          .map((m) => ({ id: m.id, categoryId: category.id, confidence: null })),
      );
      await ai.repo.deleteProposal(id);
      return deps.categories.get(userId, category.id);
    },

    async dismissProposal(userId: string, id: number): Promise<void> {
      const proposal = await ai.repo.findProposal(userId, id);
      if (!proposal) throw AppError.notFound('Proposal');
      await ai.repo.deleteProposal(id);
    },

    /** The body of an AI job: runs the feature and keeps the task record current. */
    async run(data: unknown, workerKey?: number): Promise<void> {
      const { taskId, job } = aiJobData.parse(data);
      const task = await repo.find(taskId);
      if (!task || task.status !== 'PENDING') return;
      if (
        !(await repo.claim(taskId, workerKey ?? null, { percent: 1, message: STARTED[job.type] }))
      )
        return;
      const isCancelled = cachedCheck(async () => (await repo.find(taskId))?.status !== 'STARTED');
      const progress = throttledProgress((p: { percent: number; message: string }) =>
        repo.updateIfRunning(taskId, p),
      );
      const userId = task.userId;
      try {
        let result: unknown;
        try {
          const reporter = {
            report: (percent: number, message: string) => progress.report({ percent, message }),
            isCancelled,
          };
          switch (job.type) {
            case 'AI_CATEGORIZE':
              result = await ai.categorize(userId, { ...job.params, runId: taskId }, reporter);
              break;
            case 'AI_SEARCH':
              result = await ai.search(userId, job.params.query, new Date(), job.params.timeZone);
              break;
            case 'AI_QUESTION':
              result = await ai.question(
                userId,
                job.params.question,
                new Date(),
                job.params.timeZone,
              );
              break;
            case 'AI_SUGGESTION':
              result = await ai.suggest(userId, job.params);
              break;
            case 'CLUSTER_REFINE':
              result = { proposals: await ai.proposeCategories(userId, job.params.accountId) };
              break;
          }
        } finally {
          await progress.stop();
        }
        await repo.updateIfRunning(taskId, {
          status: 'SUCCESS',
          percent: 100,
          message: successMessage(job, result),
          result,
        });
      } catch (error) {
        if (error instanceof AiCancelledError) return;
        // The error, never the mail: nothing of a user's mail goes to the log.
        deps.logger?.warn({ taskId, type: job.type, err: error }, 'AI task failed');
        await repo.updateIfRunning(taskId, {
          status: 'FAILURE',
          message: FAILED,
          result: { error_code: 'AI_FAILED' },
        });
      }
    },
  };
}

function required(value: string | undefined, field: string): string {
  const trimmed = (value ?? '').trim();
  if (!trimmed) throw AppError.validation({ [field]: [FieldErrorCode.REQUIRED] });
  return trimmed;
}

export type AiTasksService = ReturnType<typeof createAiTasksService>;
