import { Box, Divider } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ToolbarAction } from '../../../components/ui/ToolbarAction.tsx';

export interface DetailCommands {
  back: () => void;
  archive: () => void;
  remove: () => void;
  move: (anchor: HTMLElement) => void;
  markUnread: () => void;
  categorize: (anchor: HTMLElement) => void;
  reply: () => void;
  replyAll: () => void;
  forward: () => void;
  download: () => void;
  help: () => void;
}

/** The detail's action bar: back and the message actions, then the answers, then the rest. */
export function DetailToolbar({ commands }: { commands: DetailCommands }) {
  const { t } = useTranslation();
  return (
    <Box
      role="toolbar"
      aria-label={t('email.actions.label')}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.25,
        px: 0.5,
        minHeight: 52,
        borderBottom: 1,
        borderColor: 'divider',
        // On a phone the actions take two rows rather than hiding off-screen to the right.
        flexWrap: { xs: 'wrap', md: 'nowrap' },
        overflowX: { md: 'auto' },
      }}
    >
      <ToolbarAction
        label={t('email.back')}
        icon="arrow-left"
        onClick={commands.back}
        shortcut="Escape"
      />
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5, my: 1.5 }} />
      <ToolbarAction
        label={t('email.actions.archive')}
        icon="archive-arrow-down-outline"
        onClick={commands.archive}
        shortcut="e"
      />
      <ToolbarAction
        label={t('email.actions.delete')}
        icon="delete-outline"
        onClick={commands.remove}
        shortcut="#"
      />
      <ToolbarAction
        label={t('email.actions.move')}
        icon="folder-move-outline"
        onClick={commands.move}
      />
      <ToolbarAction
        label={t('email.actions.markUnread')}
        icon="email-mark-as-unread"
        onClick={commands.markUnread}
        shortcut="u"
      />
      <ToolbarAction
        label={t('email.actions.category')}
        icon="tag-outline"
        onClick={commands.categorize}
      />
      <Box sx={{ flex: 1 }} />
      <ToolbarAction
        label={t('email.actions.reply')}
        icon="reply"
        onClick={commands.reply}
        shortcut="r"
      />
      <ToolbarAction
        label={t('email.actions.replyAll')}
        icon="reply-all"
        onClick={commands.replyAll}
        shortcut="a"
      />
      <ToolbarAction
        label={t('email.actions.forward')}
        icon="share"
        onClick={commands.forward}
        shortcut="f"
      />
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5, my: 1.5 }} />
      <ToolbarAction
        label={t('email.actions.download')}
        icon="download-outline"
        onClick={commands.download}
      />
      <ToolbarAction
        label={t('email.actions.shortcuts')}
        icon="keyboard-outline"
        onClick={commands.help}
      />
    </Box>
  );
}
