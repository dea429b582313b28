import type { TaskStatus } from '../../../api/tasks.ts';

/** Spec §4: finished statuses, compared without case. */
const FINISHED = new Set(['SUCCESS', 'FAILURE', 'REVOKED', 'COMPLETE', 'ERROR', 'TIMEOUT']);
const SUCCEEDED = new Set(['SUCCESS', 'COMPLETE']);
const FAILED = new Set(['FAILURE', 'ERROR', 'TIMEOUT']);

export const isFinished = (status: string) => FINISHED.has(status.toUpperCase());
export const isSuccess = (status: string) => SUCCEEDED.has(status.toUpperCase());
export const isFailure = (status: string) => FAILED.has(status.toUpperCase());

/** Whether a fetch of this account is under way, from the task list the layout polls. */
export function fetchRunningFor(
  tasks: Record<string, TaskStatus> | undefined,
  email: string,
): boolean {
  return Object.values(tasks ?? {}).some(
    (task) =>
      task.task_type.toUpperCase() === 'FETCH' &&
      task.account_email === email &&
      !isFinished(task.status),
  );
}
