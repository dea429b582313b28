import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartAiSuggestion, type AiSuggestionResult } from '../../../api/ai.ts';
import { taskIdsOf } from '../../../api/tasks.ts';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import { errorMessage } from '../../../lib/error-messages.ts';
import { useTaskOutcome } from '../../ai/use-task-outcome.ts';

export interface SuggestionRequest {
  to_recipients: string[];
  subject: string;
  context: string;
}

/**
 * 'KI-Vorschlag' in compose: asks for a suggestion (AI_SUGGESTION) and shows it for review;
 * nothing reaches the mail until the user takes it.
 */
export function useSuggestion() {
  const start = useStartAiSuggestion();
  const [taskId, setTaskId] = useState<string | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const outcome = useTaskOutcome<AiSuggestionResult>(taskId);
  return {
    open,
    request: (input: SuggestionRequest) => {
      setOpen(true);
      setTaskId(null);
      setStartError(null);
      start.mutate(input, {
        onSuccess: (response) => setTaskId(taskIdsOf(response)[0] ?? null),
        onError: (error) => setStartError(errorMessage(error)),
      });
    },
    close: () => {
      setOpen(false);
      setTaskId(null);
    },
    running: open && !startError && (start.isPending || !outcome || outcome.state === 'running'),
    result: outcome?.state === 'success' ? outcome.result : null,
    error: startError ?? (outcome?.state === 'failed' ? outcome.message : null),
  };
}

export function SuggestionPanel({
  suggestion,
  onInsert,
}: {
  suggestion: ReturnType<typeof useSuggestion>;
  onInsert: (text: string) => void;
}) {
  const { t } = useTranslation();
  const { result, error, running } = suggestion;
  // A dialog, not a panel in the form: on a phone or below a long quote it is seen at once, and
  // the draft behind it stays as it is until "Einfügen".
  return (
    <Dialog
      open={suggestion.open}
      onClose={suggestion.close}
      fullWidth
      maxWidth="sm"
      aria-labelledby="ai-suggestion-title"
    >
      <DialogTitle id="ai-suggestion-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Mdi name="creation" sx={{ color: 'primary.main' }} />
        {t('compose.ai.title')}
      </DialogTitle>
      <DialogContent>
        {running && (
          <Box role="status">
            <Typography variant="body2" sx={{ mb: 1, color: 'text.secondary' }}>
              {t('compose.ai.running')}
            </Typography>
            <LinearProgress aria-label={t('compose.ai.running')} />
          </Box>
        )}
        {error && <Alert severity="error">{error || t('compose.ai.failed')}</Alert>}
        {result && (
          <>
            <Typography
              component="blockquote"
              data-testid="ai-suggestion"
              sx={{
                m: 0,
                whiteSpace: 'pre-line',
                pl: 1.5,
                borderLeft: 3,
                borderColor: 'primary.main',
              }}
            >
              {result.suggestion}
            </Typography>
            {result.note && (
              <Alert severity="warning" sx={{ mt: 2 }}>
                {result.note}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={suggestion.close}>
          {t('compose.ai.dismiss')}
        </Button>
        <Button
          variant="contained"
          startIcon={<Mdi name="text-box-plus-outline" />}
          disabled={!result}
          onClick={() => {
            if (!result) return;
            suggestion.close();
            onInsert(result.suggestion);
          }}
        >
          {t('compose.ai.insert')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
