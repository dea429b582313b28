import type { EmailDetail } from '@brieftaube/shared';
import { Box, Button, Paper, Typography } from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCategories } from '../../../api/categories.ts';
import { downloadRawEmail } from '../../../api/emails.ts';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import { colorHex as categoryColor } from '../../../lib/category-colors.ts';
import { CategoryMenu } from '../../../components/mail/CategoryMenu.tsx';
import { ConfirmDeleteDialog } from '../../../components/mail/ConfirmDeleteDialog.tsx';
import { FolderMenu } from '../../../components/mail/FolderMenu.tsx';
import { showNotice } from '../../../components/mail/notices.ts';
import { ShortcutHelpDialog } from '../../../components/mail/ShortcutHelpDialog.tsx';
import { useMailActions } from '../../../components/mail/use-mail-actions.ts';
import { useShortcuts } from '../../../components/mail/use-shortcuts.ts';
import { useBackToList } from '../hooks/use-back-to-list.ts';
import { useInlineImages } from '../hooks/use-inline-images.ts';
import { isEmbeddedImage } from '../lib/inline-images.ts';
import { emlName, saveBlob } from '../lib/download.ts';
import { useDistrustSender, useTrustSender } from '../../../api/remote-senders.ts';
import { AttachmentList } from './AttachmentList.tsx';
import { DetailHeader } from './DetailHeader.tsx';
import { DetailToolbar, type DetailCommands } from './DetailToolbar.tsx';
import { hasOnlyAttachments, MailBody } from './MailBody.tsx';
import { RemoteContentBar } from './RemoteContentBar.tsx';
import { ThreadList } from './ThreadList.tsx';

/** One loaded message: header, privacy bar, attachments, body, answers and the conversation. */
export function EmailDetailView({
  detail,
  allowRemote,
  remoteState,
  onShowRemoteOnce,
}: {
  detail: EmailDetail;
  allowRemote: boolean;
  remoteState: 'blocked' | 'once' | 'always';
  onShowRemoteOnce: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions = useMailActions();
  const { back, linkState } = useBackToList();
  const { data: categories } = useCategories();
  const inlineImages = useInlineImages(detail);
  const trustSender = useTrustSender();
  const distrustSender = useDistrustSender();
  const [moveAnchor, setMoveAnchor] = useState<HTMLElement | null>(null);
  const [categoryAnchor, setCategoryAnchor] = useState<HTMLElement | null>(null);
  const [confirm, setConfirm] = useState(false);
  const [help, setHelp] = useState(false);

  // Opening marks the message read, once: after "Als ungelesen markieren" it stays unread.
  const marked = useRef(false);
  useEffect(() => {
    if (marked.current) return;
    marked.current = true;
    if (!detail.is_read) void actions.setRead([detail], true, { quiet: true });
  }, [actions, detail]);

  const category = useMemo(() => {
    const found = categories?.find((c) => c.id === detail.category);
    return found ? { name: found.name, color: categoryColor(found.color) } : undefined;
  }, [categories, detail.category]);
  const attachments = useMemo(
    () => detail.attachments.filter((a) => !isEmbeddedImage(a, detail.body_html ?? '')),
    [detail.attachments, detail.body_html],
  );

  const then = (done: Promise<boolean>) => void done.then((ok) => ok && back());
  const downloadRaw = () =>
    void downloadRawEmail(detail.id)
      .then((blob) => saveBlob(blob, emlName(detail.subject)))
      .catch(() => showNotice(t('email.notice.downloadFailed'), 'error'));
  const compose = (action: string) => () => void navigate(`/app/compose/${action}/${detail.id}`);
  const commands: DetailCommands = {
    back,
    archive: () => then(actions.archive([detail])),
    spam: () => then(actions.spam([detail], detail.folder_type !== 'spam')),
    remove: () =>
      detail.folder_type === 'trash' ? setConfirm(true) : then(actions.remove([detail])),
    move: setMoveAnchor,
    markUnread: () => then(actions.setRead([detail], false)),
    categorize: setCategoryAnchor,
    reply: compose('reply'),
    replyAll: compose('reply_all'),
    forward: compose('forward'),
    download: downloadRaw,
    help: () => setHelp(true),
  };

  useShortcuts({
    r: commands.reply,
    a: commands.replyAll,
    f: commands.forward,
    '#': commands.remove,
    // Thunderbird's and Outlook's delete key.
    Delete: commands.remove,
    e: commands.archive,
    '!': commands.spam,
    u: commands.markUnread,
    c: () => void navigate('/app/compose'),
    '?': commands.help,
    Escape: back,
  });

  return (
    <Paper variant="outlined" component="article" sx={{ overflow: 'hidden' }}>
      <DetailToolbar commands={commands} inSpam={detail.folder_type === 'spam'} />
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        <DetailHeader
          detail={detail}
          category={category}
          onToggleFlag={() => void actions.setFlag([detail], !detail.is_flagged, { quiet: true })}
          onConfirmCategory={() => void actions.categorize([detail], detail.category)}
          onChangeCategory={setCategoryAnchor}
        />
        {detail.has_remote_content && detail.body_html && (
          <RemoteContentBar
            state={remoteState}
            sender={detail.from_address}
            onShowOnce={onShowRemoteOnce}
            onAlways={() => trustSender.mutate(detail.from_address)}
            onRevoke={() => distrustSender.mutate(detail.from_address)}
          />
        )}
        {hasOnlyAttachments(detail, attachments) ? (
          <>
            <Typography sx={{ color: 'text.secondary', mb: 1.5 }}>
              {t('email.body.attachmentsOnly')}
            </Typography>
            <AttachmentList attachments={attachments} />
          </>
        ) : (
          <>
            <AttachmentList attachments={attachments} />
            <MailBody
              detail={detail}
              allowRemote={allowRemote}
              inlineImages={inlineImages}
              onDownloadRaw={downloadRaw}
            />
          </>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 3 }}>
          {detail.folder_type === 'drafts' && (
            <Button
              variant="contained"
              startIcon={<Mdi name="pencil" />}
              onClick={compose('draft')}
            >
              {t('email.actions.editDraft')}
            </Button>
          )}
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<Mdi name="reply" />}
            onClick={commands.reply}
          >
            {t('email.actions.reply')}
          </Button>
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<Mdi name="reply-all" />}
            onClick={commands.replyAll}
          >
            {t('email.actions.replyAll')}
          </Button>
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<Mdi name="share" />}
            onClick={commands.forward}
          >
            {t('email.actions.forward')}
          </Button>
        </Box>
        <ThreadList thread={detail.thread} currentId={detail.id} linkState={linkState} />
      </Box>
      <FolderMenu
        anchorEl={moveAnchor}
        onClose={() => setMoveAnchor(null)}
        accountIds={[detail.account]}
        currentFolderIds={[detail.folder]}
        onPickFolder={(folder) => {
          setMoveAnchor(null);
          then(actions.move([detail], folder));
        }}
        onPickType={(type, label) => {
          setMoveAnchor(null);
          then(actions.moveToType([detail], type, label));
        }}
      />
      <CategoryMenu
        anchorEl={categoryAnchor}
        onClose={() => setCategoryAnchor(null)}
        accountIds={[detail.account]}
        current={detail.category}
        onPick={(categoryId) => {
          setCategoryAnchor(null);
          void actions.categorize([detail], categoryId);
        }}
      />
      <ConfirmDeleteDialog
        count={confirm ? 1 : 0}
        onClose={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          then(actions.remove([detail]));
        }}
      />
      <ShortcutHelpDialog open={help} onClose={() => setHelp(false)} />
    </Paper>
  );
}
