/**
 * How much newer than the list the page had when it began to follow a task a list without it
 * must be to mean the task is gone. The server creates the task before it answers its start,
 * but a list already on its way then may arrive a moment later without it.
 */
export const GONE_AFTER_MS = 5000;

/**
 * Whether the task has left the server's list: it lists finished tasks for five minutes, so a
 * question asked before a long pause, or opened again from this session's history, is not
 * there any more. Its result is then lost, and waiting for it would spin for ever.
 */
export function taskGone(listed: boolean, listUpdatedAt: number, followedSince: number): boolean {
  return !listed && listUpdatedAt - followedSince > GONE_AFTER_MS;
}
