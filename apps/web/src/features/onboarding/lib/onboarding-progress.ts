import type { Account } from '@brieftaube/shared';
import type { TaskMap, TaskStatus } from '../../../api/tasks.ts';

export type OnboardingStep = 'welcome' | 'account' | 'fetch' | 'categories' | 'finish';

/**
 * Where onboarding stands after a reload or in a second tab. The server decides what it knows:
 * a user with an account is past the account step. Only what the server cannot know (the user
 * went on to the account step, skipped it, or moved on to the end) comes from `shown`, the step
 * this browser showed last.
 */
export function resumeStep(hasAccount: boolean, shown: OnboardingStep | null): OnboardingStep {
  if (shown === 'finish') return 'finish';
  if (hasAccount) return shown === 'categories' ? 'categories' : 'fetch';
  return shown === null || shown === 'welcome' ? 'welcome' : 'account';
}

/** What the first fetch of the account is, from the task list and the account itself. */
export type FirstFetch =
  | { kind: 'task'; task: TaskStatus }
  /** Fetched, but its task is no longer listed (the server lists finished ones for minutes). */
  | { kind: 'synced' }
  /** Failed, its task no longer listed: the account keeps the reason. */
  | { kind: 'failed'; message: string }
  /** Never fetched and nothing running: a fetch is to be started. */
  | { kind: 'none' };

/**
 * The account's newest fetch task. A task names its account by address only; the server lists
 * the newest first, and a task just started is put first too.
 */
export function newestFetchTask(tasks: TaskMap, account: Account): TaskStatus | undefined {
  const address = account.email_address.toLowerCase();
  return Object.values(tasks).find(
    (task) =>
      task.task_type.toUpperCase() === 'FETCH' && task.account_email?.toLowerCase() === address,
  );
}

export function firstFetchOf(tasks: TaskMap, account: Account): FirstFetch {
  const task = newestFetchTask(tasks, account);
  if (task) return { kind: 'task', task };
  if (account.last_sync_at) return { kind: 'synced' };
  if (account.last_sync_error) return { kind: 'failed', message: account.last_sync_error };
  return { kind: 'none' };
}

const PREFIX = 'brieftaube.onboarding:';
const STEPS: readonly OnboardingStep[] = ['welcome', 'account', 'fetch', 'categories', 'finish'];

/** Per user: whoever signs in next at this browser starts at their own step. */
export function readShownStep(user: string): OnboardingStep | null {
  try {
    const value = localStorage.getItem(PREFIX + user);
    return STEPS.find((step) => step === value) ?? null;
  } catch {
    return null;
  }
}

export function writeShownStep(user: string, step: OnboardingStep | null): void {
  try {
    if (step) localStorage.setItem(PREFIX + user, step);
    else localStorage.removeItem(PREFIX + user);
  } catch {
    // Storage switched off: a reload starts from what the server knows.
  }
}
