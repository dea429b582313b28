import { describe, expect, it } from 'vitest';
import type { TaskStatus } from '../../api/tasks.ts';
import {
  dismissTask,
  emptyBoard,
  hasUnfinished,
  nextBoardChange,
  pruneBoard,
  reconcileBoard,
  visibleTasks,
  type TaskBoard,
} from './task-timing.ts';

const T0 = Date.parse('2026-05-04T10:00:00.000Z');

function task(id: string, status: string, at: number, over: Partial<TaskStatus> = {}): TaskStatus {
  return {
    task_id: id,
    status,
    percent: 0,
    message: '',
    timestamp: new Date(at).toISOString(),
    result: null,
    task_type: 'FETCH',
    account_email: 'demo@example.de',
    ...over,
  };
}
/** The server lists the newest task first. */
const poll = (...tasks: TaskStatus[]) => Object.fromEntries(tasks.map((t) => [t.task_id, t]));
const ids = (board: TaskBoard, now: number, offset = 0) =>
  visibleTasks(board, now, offset).map((t) => t.task_id);

describe('hasUnfinished', () => {
  it('is true while any task runs, comparing statuses without case', () => {
    expect(hasUnfinished(undefined)).toBe(false);
    expect(hasUnfinished(poll(task('a', 'success', T0), task('b', 'Failure', T0)))).toBe(false);
    expect(hasUnfinished(poll(task('a', 'complete', T0), task('b', 'started', T0)))).toBe(true);
    expect(hasUnfinished(poll(task('a', 'PENDING', T0)))).toBe(true);
  });
});

describe('repeated failures', () => {
  it('show one card: the newest replaces an identical older one, other failures stay', () => {
    const failed = (id: string, at: number, over: Partial<TaskStatus> = {}) =>
      task(id, 'FAILURE', at, { message: 'Anmeldung fehlgeschlagen.', ...over });
    let board = reconcileBoard(emptyBoard(), poll(failed('a', T0)), T0).board;
    board = reconcileBoard(board, poll(failed('b', T0 + 1000), failed('a', T0)), T0 + 1000).board;
    expect(ids(board, T0 + 1000)).toEqual(['b']);
    board = reconcileBoard(
      board,
      poll(
        failed('d', T0 + 3000, { account_email: 'other@example.de' }),
        failed('c', T0 + 2000, { message: 'Server nicht erreichbar.' }),
        failed('b', T0 + 1000),
        failed('a', T0),
      ),
      T0 + 3000,
    ).board;
    expect(ids(board, T0 + 3000)).toEqual(['b', 'c', 'd']);
    // Closing the one card leaves no older twin behind it.
    expect(ids(dismissTask(board, 'b'), T0 + 3000)).toEqual(['c', 'd']);
  });
});

describe('reconcileBoard', () => {
  it('reports a task that succeeded while being watched, once', () => {
    let board = reconcileBoard(emptyBoard(), poll(task('a', 'STARTED', T0)), T0).board;
    const first = reconcileBoard(board, poll(task('a', 'SUCCESS', T0 + 2000)), T0 + 2000);
    expect(first.succeeded.map((t) => t.task_id)).toEqual(['a']);
    board = first.board;
    const again = reconcileBoard(board, poll(task('a', 'SUCCESS', T0 + 2000)), T0 + 4000);
    expect(again.succeeded).toEqual([]);
  });
  it('reports a task that failed while being watched, once, and not as succeeded', () => {
    const board = reconcileBoard(emptyBoard(), poll(task('a', 'STARTED', T0)), T0).board;
    const first = reconcileBoard(board, poll(task('a', 'FAILURE', T0 + 1000)), T0 + 1000);
    expect(first.failed.map((t) => t.task_id)).toEqual(['a']);
    expect(first.succeeded).toEqual([]);
    const again = reconcileBoard(first.board, poll(task('a', 'FAILURE', T0 + 1000)), T0 + 3000);
    expect(again.failed).toEqual([]);
  });
  it('reports a task first seen already succeeded after the first poll', () => {
    const board = reconcileBoard(emptyBoard(), {}, T0).board;
    const { succeeded } = reconcileBoard(board, poll(task('a', 'COMPLETE', T0)), T0 + 500);
    expect(succeeded).toHaveLength(1);
  });
  it('does not report what had already succeeded before the first poll', () => {
    const { succeeded } = reconcileBoard(emptyBoard(), poll(task('a', 'SUCCESS', T0)), T0);
    expect(succeeded).toEqual([]);
  });
});

