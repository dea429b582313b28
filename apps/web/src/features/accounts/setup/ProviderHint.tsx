import type { OAuthProviderId } from '@brieftaube/shared';
import { Alert, AlertTitle, Box, Button, Divider, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { signInWith, useOAuthProviders } from '../../../api/oauth.ts';
import { errorMessage } from '../../../lib/error-messages.ts';
import { ProviderAvatar } from '../components/ProviderAvatar.tsx';
import type { ProviderChoiceValue } from './ProviderChoice.tsx';

/**
 * Google, Microsoft and Yahoo: their own sign-in (OAuth) first where this server offers it, the
 * password form below it as the other way; where it does not, the form with the provider's
 * app-password advice.
 */
export function ProviderHint({ provider }: { provider: ProviderChoiceValue }) {
  if (provider === 'imap') return null;
  return <OAuthOffer provider={provider} />;
}

function OAuthOffer({ provider }: { provider: OAuthProviderId }) {
  const { t } = useTranslation();
  const location = useLocation();
  const providers = useOAuthProviders();
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const label = t(`accounts.provider.${provider}`);
  const configured = providers.data?.some((p) => p.provider === provider && p.configured);

  if (!configured) {
    return (
      <Alert severity="info">
        {providers.isSuccess && (
          <AlertTitle>{t('accounts.setup.oauth.notConfigured', { provider: label })}</AlertTitle>
        )}
        {t(`accounts.setup.appPasswordHint.${provider}`)}
      </Alert>
    );
  }
  return (
    <Stack spacing={2}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('accounts.setup.oauth.recommended', { provider: label })}
      </Typography>
      <Box>
        <Button
          variant="contained"
          size="large"
          startIcon={<ProviderAvatar provider={provider} size={24} />}
          loading={starting}
          loadingPosition="start"
          onClick={() => {
            setStarting(true);
            setFailure(null);
            signInWith(provider, { returnTo: location.pathname }).catch((error: unknown) => {
              setStarting(false);
              setFailure(errorMessage(error));
            });
          }}
        >
          {t(`accounts.setup.oauth.connect.${provider}`)}
        </Button>
      </Box>
      {failure && (
        <Alert severity="error" role="alert">
          {t('accounts.setup.oauth.startFailed', { provider: label })} {failure}
        </Alert>
      )}
      <Divider>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('accounts.setup.oauth.orPassword')}
        </Typography>
      </Divider>
      <Alert severity="info">{t(`accounts.setup.appPasswordHint.${provider}`)}</Alert>
    </Stack>
  );
}
