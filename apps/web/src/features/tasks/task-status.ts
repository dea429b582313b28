/** Spec §4: task statuses, compared without case. */
const FINISHED = new Set(['SUCCESS', 'FAILURE', 'REVOKED', 'COMPLETE', 'ERROR', 'TIMEOUT']);
const SUCCEEDED = new Set(['SUCCESS', 'COMPLETE']);
const FAILED = new Set(['FAILURE', 'ERROR', 'TIMEOUT']);

export const isFinished = (status: string) => FINISHED.has(status.toUpperCase());
export const isSuccess = (status: string) => SUCCEEDED.has(status.toUpperCase());
export const isError = (status: string) => FAILED.has(status.toUpperCase());

export type TaskSeverity = 'info' | 'success' | 'error';

/** Spec §2: a card is styled error, success or info by its status. */
export function taskSeverity(status: string): TaskSeverity {
  if (isSuccess(status)) return 'success';
  if (isError(status)) return 'error';
  return 'info';
}

/** Spec §2: the card titles by task type; anything else is a 'Hintergrundaufgabe'. */
export const TASK_TYPE_TITLE_KEYS: Record<string, string> = {
  FETCH: 'tasks.types.FETCH',
  CLUSTER_REFINE: 'tasks.types.CLUSTER_REFINE',
  AI_SEARCH: 'tasks.types.AI_SEARCH',
  AI_QUESTION: 'tasks.types.AI_QUESTION',
  AI_SUGGESTION: 'tasks.types.AI_SUGGESTION',
};
export const taskTitleKey = (taskType: string | null | undefined) =>
  TASK_TYPE_TITLE_KEYS[(taskType ?? '').toUpperCase()] ?? 'tasks.types.other';

/**
 * Spec §4: a finished fetch or AI categorisation changes accounts, folders, lists and categories.
 * The categorisation's type name is not fixed by the spec, hence the pattern.
 */
export const changesMailboxes = (taskType: string | null | undefined) =>
  /^(FETCH|.*CATEGORI[SZ].*)$/i.test(taskType ?? '');
