import { Alert, Snackbar } from '@mui/material';
import { type Theme, ThemeProvider } from '@mui/material/styles';
import { useState } from 'react';
import { type Root, createRoot } from 'react-dom/client';

let root: Root | null = null;
let shown = 0;

function Notice({ message, closeLabel }: { message: string; closeLabel: string }) {
  const [open, setOpen] = useState(true);
  return (
    <Snackbar
      open={open}
      autoHideDuration={5000}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') setOpen(false);
      }}
    >
      <Alert
        severity="success"
        variant="filled"
        closeText={closeLabel}
        onClose={() => setOpen(false)}
        sx={{ alignItems: 'center' }}
      >
        {message}
      </Alert>
    </Snackbar>
  );
}

/**
 * "E-Mail wurde gesendet." must outlive the compose page, which closes right after sending. The
 * main layout has no place for notices from its screens, so the notice gets a small React root
 * of its own beside the app (the snackbar spec §9: 5000 ms).
 */
export function showSentNotice(theme: Theme, message: string, closeLabel: string) {
  if (!root) {
    const host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  }
  shown += 1;
  root.render(
    <ThemeProvider theme={theme}>
      <Notice key={shown} message={message} closeLabel={closeLabel} />
    </ThemeProvider>,
  );
}
