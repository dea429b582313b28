import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** "beispiel.de" → "https://beispiel.de", "a@b.de" → "mailto:a@b.de"; null when unusable. */
export function normalizeUrl(input: string): string | null {
  const value = input.trim();
  if (!value || /\s/.test(value)) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (scheme) return ['http', 'https', 'mailto', 'tel'].includes(scheme) ? value : null;
  if (/^[^@/]+@[^@/]+\.[^@/]+$/.test(value)) return `mailto:${value}`;
  if (/^[^./]+(\.[^./]+)+/.test(value)) return `https://${value}`;
  return null;
}

interface Props {
  open: boolean;
  initialUrl: string;
  /** Asked only when nothing is selected: the link then needs a text of its own. */
  askText: boolean;
  onApply: (href: string, text: string) => void;
  onRemove: (() => void) | undefined;
  onClose: () => void;
}

export function LinkDialog({ open, initialUrl, askText, onApply, onRemove, onClose }: Props) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(initialUrl);
  const [text, setText] = useState('');
  const [error, setError] = useState(false);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const href = normalizeUrl(url);
    if (!href) {
      setError(true);
      return;
    }
    onApply(href, text.trim());
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="link-dialog-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="link-dialog-title">
          {initialUrl ? t('compose.linkDialog.editTitle') : t('compose.linkDialog.title')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('compose.linkDialog.url')}
              value={url}
              onChange={(e) => {
                setUrl(e.target.value);
                setError(false);
              }}
              error={error}
              helperText={error ? t('compose.linkDialog.invalid') : t('compose.linkDialog.urlHint')}
              autoFocus
              fullWidth
              inputMode="url"
            />
            {askText && (
              <TextField
                label={t('compose.linkDialog.text')}
                value={text}
                onChange={(e) => setText(e.target.value)}
                fullWidth
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          {onRemove && (
            <Button onClick={onRemove} color="inherit" sx={{ mr: 'auto' }}>
              {t('compose.linkDialog.remove')}
            </Button>
          )}
          <Button onClick={onClose} color="inherit">
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained">
            {t('compose.linkDialog.apply')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
