import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import {
  type ForwardedAttachment,
  type LocalAttachment,
  formatBytes,
  totalBytes,
} from '../lib/attachments.ts';

function iconFor(name: string, type = ''): string {
  if (type.startsWith('image/') || /\.(png|jpe?g|gif|webp|svg|heic)$/i.test(name))
    return 'file-image-outline';
  if (type === 'application/pdf' || /\.pdf$/i.test(name)) return 'file-pdf-box';
  if (/\.(docx?|odt|rtf|txt|md)$/i.test(name)) return 'file-document-outline';
  if (/\.(xlsx?|ods|csv)$/i.test(name)) return 'file-excel-outline';
  if (/\.(zip|7z|rar|gz|tar)$/i.test(name)) return 'folder-zip-outline';
  return 'file-outline';
}

interface ItemProps {
  name: string;
  size: number;
  type?: string;
  note?: string;
  onRemove?: () => void;
}

function AttachmentItem({ name, size, type, note, onRemove }: ItemProps) {
  const { t } = useTranslation();
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        pl: 1.25,
        pr: onRemove ? 0.5 : 1.5,
        py: 0.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.default',
        maxWidth: 320,
        minWidth: 0,
      }}
    >
      <Mdi name={iconFor(name, type)} sx={{ color: 'text.secondary' }} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" noWrap title={name} sx={{ fontWeight: 500 }}>
          {name}
        </Typography>
        <Typography variant="caption" noWrap sx={{ color: 'text.secondary', display: 'block' }}>
          {note ? `${formatBytes(size)} · ${note}` : formatBytes(size)}
        </Typography>
      </Box>
      {onRemove && (
        <Tooltip title={t('compose.attachments.remove', { name })}>
          <IconButton
            size="small"
            onClick={onRemove}
            aria-label={t('compose.attachments.remove', { name })}
          >
            <Mdi name="close" fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}

interface Props {
  local: LocalAttachment[];
  forwarded: ForwardedAttachment[];
  onRemove: (id: string) => void;
  /** Files a draft kept on the server can be removed; a forwarded mail's always travel. */
  onRemoveKept?: ((index: number) => void) | undefined;
  error: string | undefined;
}

/** The files that travel with the message; forwarded ones are added by the server itself. */
export function AttachmentList({ local, forwarded, onRemove, onRemoveKept, error }: Props) {
  const { t } = useTranslation();
  const count = local.length + forwarded.length;
  if (!count && !error) return null;
  return (
    <Box sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}>
      {count > 0 && (
        <Typography
          variant="body2"
          id="compose-attachments-label"
          sx={{ color: 'text.secondary', mb: 1 }}
        >
          {t('compose.attachments.summary', {
            count,
            size: formatBytes(totalBytes(local, forwarded)),
          })}
        </Typography>
      )}
      <Box
        component="ul"
        aria-labelledby="compose-attachments-label"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
      >
        {forwarded.map((a, index) => (
          <AttachmentItem
            key={`fwd-${index}`}
            name={a.filename}
            size={a.size}
            {...(onRemoveKept
              ? { onRemove: () => onRemoveKept(index) }
              : { note: t('compose.attachments.forwarded') })}
          />
        ))}
        {local.map((a) => (
          <AttachmentItem
            key={a.id}
            name={a.file.name}
            size={a.file.size}
            type={a.file.type}
            onRemove={() => onRemove(a.id)}
          />
        ))}
      </Box>
      {error && (
        <Typography role="alert" variant="body2" sx={{ color: 'error.main', mt: 1 }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}
