import type { EmailDetail } from '@brieftaube/shared';
import { UNREADABLE_ON_SERVER } from '@brieftaube/shared/codes';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import { HtmlBody } from './HtmlBody.tsx';
import { TextBody } from './TextBody.tsx';

/** S/MIME (smime.p7m) and OpenPGP/MIME (RFC 3156) packages: the text is inside, unreadable here. */
const ENCRYPTED = /^application\/((x-)?pkcs7-mime|pgp-encrypted)$/i;

/**
 * A mail of files and no text (a scan, a yEnc post, a signed file): read fine, just nothing to
 * read. It says so above its files rather than looking like a failure or an empty page.
 */
export function hasOnlyAttachments(
  detail: EmailDetail,
  attachments: readonly EmailDetail['attachments'][number][],
): boolean {
  return (
    detail.body_status === 'ok' &&
    !detail.body_html &&
    !detail.body_text.trim() &&
    attachments.length > 0 &&
    !detail.attachments.some((a) => ENCRYPTED.test(a.content_type))
  );
}

/** Why the text cannot be shown, with the original to open elsewhere. */
function UnreadableNotice({
  severity,
  icon,
  onDownloadRaw,
  children,
}: {
  severity: 'warning' | 'info';
  icon?: ReactNode;
  onDownloadRaw?: (() => void) | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      severity={severity}
      icon={icon}
      action={
        onDownloadRaw && (
          <Button
            color="inherit"
            size="small"
            startIcon={<Mdi name="download-outline" />}
            onClick={onDownloadRaw}
          >
            {t('email.actions.download')}
          </Button>
        )
      }
    >
      {children}
    </Alert>
  );
}

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
      // What the server itself cannot read cannot be downloaded from it either.
      detail.parse_error === UNREADABLE_ON_SERVER ? (
        <UnreadableNotice severity="warning">{t('email.body.unreadableOnServer')}</UnreadableNotice>
      ) : (
        <UnreadableNotice severity="warning" onDownloadRaw={onDownloadRaw}>
          {t('email.body.failed')}
        </UnreadableNotice>
      )
    );
  if (detail.body_html)
    return (
      <HtmlBody html={detail.body_html} allowRemote={allowRemote} inlineImages={inlineImages} />
    );
  if (detail.body_text.trim()) return <TextBody text={detail.body_text} />;
  if (detail.attachments.some((a) => ENCRYPTED.test(a.content_type)))
    return (
      <UnreadableNotice
        severity="info"
        icon={<Mdi name="lock-outline" />}
        onDownloadRaw={onDownloadRaw}
      >
        {t('email.body.encrypted')}
      </UnreadableNotice>
    );
  return (
    <Typography sx={{ color: 'text.secondary', fontStyle: 'italic', py: 3 }}>
      {t('email.body.empty')}
    </Typography>
  );
}
