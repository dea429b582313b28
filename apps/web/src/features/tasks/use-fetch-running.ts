import { isFinished } from './task-status.ts';
import { useTasks } from './use-task-polling.ts';

/** Spec §2: the fetch-all button spins while any FETCH task is unfinished. */
export function useFetchRunning(): boolean {
  const { data } = useTasks();
  return Object.values(data ?? {}).some(
    (task) => task.task_type.toUpperCase() === 'FETCH' && !isFinished(task.status),
  );
}
