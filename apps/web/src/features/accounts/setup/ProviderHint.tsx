import { Alert, AlertTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ProviderChoiceValue } from './ProviderChoice.tsx';

/**
 * Google and Microsoft: their own sign-in (OAuth) arrives later, so the password route is offered
 * with the provider's app-password advice. Yahoo needs an app password too.
 */
export function ProviderHint({ provider }: { provider: ProviderChoiceValue }) {
  const { t } = useTranslation();
  if (provider === 'imap') return null;
  if (provider === 'yahoo')
    return <Alert severity="info">{t('accounts.setup.appPasswordHint.yahoo')}</Alert>;
  return (
    <Alert severity="info">
      <AlertTitle>{t(`accounts.setup.oauthComing.${provider}`)}</AlertTitle>
      {t(`accounts.setup.appPasswordHint.${provider}`)}
    </Alert>
  );
}
