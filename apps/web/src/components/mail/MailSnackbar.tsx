import { Alert, Button, IconButton, Snackbar } from '@mui/material';
import { Mdi } from '../ui/Mdi.tsx';
import { useTranslation } from 'react-i18next';
import { dismissNotice, useNotice } from './notices.ts';

/** Spec §9: snackbars stay 5000 ms; errors stay until closed, since they need reading. */
export function MailSnackbar() {
  const { t } = useTranslation();
  const notice = useNotice();
  const close = () => notice && dismissNotice(notice.id);
  return (
    <Snackbar
      key={notice?.id}
      open={!!notice}
      autoHideDuration={notice?.severity === 'error' ? null : 5000}
      onClose={(_, reason) => reason !== 'clickaway' && close()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity={notice?.severity ?? 'info'}
        variant="filled"
        onClose={close}
        // With an action MUI drops its close button: both are given here.
        {...(notice?.action
          ? {
              action: (
                <>
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() => {
                      close();
                      notice.action!.run();
                    }}
                  >
                    {notice.action.label}
                  </Button>
                  <IconButton
                    color="inherit"
                    size="small"
                    aria-label={t('mailbox.notice.close')}
                    onClick={close}
                  >
                    <Mdi name="close" fontSize="small" />
                  </IconButton>
                </>
              ),
            }
          : {})}
        slotProps={{ closeButton: { 'aria-label': t('mailbox.notice.close') } }}
        sx={{ minWidth: 280, alignItems: 'center' }}
      >
        {notice?.message}
      </Alert>
    </Snackbar>
  );
}
