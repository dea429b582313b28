import type { EmailDetail } from '@brieftaube/shared';
import { Box, ButtonBase, CircularProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadAttachment } from '../../../api/emails.ts';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import { formatFileSize } from '../../../components/mail/format.ts';
import { showNotice } from '../../../components/mail/notices.ts';
import { saveBlob } from '../lib/download.ts';

type Attachment = EmailDetail['attachments'][number];

function iconFor(type: string, name: string): string {
  const t = type.toLowerCase();
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if (t === 'application/pdf' || ext === 'pdf') return 'file-pdf-box';
  if (t.startsWith('image/')) return 'file-image-outline';
  if (t.startsWith('audio/')) return 'file-music-outline';
  if (t.startsWith('video/')) return 'file-video-outline';
  if (
    /zip|compressed|x-tar|gzip|x-7z|rar/.test(t) ||
    ['zip', '7z', 'rar', 'gz', 'tgz'].includes(ext)
  )
    return 'folder-zip-outline';
  if (/word|opendocument\.text|rtf/.test(t) || ['doc', 'docx', 'odt', 'rtf'].includes(ext))
    return 'file-word-outline';
  if (/sheet|excel|csv/.test(t) || ['xls', 'xlsx', 'ods', 'csv'].includes(ext))
    return 'file-excel-outline';
  if (/presentation|powerpoint/.test(t) || ['ppt', 'pptx', 'odp'].includes(ext))
    return 'file-powerpoint-outline';
  if (t === 'text/calendar' || ext === 'ics') return 'calendar-outline';
  if (t.startsWith('text/')) return 'file-document-outline';
  return 'file-outline';
}

/** The attachments as cards; a click downloads (with the Bearer token) and saves the file. */
export function AttachmentList({ attachments }: { attachments: Attachment[] }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  if (attachments.length === 0) return null;

  const download = async (a: Attachment) => {
    const name = a.filename || t('email.attachments.unnamed');
    setBusy(a.part);
    try {
      saveBlob(await downloadAttachment(a.url), name);
    } catch {
      showNotice(t('email.attachments.failed', { name }), 'error');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box component="section" aria-labelledby="attachments-title" sx={{ mb: 2 }}>
      <Typography
        id="attachments-title"
        variant="subtitle2"
        component="h2"
        sx={{ mb: 1, color: 'text.secondary', display: 'flex', alignItems: 'center', gap: 0.5 }}
      >
        <Mdi name="paperclip" fontSize="small" />
        {t('email.attachments.title', { count: attachments.length })}
      </Typography>
      <Box
        component="ul"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}
      >
        {attachments.map((a) => {
          const name = a.filename || t('email.attachments.unnamed');
          const size = formatFileSize(a.size);
          return (
            <li key={a.part}>
              <ButtonBase
                onClick={() => void download(a)}
                disabled={busy === a.part}
                aria-label={t('email.attachments.download', { name, size })}
                sx={{
                  minWidth: 220,
                  maxWidth: 340,
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1.5,
                  p: 1.25,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1.5,
                  bgcolor: 'background.paper',
                  textAlign: 'left',
                  justifyContent: 'flex-start',
                  '&:hover': { bgcolor: 'action.hover' },
                  '&.Mui-focusVisible': {
                    outline: 2,
                    outlineColor: 'text.primary',
                    outlineStyle: 'solid',
                  },
                }}
              >
                <Mdi
                  name={iconFor(a.content_type, name)}
                  sx={{ fontSize: 32, color: 'secondary.main' }}
                />
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography variant="body2" noWrap sx={{ fontWeight: 600 }} title={name}>
                    {name}
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {busy === a.part ? t('email.attachments.downloading') : size}
                  </Typography>
                </Box>
                {busy === a.part ? (
                  <CircularProgress size={20} color="inherit" />
                ) : (
                  <Mdi name="download" sx={{ color: 'text.secondary' }} />
                )}
              </ButtonBase>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
