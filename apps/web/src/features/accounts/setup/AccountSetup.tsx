import type { Account } from '@brieftaube/shared';
import { Box, Button, CircularProgress, Stack } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePresets } from '../../../api/accounts.ts';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import { AccountForm } from './AccountForm.tsx';
import { ProviderChoice, type ProviderChoiceValue } from './ProviderChoice.tsx';

export interface AccountSetupProps {
  /** Edit this account instead of adding one (the provider step is skipped). */
  account?: Account;
  /** Called once the account is stored; the caller starts the first fetch. */
  onSaved: (account: Account, created: boolean) => void;
  /** Shows 'Abbrechen'. */
  onCancel?: () => void;
  /** More controls beside 'Abbrechen', e.g. onboarding's 'Später einrichten'. */
  extraActions?: ReactNode;
}

/**
 * Adding or editing a mail account, used by the account list and by onboarding: choose the
 * provider, then the IMAP/SMTP form prefilled from the provider presets.
 */
export function AccountSetup({ account, onSaved, onCancel, extraActions }: AccountSetupProps) {
  const { t } = useTranslation();
  // Without presets the form still works; the user types the servers in.
  const presets = usePresets();
  const [provider, setProvider] = useState<ProviderChoiceValue | null>(account?.provider ?? null);

  const cancel = onCancel && (
    <Button onClick={onCancel} color="inherit">
      {t('common.cancel')}
    </Button>
  );

  if (!provider) {
    return (
      <Stack spacing={3}>
        <ProviderChoice onChoose={setProvider} />
        {(cancel || extraActions) && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {cancel}
            {extraActions}
          </Box>
        )}
      </Stack>
    );
  }
  if (presets.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  return (
    <AccountForm
      key={provider}
      provider={provider}
      presets={presets.data ?? []}
      account={account}
      onSaved={onSaved}
      secondaryActions={
        <>
          {!account && (
            <Button
              color="inherit"
              startIcon={<Mdi name="arrow-left" />}
              onClick={() => setProvider(null)}
            >
              {t('accounts.setup.changeProvider')}
            </Button>
          )}
          {cancel}
          {extraActions}
        </>
      }
    />
  );
}
