import type { EmailDetail } from '@brieftaube/shared';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import { HtmlBody } from './HtmlBody.tsx';
import { TextBody } from './TextBody.tsx';

/** S/MIME (smime.p7m) and OpenPGP/MIME (RFC 3156) packages: the text is inside, unreadable here. */
const ENCRYPTED = /^application\/((x-)?pkcs7-mime|pgp-encrypted)$/i;

/** The message content: sanitised HTML in the frame, else the text; or why there is none yet. */
export function MailBody({
  detail,
  allowRemote,
  inlineImages,
  onDownloadRaw,
}: {
  detail: EmailDetail;
  allowRemote: boolean;
  inlineImages: ReadonlyMap<string, string>;
  onDownloadRaw: () => void;
}) {
  const { t } = useTranslation();
  if (detail.body_status === 'pending')
    return (
      <Box
        role="status"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          py: 6,
          justifyContent: 'center',
          color: 'text.secondary',
        }}
      >
        <CircularProgress size={22} color="inherit" />
        <Typography>{t('email.body.pending')}</Typography>
      </Box>
    );
  if (detail.body_status === 'failed')
    return (
      <Alert
        severity="warning"
        action={
          <Button
            color="inherit"
            size="small"
            startIcon={<Mdi name="download-outline" />}
            onClick={onDownloadRaw}
          >
            {t('email.actions.download')}
          </Button>
        }
      >
        {t('email.body.failed')}
      </Alert>
    );
  if (detail.body_html)
    return (
      <HtmlBody html={detail.body_html} allowRemote={allowRemote} inlineImages={inlineImages} />
    );
  if (detail.body_text.trim()) return <TextBody text={detail.body_text} />;
  if (detail.attachments.some((a) => ENCRYPTED.test(a.content_type)))
    return (
      <Alert
        severity="info"
        icon={<Mdi name="lock-outline" />}
        action={
          <Button
            color="inherit"
            size="small"
            startIcon={<Mdi name="download-outline" />}
            onClick={onDownloadRaw}
          >
            {t('email.actions.download')}
          </Button>
        }
      >
        {t('email.body.encrypted')}
      </Alert>
    );
  return (
    <Typography sx={{ color: 'text.secondary', fontStyle: 'italic', py: 3 }}>
      {t('email.body.empty')}
    </Typography>
  );
}
