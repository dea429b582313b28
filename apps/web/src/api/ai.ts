import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Category } from '@brieftaube/shared';
import { api } from '../lib/api.ts';
import { categoryKeys } from './categories.ts';
import { useStartTask } from './tasks.ts';

/** Spec §7 results of the AI's tasks, as they arrive in the task list. */
export interface AiSearchResult {
  interpretation: string;
  results: {
    email_id: number;
    score: number;
    snippet: string;
    subject?: string;
    from?: string;
    date?: string;
  }[];
  /** More mails match than are listed (the best are): absent from servers before it. */
  more?: boolean;
}
export interface AiQuestionResult {
  answer: string;
  sources: { email_id: number; subject: string; from: string; date: string; quote: string }[];
  note?: string;
}
export interface AiSuggestionResult {
  suggestion: string;
  note?: string;
}
export interface AiCategorizeResult {
  categorized: number;
  uncertain: number;
  per_category: Record<string, number>;
  note?: string;
}
export interface CategoryProposal {
  id: number;
  name: string;
  description: string;
  size: number;
  sample_email_ids: number[];
  samples?: { email_id: number; subject: string; from: string; date: string }[];
}
export interface ClusterRefineResult {
  proposals: CategoryProposal[];
}

type Started = { task_id: string };

export const useStartAiSearch = () =>
  useStartTask((query: string) => api.post<Started>('/api/tasks/ai-search/', { query }), {
    taskType: 'AI_SEARCH',
  });
export const useStartAiQuestion = () =>
  useStartTask((question: string) => api.post<Started>('/api/tasks/ai-question/', { question }), {
    taskType: 'AI_QUESTION',
  });
export const useStartAiSuggestion = () =>
  useStartTask(
    (input: { to_recipients: string[]; subject: string; context: string }) =>
      api.post<Started>('/api/tasks/ai-suggestion/', input),
    { taskType: 'AI_SUGGESTION' },
  );
export const useStartAiCategorize = () =>
  useStartTask(
    (input: {
      account_id?: number;
      email_pks?: number[];
      reclassify_uncategorized_only?: boolean;
    }) => api.post<Started>('/api/tasks/ai-categorize/', input),
    { taskType: 'AI_CATEGORIZE' },
  );
export const useStartClusterRefine = () =>
  useStartTask(
    (accountId: number) =>
      api.post<Started>('/api/tasks/cluster-refine/', { account_id: accountId }),
    { taskType: 'CLUSTER_REFINE' },
  );

/** Spec §2: after a category change, accounts, folders and lists are reloaded. */
function useReloadMailboxes() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [categoryKeys.all, ['accounts'], ['folders'], ['emails']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** Spec §2/§4 reloads after a categorisation; undoing one changes the same. */
export function useUndoCategorize() {
  const reload = useReloadMailboxes();
  return useMutation({
    mutationFn: (taskId: string) =>
      api.post<{ restored: number }>(`/api/tasks/ai-categorize/${taskId}/undo/`),
    onSuccess: reload,
  });
}

export const proposalKeys = {
  all: ['proposals'] as const,
  account: (accountId: number) => ['proposals', accountId] as const,
};

/** The account's open proposals: kept on the server until accepted or dismissed. */
export const proposalsQueryOptions = (accountId: number) =>
  queryOptions({
    queryKey: proposalKeys.account(accountId),
    queryFn: () =>
      api
        .get<ClusterRefineResult>(`/api/tasks/cluster-refine/proposals/?account_id=${accountId}`)
        .then((r) => r.proposals),
  });
export const useProposals = (accountId: number) => useQuery(proposalsQueryOptions(accountId));

/** Accepting creates the category (under the user's name for it) and files its mail (source ai). */
export function useAcceptProposal() {
  const reload = useReloadMailboxes();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name?: string }) =>
      api.post<Category>(`/api/tasks/cluster-refine/proposals/${id}/accept/`, name ? { name } : {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: proposalKeys.all }),
    onSuccess: reload,
  });
}
export function useDismissProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<void>(`/api/tasks/cluster-refine/proposals/${id}/dismiss/`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: proposalKeys.all }),
  });
}
