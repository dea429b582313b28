import { Alert, AlertTitle, Box, Button, Paper, Stack, Typography } from '@mui/material';
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
/**
 * /oauth-callback: where Google and Microsoft send the user back. Finishing the sign-in arrives
 * with the OAuth flow; until then the page says so at once (a spinner would wait for nothing),
 * and explains an `error` the provider sent.
 */
export function OAuthCallbackPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const error = params.get('error');
  const description = params.get('error_description');

  const back = (
    <Button component={RouterLink} to="/app/accounts" variant="contained">
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
            <Stack spacing={3}>
              <Typography variant="h5" component="h1">
                {t('accounts.oauth.unavailableTitle')}
              </Typography>
              <Alert severity="info">{t('accounts.oauth.unavailableText')}</Alert>
              <Box>{back}</Box>
            </Stack>
          )}
        </Paper>
      </Box>
    </BlankFrame>
  );
}
