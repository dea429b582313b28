import { Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Mdi } from '../../../../components/ui/Mdi.tsx';
import type { SuggestionState } from './use-description-suggestion.ts';

/** Spec §2: 'Vorschlag: ...' with 'Übernehmen', which copies it into the description. */
export function DescriptionSuggestion({
  state,
  onApply,
}: {
  state: SuggestionState;
  onApply: (text: string) => void;
}) {
  const { t } = useTranslation();
  if (state.status === 'idle') return null;
  if (state.status === 'loading')
    return (
      <Box
        role="status"
        sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary', mt: -1 }}
      >
        <CircularProgress size={14} color="inherit" aria-hidden />
        <Typography variant="body2">{t('categoryDialog.suggesting')}</Typography>
      </Box>
    );
  return (
    <Paper
      variant="outlined"
      role="status"
      data-testid="description-suggestion"
      sx={{
        // On a phone the button goes under the text: beside it, it left the sentence a column
        // of two or three words a line.
        display: 'grid',
        gridTemplateColumns: { xs: 'auto 1fr', sm: 'auto 1fr auto' },
        alignItems: 'start',
        columnGap: 1.25,
        rowGap: 1,
        p: 1.5,
        mt: -1,
        bgcolor: 'action.hover',
      }}
    >
      <Mdi name="creation-outline" sx={{ color: 'info.main', fontSize: 20, mt: 0.25 }} />
      <Typography variant="body2">
        <Box component="span" sx={{ fontWeight: 700 }}>
          {t('categoryDialog.suggestionLabel')}
        </Box>{' '}
        {state.text}
      </Typography>
      <Button
        size="small"
        variant="outlined"
        onClick={() => onApply(state.text)}
        sx={{ gridColumn: { xs: 2, sm: 3 }, justifySelf: 'start' }}
      >
        {t('categoryDialog.apply')}
      </Button>
    </Paper>
  );
}
