import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { taskKeys } from '../../api/tasks.ts';
import { isError, isFinished, isSuccess } from '../tasks/task-status.ts';
import { useTasks } from '../tasks/use-task-polling.ts';

export type TaskOutcome<R> =
  | { state: 'running'; percent: number; message: string }
  | { state: 'success'; result: R; message: string }
  | { state: 'failed'; message: string };

// While someone waits for an answer on screen, the task list is asked again sooner than the
// cards' 2 s (spec §9): a question the server answers in 0.3 s should not show after 2 s.
const QUICK_POLLS_MS = [250, 250, 500, 500, 1000];

/**
 * What became of a started task, read from the layout's polled task list (the same poll that
 * draws its card). A task not yet in the list counts as just started.
 */
export function useTaskOutcome<R>(taskId: string | null | undefined): TaskOutcome<R> | null {
  const { data } = useTasks();
  const queryClient = useQueryClient();
  const outcome = taskId ? outcomeOf<R>(data?.[taskId]) : null;
  const running = outcome?.state === 'running';
  const [polls, setPolls] = useState({ taskId, count: 0 });
  if (polls.taskId !== taskId) setPolls({ taskId, count: 0 });
  useEffect(() => {
    if (!running || polls.count >= QUICK_POLLS_MS.length) return;
    const timer = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
      setPolls((old) => ({ ...old, count: old.count + 1 }));
    }, QUICK_POLLS_MS[polls.count]);
    return () => clearTimeout(timer);
  }, [running, polls.count, queryClient]);
  return outcome;
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
