import type { TaskStatus } from '../../api/tasks.ts';
import { isError, isFinished, isSuccess } from './task-status.ts';

/** Spec §9. */
export const TASK_POLL_INTERVAL_MS = 2000;
export const FINISHED_TASK_CLEAR_MS = 8000;
export const SUCCESS_DISMISS_MS = 4000;
export const SUCCESS_VISIBLE_WINDOW_MS = 10_000;
export const MAX_TASK_CARDS = 3;

export interface TrackedTask {
  task: TaskStatus;
  /** Client clock when this task was first seen finished; null while it runs. */
  finishedAt: number | null;
  /** Arrival order: older tasks first, so the newest card sits at the bottom (spec §2). */
  order: number;
}

/**
 * What the notification area remembers between polls. All times come from the caller's clock
 * (`now`), so the rules below run the same under a test's fake clock.
 */
export interface TaskBoard {
  tasks: Readonly<Record<string, TrackedTask>>;
  /** Tasks cleared 8 s after finishing or closed by the user: later polls must not revive them. */
  gone: Readonly<Record<string, true>>;
  nextOrder: number;
  /** False until the first poll: what was already finished then happened before this visit. */
  started: boolean;
}

export const emptyBoard = (gone: Record<string, true> = {}): TaskBoard => ({
  tasks: {},
  gone,
  nextOrder: 0,
  started: false,
});

export const hasUnfinished = (tasks: Record<string, TaskStatus> | undefined) =>
  Object.values(tasks ?? {}).some((task) => !isFinished(task.status));

/**
 * Folds one poll result into the board. Returns the tasks that succeeded since the last poll
 * (their effects must be reloaded), never those that had already succeeded before the first poll,
 * and likewise those that failed (an account then shows its last fetch failed).
 */
export function reconcileBoard(
  board: TaskBoard,
  polled: Record<string, TaskStatus>,
  now: number,
): { board: TaskBoard; succeeded: TaskStatus[]; failed: TaskStatus[] } {
  const tasks: Record<string, TrackedTask> = {};
  const succeeded: TaskStatus[] = [];
  const failed: TaskStatus[] = [];
  let nextOrder = board.nextOrder;
  // The server lists the newest first; new arrivals get their order oldest first.
  const arrivals = Object.values(polled).reverse();
  for (const task of arrivals) {
    if (board.gone[task.task_id]) continue;
    const known = board.tasks[task.task_id];
    const finished = isFinished(task.status);
    const justFinished = finished && (known ? known.finishedAt === null : board.started);
    if (justFinished && isSuccess(task.status)) succeeded.push(task);
    if (justFinished && isError(task.status)) failed.push(task);
    tasks[task.task_id] = {
      task,
      finishedAt: known?.finishedAt ?? (finished ? now : null),
      order: known?.order ?? nextOrder++,
    };
  }
  // Error cards stay until closed (spec §4), even once the server stops listing the task.
  for (const [id, tracked] of Object.entries(board.tasks))
    if (!tasks[id] && isError(tracked.task.status)) tasks[id] = tracked;
  const gone = supersedeRepeatedErrors(tasks, board.gone);
  return {
    board: pruneBoard({ tasks, gone, nextOrder, started: true }, now),
    succeeded,
    failed,
  };
}

/**
 * The same failure again (a fetch of the same account failing the same way) replaces its older
 * card instead of stacking beside it: three identical cards say nothing a single one does not,
 * and take the list's room. Removes the older ones from `tasks`; returns `gone` with them.
 */
function supersedeRepeatedErrors(
  tasks: Record<string, TrackedTask>,
  gone: Readonly<Record<string, true>>,
): Readonly<Record<string, true>> {
  const newest = new Map<string, TrackedTask>();
  const key = ({ task }: TrackedTask) =>
    `${task.task_type}\u0000${task.account_email ?? ''}\u0000${task.message}`;
  for (const tracked of Object.values(tasks)) {
    if (!isError(tracked.task.status)) continue;
    const seen = newest.get(key(tracked));
    if (!seen || seen.order < tracked.order) newest.set(key(tracked), tracked);
  }
  let result = gone;
  for (const [id, tracked] of Object.entries(tasks)) {
    if (!isError(tracked.task.status) || newest.get(key(tracked)) === tracked) continue;
    delete tasks[id];
    result = { ...result, [id]: true };
  }
  return result;
}

/** Spec §4: a task that turned finished is removed 8 s later; error cards wait to be closed. */
export function pruneBoard(board: TaskBoard, now: number): TaskBoard {
  let changed = false;
  const tasks: Record<string, TrackedTask> = {};
  const gone: Record<string, true> = { ...board.gone };
  for (const [id, tracked] of Object.entries(board.tasks)) {
    const expired =
      tracked.finishedAt !== null &&
      !isError(tracked.task.status) &&
      now >= tracked.finishedAt + FINISHED_TASK_CLEAR_MS;
    if (expired) {
      gone[id] = true;
      changed = true;
    } else tasks[id] = tracked;
  }
  return changed ? { ...board, tasks, gone } : board;
}

export function dismissTask(board: TaskBoard, taskId: string): TaskBoard {
  const tasks = { ...board.tasks };
  delete tasks[taskId];
  return { ...board, tasks, gone: { ...board.gone, [taskId]: true } };
}

/** Milliseconds of the task's server timestamp, read against the server's clock. */
const age = (task: TaskStatus, now: number, serverOffsetMs: number) =>
  now + serverOffsetMs - Date.parse(task.timestamp);

function isShown(tracked: TrackedTask, now: number, serverOffsetMs: number): boolean {
  const { task, finishedAt } = tracked;
  if (finishedAt === null || !isSuccess(task.status)) return true;
  // Spec §4: success cards go after 4 s, and only appear within 10 s of their timestamp.
  return (
    now < finishedAt + SUCCESS_DISMISS_MS &&
    age(task, now, serverOffsetMs) <= SUCCESS_VISIBLE_WINDOW_MS
  );
}

/**
 * The cards to show, oldest first and at most three (the newest ones). `serverOffsetMs` is the
 * server's clock minus the client's, so a wrong client clock does not hide success cards.
 */
export function visibleTasks(board: TaskBoard, now: number, serverOffsetMs = 0): TaskStatus[] {
  return Object.values(board.tasks)
    .filter((tracked) => isShown(tracked, now, serverOffsetMs))
    .sort((a, b) => a.order - b.order)
    .slice(-MAX_TASK_CARDS)
    .map((tracked) => tracked.task);
}

/** When the board next changes by itself (a card expiring), as a delay from `now`; null if never. */
export function nextBoardChange(board: TaskBoard, now: number, serverOffsetMs = 0): number | null {
  let next = Infinity;
  for (const { task, finishedAt } of Object.values(board.tasks)) {
    if (finishedAt === null || isError(task.status)) continue;
    const deadlines = [finishedAt + FINISHED_TASK_CLEAR_MS];
    if (isSuccess(task.status))
      deadlines.push(
        finishedAt + SUCCESS_DISMISS_MS,
        Date.parse(task.timestamp) + SUCCESS_VISIBLE_WINDOW_MS - serverOffsetMs + 1,
      );
    for (const at of deadlines) if (at > now && at < next) next = at;
  }
  return next === Infinity ? null : next - now;
}
