import type { Account } from '@brieftaube/shared';
import {
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import { AccountSetup } from '../setup/AccountSetup.tsx';

interface Props {
  open: boolean;
  /** Edit this account; without it a new one is added. */
  account?: Account | undefined;
  onClose: () => void;
  onSaved: (account: Account, created: boolean) => void;
}

/** The setup in a dialog, full-screen on phones. */
export function AccountSetupDialog({ open, account, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const title = account ? t('accounts.setup.editTitle') : t('accounts.setup.addTitle');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby="account-setup-title"
    >
      <DialogTitle id="account-setup-title" sx={{ pr: 7 }}>
        {title}
        <IconButton
          aria-label={t('common.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 12, top: 12 }}
        >
          <Mdi name="close" />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ pt: 3 }}>
        {open && (
          <AccountSetup
            key={account?.id ?? 'new'}
            account={account}
            onSaved={onSaved}
            onCancel={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
