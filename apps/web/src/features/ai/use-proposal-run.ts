import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { proposalKeys, useStartClusterRefine } from '../../api/ai.ts';
import { taskIdsOf } from '../../api/tasks.ts';
import { useTaskOutcome } from './use-task-outcome.ts';

/** A cluster analysis of one account: started here, its proposals read from the server. */
export function useProposalRun(accountId: number, onError: (error: unknown) => void) {
  const queryClient = useQueryClient();
  const [taskId, setTaskId] = useState<string | null>(null);
  const start = useStartClusterRefine();
  const outcome = useTaskOutcome<unknown>(taskId);
  const state = outcome?.state;
  useEffect(() => {
    if (state === 'success' || state === 'failed')
      void queryClient.invalidateQueries({ queryKey: proposalKeys.account(accountId) });
  }, [state, accountId, queryClient]);
  return {
    start: () =>
      start.mutate(accountId, {
        onSuccess: (response) => setTaskId(taskIdsOf(response)[0] ?? null),
        onError,
      }),
    running: start.isPending || state === 'running',
    finished: state === 'success',
    failed: state === 'failed' ? outcome?.message : undefined,
  };
}