describe('card visibility', () => {
  it('shows a running task with its progress', () => {
    const { board } = reconcileBoard(emptyBoard(), poll(task('a', 'PENDING', T0)), T0);
    expect(ids(board, T0 + 60_000)).toEqual(['a']);
  });

  it('hides a success card 4 s after it finished and removes the task after 8 s', () => {
    let board = reconcileBoard(emptyBoard(), poll(task('a', 'STARTED', T0)), T0).board;
    board = reconcileBoard(board, poll(task('a', 'SUCCESS', T0 + 2000)), T0 + 2000).board;
    expect(ids(board, T0 + 2000)).toEqual(['a']);
    expect(ids(board, T0 + 5999)).toEqual(['a']);
    expect(ids(board, T0 + 6000)).toEqual([]);
    expect(board.tasks.a).toBeDefined();
    board = pruneBoard(board, T0 + 10_000);
    expect(board.tasks.a).toBeUndefined();
    // The server still lists it for minutes; it must not come back.
    board = reconcileBoard(board, poll(task('a', 'SUCCESS', T0 + 2000)), T0 + 12_000).board;
    expect(board.tasks.a).toBeUndefined();
  });

  it('shows a finished success card only within 10 s of its timestamp', () => {
    const old = reconcileBoard(emptyBoard(), poll(task('a', 'SUCCESS', T0 - 10_001)), T0).board;
    expect(ids(old, T0)).toEqual([]);
    const fresh = reconcileBoard(emptyBoard(), poll(task('a', 'SUCCESS', T0 - 9000)), T0).board;
    expect(ids(fresh, T0)).toEqual(['a']);
    expect(ids(fresh, T0 + 1001)).toEqual([]);
  });

  it("measures the 10 s against the server's clock", () => {
    // The client clock runs a minute ahead of the server.
    const board = reconcileBoard(emptyBoard(), poll(task('a', 'SUCCESS', T0)), T0 + 60_000).board;
    expect(ids(board, T0 + 60_000)).toEqual([]);
    expect(ids(board, T0 + 60_000, -60_000)).toEqual(['a']);
  });

  it('keeps error cards until they are closed, even after the server forgets them', () => {
    let board = reconcileBoard(emptyBoard(), poll(task('a', 'STARTED', T0)), T0).board;
    board = reconcileBoard(board, poll(task('a', 'FAILURE', T0 + 2000)), T0 + 2000).board;
    board = pruneBoard(board, T0 + 600_000);
    board = reconcileBoard(board, {}, T0 + 600_000).board;
    expect(ids(board, T0 + 600_000)).toEqual(['a']);
    board = dismissTask(board, 'a');
    expect(ids(board, T0 + 600_000)).toEqual([]);
    board = reconcileBoard(board, poll(task('a', 'FAILURE', T0 + 2000)), T0 + 602_000).board;
    expect(ids(board, T0 + 602_000)).toEqual([]);
  });

  it('treats ERROR and TIMEOUT like FAILURE, and clears REVOKED after 8 s', () => {
    const board = reconcileBoard(
      emptyBoard(),
      poll(
        task('r', 'revoked', T0),
        task('t', 'timeout', T0, { message: 'Zeitüberschreitung' }),
        task('e', 'Error', T0, { message: 'Fehler' }),
      ),
      T0,
    ).board;
    expect(ids(board, T0).sort()).toEqual(['e', 'r', 't']);
    expect(ids(pruneBoard(board, T0 + 8000), T0 + 8000).sort()).toEqual(['e', 't']);
  });

  it('shows at most three cards, the newest at the bottom', () => {
    const board = reconcileBoard(
      emptyBoard(),
      poll(
        task('d', 'STARTED', T0 + 4),
        task('c', 'STARTED', T0 + 3),
        task('b', 'STARTED', T0 + 2),
        task('a', 'STARTED', T0 + 1),
      ),
      T0,
    ).board;
    expect(ids(board, T0)).toEqual(['b', 'c', 'd']);
    const later = reconcileBoard(
      board,
      poll(
        task('e', 'PENDING', T0 + 5),
        task('d', 'STARTED', T0 + 9),
        task('c', 'STARTED', T0 + 9),
        task('b', 'STARTED', T0 + 9),
        task('a', 'STARTED', T0 + 9),
      ),
      T0 + 2000,
    ).board;
    // Progress updates do not reorder the cards; the new task joins at the bottom.
    expect(ids(later, T0 + 2000)).toEqual(['c', 'd', 'e']);
  });
});

describe('nextBoardChange', () => {
  it('is null while nothing will expire by itself', () => {
    const { board } = reconcileBoard(emptyBoard(), poll(task('a', 'STARTED', T0)), T0);
    expect(nextBoardChange(board, T0)).toBeNull();
  });
  it('names the next deadline: the 4 s dismissal, the 8 s removal, the 10 s window', () => {
    let board = reconcileBoard(emptyBoard(), poll(task('a', 'STARTED', T0)), T0).board;
    board = reconcileBoard(board, poll(task('a', 'SUCCESS', T0)), T0 + 1000).board;
    expect(nextBoardChange(board, T0 + 1000)).toBe(4000);
    expect(nextBoardChange(board, T0 + 5000)).toBe(4000);
    expect(nextBoardChange(board, T0 + 9000)).toBe(1001); // the end of its 10 s window
  });
});
