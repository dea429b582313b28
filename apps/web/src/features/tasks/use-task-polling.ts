import { useQuery } from '@tanstack/react-query';
import { allTasksQueryOptions } from '../../api/tasks.ts';
import { hasUnfinished, TASK_POLL_INTERVAL_MS } from './task-timing.ts';

/**
 * Spec §4/§9: GET /api/status/all-tasks/ once at start, then every 2 s while any task is
 * unfinished. A trigger anywhere in the app invalidates ['tasks'] (api/tasks.ts); the fresh
 * answer holds the new task, which switches the interval back on. Mount this once.
 */
export function useTaskPolling() {
  return useQuery({
    ...allTasksQueryOptions(),
    refetchInterval: (query) => (hasUnfinished(query.state.data) ? TASK_POLL_INTERVAL_MS : false),
    refetchIntervalInBackground: true,
    // Spec §8: fetching failures are only logged; the next tick tries again.
    retry: false,
  });
}

/** Reads the polled tasks without polling a second time (for buttons that show a running task). */
export function useTasks() {
  return useQuery({ ...allTasksQueryOptions(), enabled: false });
}
