import {
  Alert,
  AlertTitle,
  Box,
  Button,
  CircularProgress,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { completeOAuth, type OAuthReturnState } from '../../api/oauth.ts';
import { fetchAccountEmails } from '../../api/tasks.ts';
import { BlankFrame } from '../../components/layouts/BlankFrame.tsx';
import { errorMessage } from '../../lib/error-messages.ts';

/**
 * /oauth-callback: where Google, Microsoft and Yahoo send the user back. The server finishes the
 * sign-in with what the provider put on the address (once: the state is used up), the first
 * fetch starts, and the user goes back to where the sign-in began. A refused consent, a state
 * that is used, expired or someone else's: the server's German message, and nothing connected.
 */
export function OAuthCallbackPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const state = params.get('state');
  const code = params.get('code');
  const error = params.get('error');
  const [failure, setFailure] = useState<string | null>(null);
  // The state can be used once; React's development double effect must not send it twice.
  const sent = useRef(false);

  useEffect(() => {
    if (!state || sent.current) return;
    sent.current = true;
    completeOAuth({ state, ...(code ? { code } : {}), ...(error ? { error } : {}) })
      .then(async ({ account, created, return_to }) => {
        // The mail of a new or renewed account is fetched at once, as after the password form.
        await fetchAccountEmails(account.id).catch(() => undefined);
        await queryClient.invalidateQueries({ queryKey: ['accounts'] });
        const notice = t(created ? 'accounts.oauth.connected' : 'accounts.oauth.renewed', {
          email: account.email_address,
        });
        void navigate(return_to, {
          replace: true,
          state: { oauthNotice: notice } satisfies OAuthReturnState,
        });
      })
      .catch((reason: unknown) => setFailure(errorMessage(reason)));
  }, [state, code, error, navigate, queryClient, t]);

  const back = (
    <Button component={RouterLink} to="/app/accounts" variant="contained">
      {t('accounts.oauth.back')}
    </Button>
  );

  return (
    <BlankFrame logoTo="/app">
      <Box component="main" sx={{ flex: 1, display: 'grid', placeItems: 'center', p: 2 }}>
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, width: '100%', maxWidth: 520 }}>
          {!state ? (
            <Stack spacing={3}>
              <Typography variant="h5" component="h1">
                {t('accounts.oauth.invalidTitle')}
              </Typography>
              <Alert severity="info">{t('accounts.oauth.invalidText')}</Alert>
              <Box>{back}</Box>
            </Stack>
          ) : failure ? (
            <Stack spacing={3}>
              <Typography variant="h5" component="h1">
                {t('accounts.oauth.failedTitle')}
              </Typography>
              <Alert severity="error" role="alert">
                <AlertTitle>{failure}</AlertTitle>
              </Alert>
              <Box>{back}</Box>
            </Stack>
          ) : (
            <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center' }} role="status">
              <CircularProgress aria-hidden />
              <Typography variant="h6" component="h1">
                {t('accounts.oauth.finishing')}
              </Typography>
            </Stack>
          )}
        </Paper>
      </Box>
    </BlankFrame>
  );
}
