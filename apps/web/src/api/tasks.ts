import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import i18n from '../i18n/index.ts';
import { accountKeys } from './accounts.ts';
import { api } from '../lib/api.ts';

/** Spec §3: a background task as GET /api/status/all-tasks/ reports it. */
export interface TaskStatus {
  task_id: string;
  status: string;
  percent: number;
  message: string;
  timestamp: string;
  result: unknown;
  task_type: string;
  account_email: string | null;
}

export type TaskMap = Record<string, TaskStatus>;
/** Spec §7: a trigger answers with one task_id or a list of tasks each with one. */
export type TaskTriggerResponse = { task_id?: string } | { tasks?: { task_id?: string }[] };

export const taskKeys = { all: ['tasks'] as const };

/**
 * The server's clock minus the browser's, from the Date header of the last poll. Task timestamps
 * are the server's; comparing them with a browser clock that is off would hide fresh cards.
 */
let serverClockOffsetMs = 0;
export const getServerClockOffset = () => serverClockOffsetMs;

export async function getAllTasks(): Promise<TaskMap> {
  const { data, headers } = await api.getWithHeaders<TaskMap>('/api/status/all-tasks/');
  const date = Date.parse(headers.get('date') ?? '');
  // The header has whole seconds; half a second is the expected truncation.
  if (Number.isFinite(date)) serverClockOffsetMs = date + 500 - Date.now();
  return data;
}
export const fetchAllEmails = () =>
  api.post<{ tasks: { task_id: string }[] }>('/api/tasks/fetch-emails/');
export const fetchAccountEmails = (accountId: number) =>
  api.post<{ task_id: string }>(`/api/tasks/fetch-emails/${accountId}/`);
export const revokeTask = (taskId: string) => api.post<TaskStatus>(`/api/tasks/${taskId}/revoke/`);

/**
 * Spec §2/§7: a description suggestion for a new category. The server may answer at once
 * ({status: 'SUCCESS', suggestion}) or with a task whose result carries the suggestion.
 */
export const requestCategoryDescription = (name: string, signal?: AbortSignal) =>
  api.post<{ status?: string; suggestion?: string; task_id?: string; result?: unknown }>(
    '/api/tasks/ai-category-description/',
    { name },
    signal ? { signal } : {},
  );

export const allTasksQueryOptions = () =>
  queryOptions({ queryKey: taskKeys.all, queryFn: getAllTasks });

export function taskIdsOf(response: unknown): string[] {
  const body = response as { task_id?: unknown; tasks?: { task_id?: unknown }[] } | null;
  const ids = [
    body?.task_id,
    ...(Array.isArray(body?.tasks) ? body.tasks : []).map((t) => t?.task_id),
  ];
  return ids.filter((id): id is string => typeof id === 'string' && id.length > 0);
}

/**
 * Spec §4: a new task starts as PENDING at 0 % with 'Task wird gestartet...'; the card appears
 * at once instead of after the first poll.
 */
function addPendingTasks(
  queryClient: QueryClient,
  ids: string[],
  taskType: string,
  accountEmail: string | null,
) {
  queryClient.setQueryData<TaskMap>(taskKeys.all, (old) => {
    const added: TaskMap = {};
    const timestamp = new Date().toISOString();
    // Newest first, as the server lists them; a trigger's list is in creation order.
    for (const id of [...ids].reverse())
      if (!old?.[id])
        added[id] = {
          task_id: id,
          status: 'PENDING',
          percent: 0,
          message: i18n.t('tasks.starting'),
          timestamp,
          result: null,
          task_type: taskType,
          account_email: accountEmail,
        };
    return { ...added, ...old };
  });
}

/**
 * A started task is polled at once: invalidating ['tasks'] wakes the layout's poller, which keeps
 * polling while any task is unfinished (spec §4). A response without task_id starts nothing.
 */
export function useStartTask<Input, Result>(
  mutationFn: (input: Input) => Promise<Result>,
  pending?: {
    taskType: string;
    accountEmail?: (input: Input, client: QueryClient) => string | null;
  },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result, input) => {
      const ids = taskIdsOf(result);
      if (ids.length === 0) {
        // Spec §8: logged as a warning, and no polling starts.
        console.warn('Task trigger answered without task_id', result);
        return;
      }
      if (pending)
        addPendingTasks(
          queryClient,
          ids,
          pending.taskType,
          pending.accountEmail?.(input, queryClient) ?? null,
        );
      return queryClient.invalidateQueries({ queryKey: taskKeys.all });
    },
  });
}

const accountEmailFor = (accountId: number, client: QueryClient) =>
  client
    .getQueryData<{ id: number; email_address: string }[]>(accountKeys.list())
    ?.find((account) => account.id === accountId)?.email_address ?? null;

export const useFetchAllEmails = () =>
  useStartTask((_: void) => fetchAllEmails(), { taskType: 'FETCH' });
export const useFetchAccountEmails = () =>
  useStartTask(fetchAccountEmails, { taskType: 'FETCH', accountEmail: accountEmailFor });
export const useRevokeTask = () => useStartTask(revokeTask);

const readSuggestion = (value: unknown): string | null => {
  const body = value as { status?: unknown; suggestion?: unknown } | null;
  if (typeof body?.suggestion !== 'string' || !body.suggestion.trim()) return null;
  const status = typeof body.status === 'string' ? body.status.toUpperCase() : 'SUCCESS';
  return status === 'SUCCESS' || status === 'COMPLETE' ? body.suggestion.trim() : null;
};

function wait(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });
}

/**
 * SEAM (AI category description, spec §2/§7): asks POST /api/tasks/ai-category-description/
 * and resolves to the suggested text, or null when there is none. A direct answer is used as it
 * is; a task_id is followed through the task list until the task finishes (at most a minute).
 * Rejects when the call fails — the caller only logs that (spec §8).
 */
export async function suggestCategoryDescription(
  name: string,
  signal?: AbortSignal,
): Promise<string | null> {
  const response = await requestCategoryDescription(name, signal);
  const direct = readSuggestion(response) ?? readSuggestion(response.result);
  if (direct || !response.task_id) return direct;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    await wait(1000, signal);
    const task = (await getAllTasks())[response.task_id];
    if (!task) continue;
    const status = task.status.toUpperCase();
    if (status === 'SUCCESS' || status === 'COMPLETE') return readSuggestion(task.result);
    if (['FAILURE', 'REVOKED', 'ERROR', 'TIMEOUT'].includes(status)) return null;
  }
  return null;
}
