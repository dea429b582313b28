import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  title: string;
  text: string;
  /** More content below the text (a hint, a note that the server keeps the mail). */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  /** While the confirmed action runs, the dialog cannot be closed. */
  pending?: boolean;
  /** A German message when the confirmed action failed; the dialog stays open for a retry. */
  error?: string | null;
  maxWidth?: 'xs' | 'sm';
  onConfirm: () => void;
  onCancel: () => void;
}

/** The one confirmation dialog of the app: deleting an account or a category, leaving a draft. */
export function ConfirmDialog({
  open,
  title,
  text,
  children,
  confirmLabel,
  cancelLabel,
  destructive,
  pending = false,
  error,
  maxWidth = 'xs',
  onConfirm,
  onCancel,
}: Props) {
  const { t } = useTranslation();
  const id = useId();
  const cancel = () => {
    if (!pending) onCancel();
  };
  return (
    <Dialog
      open={open}
      onClose={cancel}
      maxWidth={maxWidth}
      fullWidth
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`} sx={children ? { mb: 1.5 } : undefined}>
          {text}
        </DialogContentText>
        {children}
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {/* A destructive action is never one Enter away: the focus starts on 'Abbrechen'. */}
        <Button onClick={cancel} color="inherit" autoFocus={destructive}>
          {cancelLabel ?? t('common.cancel')}
        </Button>
        <Button
          onClick={onConfirm}
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          loading={pending}
          autoFocus={!destructive}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
