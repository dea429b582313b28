import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Deleting from the trash is final: asked once, with the safe choice focused. */
export function ConfirmDeleteDialog({
  count,
  onConfirm,
  onClose,
}: {
  /** 0 keeps the dialog closed. */
  count: number;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={count > 0} onClose={onClose} aria-labelledby="confirm-delete-title">
      <DialogTitle id="confirm-delete-title">{t('mailbox.confirmDelete.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('mailbox.confirmDelete.text', { count })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('common.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm}>
          {t('mailbox.confirmDelete.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
