import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import type { DraftStatus as Status } from '../hooks/use-draft-autosave.ts';

const time = new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit' });

interface Props {
  status: Status;
  savedAt: Date | null;
  errorText: string | undefined;
  onRetry: () => void;
}

/** "Entwurf gespeichert · 14:32", "Wird gespeichert …" or why saving failed. */
export function DraftStatus({ status, savedAt, errorText, onRetry }: Props) {
  const { t } = useTranslation();
  if (status === 'idle') return <Box role="status" aria-live="polite" />;
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.75,
        color: 'text.secondary',
      }}
    >
      {status === 'saving' && (
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          {t('compose.draft.saving')}
        </Typography>
      )}
      {status === 'saved' && savedAt && (
        <>
          <Mdi name="cloud-check-outline" fontSize="small" />
          <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
            {t('compose.draft.saved', { time: time.format(savedAt) })}
          </Typography>
        </>
      )}
      {status === 'error' && (
        <>
          <Mdi name="cloud-alert-outline" fontSize="small" sx={{ color: 'error.main' }} />
          <Typography variant="body2" sx={{ color: 'error.main' }}>
            {errorText
              ? t('compose.draftFailed', { reason: errorText })
              : t('compose.draft.failed')}
          </Typography>
          <Button size="small" onClick={onRetry} sx={{ whiteSpace: 'nowrap' }}>
            {t('compose.draft.retry')}
          </Button>
        </>
      )}
    </Box>
  );
}
