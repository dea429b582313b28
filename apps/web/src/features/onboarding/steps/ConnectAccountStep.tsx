import type { Account } from '@brieftaube/shared';
import { Button, Stack, Typography } from '@mui/material';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The account setup of 'Konten verwalten'; the app passes it in (features import no feature). */
export type AccountSetupComponent = ComponentType<{
  account?: Account;
  onSaved: (account: Account, created: boolean) => void;
  onCancel?: () => void;
  extraActions?: ReactNode;
}>;

interface Props {
  AccountSetup: AccountSetupComponent;
  /** The account saved before, when its settings are corrected after a failed fetch. */
  account: Account | null;
  onSaved: (account: Account) => void;
  onSkip: () => void;
  /** Back to the fetch without changes (correction only). */
  onCancel: () => void;
}

export function ConnectAccountStep({ AccountSetup, account, onSaved, onSkip, onCancel }: Props) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2.5}>
      <div>
        <Typography variant="h5" component="h2">
          {account ? t('onboarding.editTitle') : t('onboarding.accountTitle')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
          {account ? t('onboarding.editText') : t('onboarding.accountText')}
        </Typography>
      </div>
      {account ? (
        <AccountSetup account={account} onSaved={onSaved} onCancel={onCancel} />
      ) : (
        <AccountSetup
          onSaved={onSaved}
          extraActions={
            <Button onClick={onSkip} color="inherit">
              {t('onboarding.skip')}
            </Button>
          }
        />
      )}
    </Stack>
  );
}
