import { isError, isFinished, isSuccess } from '../tasks/task-status.ts';
import { useTasks } from '../tasks/use-task-polling.ts';

export type TaskOutcome<R> =
  | { state: 'running'; percent: number; message: string }
  | { state: 'success'; result: R; message: string }
  | { state: 'failed'; message: string };

/**
 * What became of a started task, read from the layout's polled task list (the same poll that
 * draws its card: no second request). A task not yet in the list counts as just started.
 */
export function useTaskOutcome<R>(taskId: string | null | undefined): TaskOutcome<R> | null {
  const { data } = useTasks();
  if (!taskId) return null;
  return outcomeOf<R>(data?.[taskId]);
}

export function outcomeOf<R>(
  task: { status: string; percent: number; message: string; result: unknown } | undefined,
): TaskOutcome<R> {
  if (!task || !isFinished(task.status))
    return { state: 'running', percent: task?.percent ?? 0, message: task?.message ?? '' };
  if (isSuccess(task.status) && task.result != null)
    return { state: 'success', result: task.result as R, message: task.message };
  return { state: 'failed', message: isError(task.status) ? task.message : task.message || '' };
}
