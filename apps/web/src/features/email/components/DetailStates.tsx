import { Alert, Box, Button, Paper, Skeleton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Mdi } from '../../../components/ui/Mdi.tsx';

export function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-label={t('email.loading')} sx={{ p: { xs: 2, sm: 3 } }}>
      <Skeleton variant="text" sx={{ fontSize: 28, width: '60%', mb: 2 }} />
      <Box sx={{ display: 'flex', gap: 1.5, mb: 3 }}>
        <Skeleton variant="circular" width={40} height={40} />
        <Box sx={{ flex: 1 }}>
          <Skeleton width="35%" />
          <Skeleton width="50%" />
        </Box>
      </Box>
      <Skeleton variant="rounded" height={240} />
    </Box>
  );
}

export function DetailError({
  notFound,
  message,
  onRetry,
  onBack,
}: {
  notFound: boolean;
  message: string;
  onRetry: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  if (notFound)
    return (
      <Paper variant="outlined" sx={{ py: 8, px: 3, textAlign: 'center' }}>
        <Mdi name="email-remove-outline" sx={{ fontSize: 48, color: 'text.secondary' }} />
        <Typography variant="h6" component="h1" sx={{ mt: 1 }}>
          {t('email.notFound')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>{t('email.notFoundText')}</Typography>
        <Button
          variant="contained"
          color="secondary"
          onClick={onBack}
          startIcon={<Mdi name="arrow-left" />}
          sx={{ mt: 3 }}
        >
          {t('email.back')}
        </Button>
      </Paper>
    );
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry} startIcon={<Mdi name="refresh" />}>
          {t('email.retry')}
        </Button>
      }
    >
      <strong>{t('email.loadError')}</strong> {message}
    </Alert>
  );
}
