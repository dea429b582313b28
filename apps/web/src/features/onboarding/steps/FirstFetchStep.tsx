import type { Account } from '@brieftaube/shared';
import { Alert, AlertTitle, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { BreakableAddress } from '../../../components/mail/BreakableAddress.tsx';
import type { FirstFetch } from '../lib/onboarding-progress.ts';
import { isFailure, isRevoked, isSuccess } from '../lib/task-status.ts';

interface Props {
  account: Account;
  /** The account's first fetch as the server knows it; null while that is being asked. */
  fetch: FirstFetch | null;
  /** A German sentence when POST /api/tasks/fetch-emails/{id}/ itself failed. */
  startError: string | null;
  starting: boolean;
  onRetry: () => void;
  /** Opens the account's settings, e.g. after a refused password. */
  onEdit: () => void;
  onNext: () => void;
}

/** The first fetch with live progress (the page polls GET /api/status/all-tasks/). */
export function FirstFetchStep({
  account,
  fetch,
  startError,
  starting,
  onRetry,
  onEdit,
  onNext,
}: Props) {
  const { t } = useTranslation();
  const task = fetch?.kind === 'task' ? fetch.task : undefined;
  const status =
    task?.status ??
    (fetch?.kind === 'synced' ? 'SUCCESS' : fetch?.kind === 'failed' ? 'FAILURE' : 'PENDING');
  const message = task?.message ?? (fetch?.kind === 'failed' ? fetch.message : undefined);
  const failed = !!startError || isFailure(status);
  const done = isSuccess(status);
  const percent = Math.max(0, Math.min(100, task?.percent ?? 0));

  return (
    <Stack spacing={2.5}>
      <div>
        <Typography variant="h5" component="h2">
          {t(done ? 'onboarding.fetchTitleDone' : 'onboarding.fetchTitle')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
          {t(done ? 'onboarding.fetchTextDone' : 'onboarding.fetchText')}
        </Typography>
      </div>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        <BreakableAddress address={account.email_address} />
      </Typography>

      {failed ? (
        <Alert severity="error" role="alert">
          <AlertTitle>
            {startError
              ? t('onboarding.fetchStartFailed')
              : isRevoked(status)
                ? t('onboarding.fetchCancelled')
                : t('onboarding.fetchFailed')}
          </AlertTitle>
          {startError ?? message}
        </Alert>
      ) : done ? (
        <Alert severity="success">
          <AlertTitle>{t('onboarding.fetchDone')}</AlertTitle>
          {message}
        </Alert>
      ) : (
        <Box role="status" aria-live="polite">
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mb: 1 }}>
            <Typography variant="body2">
              {task?.message ?? t('onboarding.fetchStarting')}
            </Typography>
            {task && (
              <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {t('onboarding.fetchPercent', { percent: Math.round(percent) })}
              </Typography>
            )}
          </Box>
          <LinearProgress
            variant={task && !starting ? 'determinate' : 'indeterminate'}
            value={percent}
            aria-label={t('onboarding.fetchProgress')}
            sx={{ height: 8, borderRadius: 4 }}
          />
        </Box>
      )}

      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5, flexWrap: 'wrap' }}>
        {failed && (
          <>
            <Button color="inherit" onClick={onNext}>
              {t('onboarding.continueAnyway')}
            </Button>
            <Button variant="outlined" onClick={onEdit}>
              {t('onboarding.editAccount')}
            </Button>
            <Button variant="contained" onClick={onRetry} loading={starting}>
              {t('onboarding.retry')}
            </Button>
          </>
        )}
        {done && (
          <Button variant="contained" onClick={onNext}>
            {t('common.next')}
          </Button>
        )}
        {!failed && !done && (
          <Button onClick={onNext}>{t('onboarding.continueInBackground')}</Button>
        )}
      </Box>
    </Stack>
  );
}
