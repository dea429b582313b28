import { Alert, Box, Button, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import { ROW_HEIGHT } from './list-styles.ts';

/** Rows of grey shapes where the first page is about to appear. */
export function ListSkeleton({ rows = 8 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-label={t('mailbox.loading')} sx={{ overflow: 'hidden' }}>
      {Array.from({ length: rows }, (_, i) => (
        <Box
          key={i}
          sx={{
            height: ROW_HEIGHT,
            display: 'flex',
            alignItems: 'center',
            gap: 2,
            px: 2,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Skeleton variant="rounded" width={18} height={18} />
          <Skeleton variant="circular" width={20} height={20} />
          <Box sx={{ flex: 1 }}>
            <Skeleton width={`${30 + ((i * 17) % 25)}%`} />
            <Skeleton width={`${55 + ((i * 23) % 35)}%`} />
          </Box>
          <Skeleton width={44} />
        </Box>
      ))}
    </Box>
  );
}

export function EmptyState({
  icon,
  title,
  text,
  action,
}: {
  icon: string;
  title: string;
  text: string;
  action?: ReactNode;
}) {
  return (
    <Box sx={{ py: 8, px: 3, textAlign: 'center' }}>
      <Box
        sx={{
          width: 72,
          height: 72,
          mx: 'auto',
          mb: 2,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
        }}
      >
        <Mdi name={icon} sx={{ fontSize: 36, color: 'text.secondary' }} />
      </Box>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 1, maxWidth: 460, mx: 'auto' }}>
        {text}
      </Typography>
      {action && <Box sx={{ mt: 3 }}>{action}</Box>}
    </Box>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: 3 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry} startIcon={<Mdi name="refresh" />}>
            {t('mailbox.error.retry')}
          </Button>
        }
      >
        <strong>{t('mailbox.error.title')}</strong> {message}
      </Alert>
    </Box>
  );
}
