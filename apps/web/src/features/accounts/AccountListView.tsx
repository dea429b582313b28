import type { Account } from '@brieftaube/shared';
import { Alert, Box, Button, Skeleton, Snackbar, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAccounts } from '../../api/accounts.ts';
import type { OAuthReturnState } from '../../api/oauth.ts';
import { allTasksQueryOptions, useFetchAccountEmails } from '../../api/tasks.ts';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { Mdi } from '../../components/ui/Mdi.tsx';
import { errorMessage } from '../../lib/error-messages.ts';
import { AccountCard } from './components/AccountCard.tsx';
import { AccountSetupDialog } from './components/AccountSetupDialog.tsx';
import { DeleteAccountDialog } from './components/DeleteAccountDialog.tsx';
import { EmptyAccounts } from './components/EmptyAccounts.tsx';
import { fetchRunningFor } from './lib/task-state.ts';
import { useNotice } from '../../components/ui/use-notice.ts';

type SetupState = { open: false } | { open: true; account?: Account };

/** Relative times ("vor 3 Minuten") stay true while the page is open. */
function useMinuteClock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** /app/accounts: the connected accounts, their state and what can be done with them. */
export function AccountListView() {
  const { t } = useTranslation();
  const accounts = useAccounts();
  // The layout polls the tasks; this only reads what it found (no polling of its own).
  const tasks = useQuery({ ...allTasksQueryOptions(), enabled: false });
  const fetchEmails = useFetchAccountEmails();
  const now = useMinuteClock();
  const [setup, setSetup] = useState<SetupState>({ open: false });
  const [toDelete, setToDelete] = useState<Account | null>(null);
  // Back from a provider's sign-in (/oauth-callback): what happened there.
  const location = useLocation();
  const returned = (location.state as OAuthReturnState | null)?.oauthNotice;
  const [notice, setNotice, noticeKey] = useNotice<{ text: string; error?: boolean }>(
    returned ? { text: returned } : null,
  );

  const startFetch = (account: Account, text: string) =>
    fetchEmails.mutate(account.id, {
      onSuccess: () => setNotice({ text }),
      onError: (error) =>
        setNotice({ text: `${t('accounts.syncFailed')} ${errorMessage(error)}`, error: true }),
    });

  // Each save makes the card new: an earlier test result no longer speaks for the account.
  const [saves, setSaves] = useState<Record<number, number>>({});
  const onSaved = (account: Account, created: boolean) => {
    setSetup({ open: false });
    setSaves((all) => ({ ...all, [account.id]: (all[account.id] ?? 0) + 1 }));
    if (created) startFetch(account, t('accounts.created', { email: account.email_address }));
    else setNotice({ text: t('accounts.saved', { email: account.email_address }) });
  };

  const list = accounts.data ?? [];
  return (
    <Box sx={{ maxWidth: 1040 }}>
      <PageHeader
        title={t('accounts.title')}
        intro={t('accounts.intro')}
        action={
          list.length > 0 && (
            <Button
              variant="contained"
              startIcon={<Mdi name="email-plus-outline" />}
              onClick={() => setSetup({ open: true })}
            >
              {t('accounts.add')}
            </Button>
          )
        }
      />

      {accounts.isPending ? (
        <Stack spacing={2} aria-busy="true" aria-label={t('common.loading')}>
          {[0, 1].map((key) => (
            <Skeleton key={key} variant="rounded" height={220} />
          ))}
        </Stack>
      ) : accounts.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void accounts.refetch()}>
              {t('accounts.retry')}
            </Button>
          }
        >
          {`${t('accounts.loadError')} ${errorMessage(accounts.error)}`}
        </Alert>
      ) : list.length === 0 ? (
        <EmptyAccounts onAdd={() => setSetup({ open: true })} />
      ) : (
        <Stack spacing={2} component="section" aria-label={t('accounts.listLabel')}>
          {list.map((account) => (
            <AccountCard
              key={`${account.id}:${saves[account.id] ?? 0}`}
              account={account}
              now={now}
              syncing={
                (fetchEmails.isPending && fetchEmails.variables === account.id) ||
                fetchRunningFor(tasks.data, account.email_address)
              }
              onSync={() =>
                startFetch(account, t('accounts.syncStarted', { email: account.email_address }))
              }
              onEdit={() => setSetup({ open: true, account })}
              onDelete={() => setToDelete(account)}
            />
          ))}
        </Stack>
      )}

      <AccountSetupDialog
        open={setup.open}
        account={setup.open ? setup.account : undefined}
        onClose={() => setSetup({ open: false })}
        onSaved={onSaved}
      />
      <DeleteAccountDialog
        account={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={(account) => {
          setToDelete(null);
          setNotice({ text: t('accounts.delete.done', { email: account.email_address }) });
        }}
      />
      <Snackbar
        key={noticeKey}
        open={!!notice}
        autoHideDuration={5000}
        onClose={() => setNotice(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity={notice?.error ? 'error' : 'success'}
          variant="filled"
          onClose={() => setNotice(null)}
          closeText={t('common.close')}
        >
          {notice?.text}
        </Alert>
      </Snackbar>
    </Box>
  );
}
