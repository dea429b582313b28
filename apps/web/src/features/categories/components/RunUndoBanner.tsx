import { Alert, Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUndoCategorize, type AiCategorizeResult } from '../../../api/ai.ts';
import { errorMessage } from '../../../lib/error-messages.ts';
import { useTaskOutcome } from '../../ai/use-task-outcome.ts';

/**
 * What a categorisation started on this page did, with 'Rückgängig', until the user closes it:
 * the task card goes after 4 s (spec §4), too soon to decide on a whole run.
 */
export function RunUndoBanner({ taskId, onClose }: { taskId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const outcome = useTaskOutcome<AiCategorizeResult>(taskId);
  // Kept once seen: the server lists a finished task for minutes only.
  const [result, setResult] = useState<AiCategorizeResult | null>(null);
  if (outcome?.state === 'success' && result === null) setResult(outcome.result);
  const undo = useUndoCategorize();
  if (!result || result.categorized === 0) return null;
  return (
    <Alert
      severity={undo.isError ? 'error' : 'success'}
      onClose={onClose}
      closeText={t('common.close')}
      sx={{ mb: 2 }}
      data-testid="categorize-run"
      action={
        !undo.isSuccess && (
          <Button
            color="inherit"
            size="small"
            loading={undo.isPending}
            onClick={() => undo.mutate(taskId)}
          >
            {t('tasks.undo')}
          </Button>
        )
      }
    >
      {undo.isSuccess
        ? t('tasks.undone', { count: undo.data.restored })
        : undo.isError
          ? errorMessage(undo.error)
          : t('ai.categorize.done', { count: result.categorized })}
    </Alert>
  );
}
