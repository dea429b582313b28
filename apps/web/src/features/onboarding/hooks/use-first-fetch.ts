import type { Account } from '@brieftaube/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { allTasksQueryOptions, useFetchAccountEmails } from '../../../api/tasks.ts';
import { errorMessage } from '../../../lib/error-messages.ts';
import { firstFetchOf, type FirstFetch } from '../lib/onboarding-progress.ts';
import { isFinished } from '../lib/task-status.ts';

/** Spec §9: the task poll interval. */
const POLL_MS = 2000;

export interface FirstFetchState {
  /** null until the task list is known: nothing is decided (or started) before. */
  fetch: FirstFetch | null;
  starting: boolean;
  /** A German sentence when POST /api/tasks/fetch-emails/{id}/ itself failed. */
  startError: string | null;
  /** The task list could not be loaded (and nothing is started without it). */
  loadError: unknown;
  reload: () => void;
  /** Starts a fetch of the account now (a new account, a retry, corrected settings). */
  start: (accountId: number) => void;
}

/**
 * The first fetch of the onboarding account, as the server knows it: the account's fetch task
 * (running, done or failed) is followed, in this tab and in any other, after any reload. A fetch
 * is started only for an account that has none, so a reload never fetches a second time.
 */
export function useFirstFetch(account: Account | null): FirstFetchState {
  const fetchEmails = useFetchAccountEmails();
  const tasks = useQuery({
    ...allTasksQueryOptions(),
    enabled: !!account,
    refetchInterval: (query) => {
      if (!account || !query.state.data) return POLL_MS;
      const state = firstFetchOf(query.state.data, account);
      if (state.kind === 'task') return isFinished(state.task.status) ? false : POLL_MS;
      // A fetch about to start is polled; one the account says is over is not.
      return state.kind === 'none' ? POLL_MS : false;
    },
  });
  const fetch = account && tasks.data ? firstFetchOf(tasks.data, account) : null;

  // Once per account and page: a start that failed is retried by the user, not by a loop.
  const startedFor = useRef<number | null>(null);
  const { mutate } = fetchEmails;
  const start = useCallback(
    (accountId: number) => {
      startedFor.current = accountId;
      mutate(accountId);
    },
    [mutate],
  );
  const needsStart = fetch?.kind === 'none' && !fetchEmails.isPending;
  const accountId = account?.id ?? null;
  useEffect(() => {
    if (accountId !== null && needsStart && startedFor.current !== accountId) start(accountId);
  }, [accountId, needsStart, start]);

  return {
    fetch,
    loadError: tasks.isError && !tasks.data ? tasks.error : null,
    reload: () => void tasks.refetch(),
    starting: fetchEmails.isPending,
    startError: fetchEmails.isError ? errorMessage(fetchEmails.error) : null,
    start,
  };
}
