import type { Account } from '@brieftaube/shared';
import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useDeleteAccount } from '../../../api/accounts.ts';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import { errorMessage } from '../../../lib/error-messages.ts';

interface Props {
  account: Account | null;
  onClose: () => void;
  onDeleted: (account: Account) => void;
}

/** Removing an account deletes Brieftaube's copy only; the mail server keeps everything. */
export function DeleteAccountDialog({ account, onClose, onDeleted }: Props) {
  const { t } = useTranslation();
  const remove = useDeleteAccount();
  return (
    <ConfirmDialog
      open={!!account}
      maxWidth="sm"
      title={t('accounts.delete.title')}
      text={t('accounts.delete.text', { email: account?.email_address ?? '' })}
      confirmLabel={t('accounts.delete.confirm')}
      destructive
      pending={remove.isPending}
      error={remove.isError ? `${t('accounts.delete.failed')} ${errorMessage(remove.error)}` : null}
      onCancel={() => {
        remove.reset();
        onClose();
      }}
      onConfirm={() => {
        if (!account) return;
        remove.mutate(account.id, {
          onSuccess: () => {
            remove.reset();
            onDeleted(account);
          },
        });
      }}
    >
      <Alert severity="info" icon={<Mdi name="server-network" />}>
        {t('accounts.delete.serverSafe')}
      </Alert>
    </ConfirmDialog>
  );
}
