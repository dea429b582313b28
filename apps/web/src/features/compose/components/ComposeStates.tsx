import { Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Mdi } from '../../../components/ui/Mdi.tsx';

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ maxWidth: 1040, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The shape of the compose form while accounts or the original mail load. */
export function ComposeLoading({ title, text }: { title: string; text?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <Frame title={title}>
      <Paper variant="outlined" aria-busy="true" sx={{ p: 2 }}>
        <Typography role="status" variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {text ?? t('common.loading')}
        </Typography>
        <Stack spacing={2}>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} variant="rounded" height={28} />
          ))}
          <Skeleton variant="rounded" height={220} />
        </Stack>
      </Paper>
    </Frame>
  );
}

interface ProblemProps {
  title: string;
  message: string;
  onRetry?: (() => void) | undefined;
  offerNewMail?: boolean;
}

export function ComposeProblem({ title, message, onRetry, offerNewMail }: ProblemProps) {
  const { t } = useTranslation();
  return (
    <Frame title={title}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }}>
        <Mdi name="email-off-outline" sx={{ fontSize: 48, color: 'text.secondary' }} />
        <Typography role="alert" sx={{ mt: 1, mb: 3 }}>
          {message}
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'center' }}
        >
          {onRetry && (
            <Button variant="contained" onClick={onRetry}>
              {t('compose.prefill.retry')}
            </Button>
          )}
          {offerNewMail && (
            <Button
              variant={onRetry ? 'outlined' : 'contained'}
              component={RouterLink}
              to="/app/compose"
            >
              {t('compose.prefill.newMail')}
            </Button>
          )}
          <Button color="inherit" component={RouterLink} to="/app">
            {t('compose.prefill.toInbox')}
          </Button>
        </Stack>
      </Paper>
    </Frame>
  );
}

export function NoAccounts({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Frame title={title}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }}>
        <Mdi name="account-plus-outline" sx={{ fontSize: 48, color: 'text.secondary' }} />
        <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
          {t('compose.noAccounts.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 0.5, mb: 3 }}>
          {t('compose.noAccounts.text')}
        </Typography>
        <Button variant="contained" component={RouterLink} to="/app/accounts">
          {t('compose.noAccounts.action')}
        </Button>
      </Paper>
    </Frame>
  );
}
