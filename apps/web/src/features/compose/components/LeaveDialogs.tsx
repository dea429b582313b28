import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LeavePhase } from '../hooks/use-leave-guard.ts';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';

interface Props {
  phase: LeavePhase;
  onLeave: () => void;
  onStay: () => void;
}

/** What the user sees while leaving the page waits for a draft save or for sending. */
export function LeaveDialogs({ phase, onLeave, onStay }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <Dialog open={phase === 'saving'} aria-labelledby="leave-saving-title" maxWidth="xs">
        <DialogTitle id="leave-saving-title">
          <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <CircularProgress size={20} color="inherit" aria-hidden />
            {t('compose.leave.savingTitle')}
          </Box>
        </DialogTitle>
      </Dialog>
      <ConfirmDialog
        open={phase === 'failed'}
        title={t('compose.leave.failedTitle')}
        text={t('compose.leave.failedText')}
        confirmLabel={t('compose.leave.stay')}
        cancelLabel={t('compose.leave.leave')}
        onConfirm={onStay}
        onCancel={onLeave}
      />
      <Dialog
        open={phase === 'sending'}
        onClose={onStay}
        aria-labelledby="leave-sending-title"
        maxWidth="xs"
      >
        <DialogTitle id="leave-sending-title">{t('compose.leave.sendingTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('compose.leave.sendingText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={onStay} variant="contained" autoFocus>
            {t('compose.leave.ok')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
