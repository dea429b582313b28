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
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { BlankFrame } from '../../components/layouts/BlankFrame.tsx';

/** RFC 6749 §4.1.2.1 error codes that deserve their own sentence. */
const KNOWN_ERRORS = [
  'access_denied',
  'invalid_request',
  'server_error',
  'temporarily_unavailable',
];
/** After this long without a result, the way back is offered. */
const SLOW_AFTER_MS = 15_000;

/**
 * /oauth-callback: where Google and Microsoft send the user back. Finishing the sign-in arrives
 * with the OAuth flow; until then the page waits, and explains an `error` the provider sent.
 */
export function OAuthCallbackPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const error = params.get('error');
  const description = params.get('error_description');
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    if (error) return;
    const timer = window.setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [error]);

  const back = (
    <Button component={RouterLink} to="/app/accounts" variant={error ? 'contained' : 'text'}>
      {t('accounts.oauth.back')}
    </Button>
  );

  return (
    <BlankFrame logoTo="/app">
      <Box component="main" sx={{ flex: 1, display: 'grid', placeItems: 'center', p: 2 }}>
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, width: '100%', maxWidth: 520 }}>
          {error ? (
            <Stack spacing={3}>
              <Typography variant="h5" component="h1">
                {t('accounts.oauth.failedTitle')}
              </Typography>
              <Alert severity="error" role="alert">
                <AlertTitle>
                  {t(`accounts.oauth.errors.${KNOWN_ERRORS.includes(error) ? error : 'other'}`)}
                </AlertTitle>
                {description && t('accounts.oauth.providerSaid', { message: description })}
              </Alert>
              <Box>{back}</Box>
            </Stack>
          ) : (
            <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
              <CircularProgress aria-labelledby="oauth-title" />
              <Typography id="oauth-title" variant="h5" component="h1">
                {t('accounts.oauth.completing')}
              </Typography>
              <Typography sx={{ color: 'text.secondary' }} role="status">
                {slow ? t('accounts.oauth.slow') : t('accounts.oauth.completingText')}
              </Typography>
              {slow && back}
            </Stack>
          )}
        </Paper>
      </Box>
    </BlankFrame>
  );
}
