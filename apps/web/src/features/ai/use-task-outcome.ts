import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { taskKeys } from '../../api/tasks.ts';
import { isError, isFinished, isSuccess } from '../tasks/task-status.ts';
import { TASK_POLL_INTERVAL_MS } from '../tasks/task-timing.ts';
import { useTasks } from '../tasks/use-task-polling.ts';
import { taskGone } from './task-gone.ts';

export type TaskOutcome<R> =
  | { state: 'running'; percent: number; message: string }
  | { state: 'success'; result: R; message: string }
  | { state: 'failed'; message: string };

// While someone waits for an answer on screen, the task list is asked again sooner than the
// cards' 2 s (spec §9): a question the server answers in 0.3 s should not show after 2 s.
const QUICK_POLLS_MS = [250, 250, 500, 500, 1000];

/**
 * What became of a started task, read from the layout's polled task list (the same poll that
 * draws its card). A task not yet in the list counts as just started, until the list says
 * otherwise for longer than a start could take (`taskGone`).
 */
export function useTaskOutcome<R>(taskId: string | null | undefined): TaskOutcome<R> | null {
  const { t } = useTranslation();
  const { data, dataUpdatedAt } = useTasks();
  const queryClient = useQueryClient();
  // The list's own clock: when this page began to follow the task, the last list it had then
  // (or the first one after it, if none had come yet).
  const [polls, setPolls] = useState({ taskId, count: 0, since: dataUpdatedAt });
  if (polls.taskId !== taskId) setPolls({ taskId, count: 0, since: dataUpdatedAt });
  else if (polls.since === 0 && dataUpdatedAt > 0) setPolls({ ...polls, since: dataUpdatedAt });
  const task = taskId ? data?.[taskId] : undefined;
  const gone =
    !!taskId && !!data && polls.since > 0 && taskGone(!!task, dataUpdatedAt, polls.since);
  const outcome: TaskOutcome<R> | null = !taskId
    ? null
    : gone
      ? { state: 'failed', message: t('tasks.gone') }
      : outcomeOf<R>(task);
  const running = outcome?.state === 'running';
  const listed = !!task;
  useEffect(() => {
    if (!running) return;
    const quick = polls.count < QUICK_POLLS_MS.length;
    // After the quick polls the layout's poll follows a listed task that runs; it stops once
    // nothing listed runs, and then only this asks whether an unlisted task is gone.
    if (!quick && listed) return;
    const timer = setTimeout(
      () => {
        void queryClient.invalidateQueries({ queryKey: taskKeys.all });
        setPolls((old) => ({ ...old, count: old.count + 1 }));
      },
      quick ? QUICK_POLLS_MS[polls.count] : TASK_POLL_INTERVAL_MS,
    );
    return () => clearTimeout(timer);
  }, [running, listed, polls.count, queryClient]);
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
