import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getServerClockOffset, taskKeys, type TaskMap, type TaskStatus } from '../../api/tasks.ts';
import { changesMailboxes, isError } from './task-status.ts';
import {
  dismissTask,
  emptyBoard,
  nextBoardChange,
  pruneBoard,
  reconcileBoard,
  visibleTasks,
  type TaskBoard,
} from './task-timing.ts';

const DISMISSED_KEY = 'brieftaube.dismissedTasks';

/** Closed error cards stay closed for this browser session, even after a reload. */
function readDismissed(): Record<string, true> {
  try {
    const ids = JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? '[]') as unknown;
    return Array.isArray(ids)
      ? Object.fromEntries(ids.filter((id) => typeof id === 'string').map((id) => [id, true]))
      : {};
  } catch {
    return {};
  }
}
function rememberDismissed(taskId: string) {
  try {
    const ids = Object.keys(readDismissed());
    sessionStorage.setItem(DISMISSED_KEY, JSON.stringify([...ids, taskId].slice(-100)));
  } catch {
    // Without storage the card comes back after a reload; nothing else depends on it.
  }
}

/**
 * The task cards to show. Time is read only through `now` (Date.now by default) and waited for
 * only with setTimeout, so Playwright's page.clock drives every rule of spec §4.
 */
export function useTaskBoard(now: () => number = Date.now) {
  const queryClient = useQueryClient();
  const boardRef = useRef<TaskBoard | null>(null);
  const [snapshot, setSnapshot] = useState<{ board: TaskBoard; at: number } | null>(null);

  const commit = useCallback((board: TaskBoard, at: number) => {
    boardRef.current = board;
    setSnapshot({ board, at });
  }, []);

  const reloadMailboxes = useCallback(
    (succeeded: TaskStatus[], failed: TaskStatus[]) => {
      // A failed fetch changes the account's status ("Letzter Abruf fehlgeschlagen: …").
      if (failed.some((task) => changesMailboxes(task.task_type)))
        void queryClient.invalidateQueries({ queryKey: ['accounts'] });
      if (!succeeded.some((task) => changesMailboxes(task.task_type))) return;
      // Spec §4: a finished fetch or AI categorisation changes accounts and folders (and with
      // them the lists and category counts).
      for (const key of [['accounts'], ['folders'], ['emails'], ['categories']])
        void queryClient.invalidateQueries({ queryKey: key });
    },
    [queryClient],
  );

  // Every answer of the poller (and every locally added pending task) passes through here.
  useEffect(() => {
    const fold = (data: TaskMap | undefined) => {
      if (!data) return;
      const at = now();
      const { board, succeeded, failed } = reconcileBoard(
        boardRef.current ?? emptyBoard(readDismissed()),
        data,
        at,
      );
      commit(board, at);
      reloadMailboxes(succeeded, failed);
    };
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const [scope] = event.query.queryKey as readonly unknown[];
      if (scope !== taskKeys.all[0]) return;
      fold(event.query.state.data as TaskMap | undefined);
    });
    const timer = setTimeout(() => fold(queryClient.getQueryData<TaskMap>(taskKeys.all)), 0);
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [queryClient, commit, reloadMailboxes, now]);

  // Cards expire by themselves (4 s, 8 s, 10 s): wake up exactly when the next one does.
  useEffect(() => {
    if (!snapshot) return;
    const delay = nextBoardChange(snapshot.board, snapshot.at, getServerClockOffset());
    if (delay === null) return;
    const timer = setTimeout(() => {
      const at = now();
      commit(pruneBoard(boardRef.current ?? snapshot.board, at), at);
    }, delay);
    return () => clearTimeout(timer);
  }, [snapshot, commit, now]);

  const dismiss = useCallback(
    (task: TaskStatus) => {
      if (isError(task.status)) rememberDismissed(task.task_id);
      if (boardRef.current) commit(dismissTask(boardRef.current, task.task_id), now());
    },
    [commit, now],
  );

  const cards = snapshot ? visibleTasks(snapshot.board, snapshot.at, getServerClockOffset()) : [];
  return { cards, dismiss };
}
