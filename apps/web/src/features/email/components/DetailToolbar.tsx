import {
  Box,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Tooltip,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFrozenAnchor } from '../../../components/ui/use-frozen-anchor.ts';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import { ToolbarAction } from '../../../components/ui/ToolbarAction.tsx';

export interface DetailCommands {
  back: () => void;
  archive: () => void;
  /** Into the spam folder, or back to the inbox from there. */
  spam: () => void;
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

interface Action {
  key: keyof DetailCommands;
  label: string;
  icon: string;
  shortcut?: string;
}

/**
 * The detail's action bar: back and the message actions, then the answers, then the rest. On a
 * phone one row holds back, archive, delete, unread and reply; the rarer actions are in the
 * "more" menu (and the answers below the mail too). The shortcut list is not offered where
 * there is no keyboard to use it with.
 */
const BOTTOM_RIGHT = { vertical: 'bottom', horizontal: 'right' } as const;

export function DetailToolbar({ commands, inSpam }: { commands: DetailCommands; inSpam: boolean }) {
  const { t } = useTranslation();
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const touch = useMediaQuery('(hover: none) and (pointer: coarse)', { noSsr: true });
  const [moreAnchor, setMoreAnchor] = useState<HTMLElement | null>(null);
  const moreAt = useFrozenAnchor(moreAnchor, BOTTOM_RIGHT);

  const action = (key: Action['key'], label: string, icon: string, shortcut?: string) =>
    ({ key, label: t(label), icon, ...(shortcut ? { shortcut } : {}) }) satisfies Action;
  const back = action('back', 'email.back', 'arrow-left', 'Escape');
  const archive = action('archive', 'email.actions.archive', 'archive-arrow-down-outline', 'e');
  const remove = action('remove', 'email.actions.delete', 'delete-outline', '#');
  const move = action('move', 'email.actions.move', 'folder-move-outline');
  const spam = inSpam
    ? action('spam', 'email.actions.notSpam', 'email-check-outline', '!')
    : action('spam', 'email.actions.spam', 'alert-octagon-outline', '!');
  const markUnread = action('markUnread', 'email.actions.markUnread', 'email-mark-as-unread', 'u');
  const categorize = action('categorize', 'email.actions.category', 'tag-outline');
  const reply = action('reply', 'email.actions.reply', 'reply', 'r');
  const replyAll = action('replyAll', 'email.actions.replyAll', 'reply-all', 'a');
  const forward = action('forward', 'email.actions.forward', 'share', 'f');
  const download = action('download', 'email.actions.download', 'download-outline');
  const help = action('help', 'email.actions.shortcuts', 'keyboard-outline');

  const button = ({ key, label, icon, shortcut }: Action) => (
    <ToolbarAction
      key={key}
      label={label}
      icon={icon}
      onClick={commands[key]}
      {...(shortcut ? { shortcut } : {})}
    />
  );
  const separator = (key: string) => (
    <Divider key={key} orientation="vertical" flexItem sx={{ mx: 0.5, my: 1.5 }} />
  );

  const more = [replyAll, forward, spam, move, categorize, download];
  const moreLabel = t('email.actions.more');
  const runFromMenu = (key: Action['key'], anchor: HTMLElement) => {
    setMoreAnchor(null);
    // Menus of their own (folders, categories) open where the "more" button is.
    commands[key](anchor);
  };

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
        // Below 300 px even the phone's row takes two rather than hiding actions off-screen.
        flexWrap: { xs: 'wrap', md: 'nowrap' },
        overflowX: { md: 'auto' },
      }}
    >
      {button(back)}
      {separator('after-back')}
      {button(archive)}
      {button(remove)}
      {compact ? (
        <>
          {button(markUnread)}
          <Box sx={{ flex: 1 }} />
          {button(reply)}
          <Tooltip title={moreLabel}>
            <IconButton
              aria-label={moreLabel}
              aria-haspopup="menu"
              aria-expanded={moreAnchor ? 'true' : undefined}
              aria-controls={moreAnchor ? 'email-more-actions' : undefined}
              onClick={(e) => setMoreAnchor(e.currentTarget)}
            >
              <Mdi name="dots-vertical" />
            </IconButton>
          </Tooltip>
          <Menu
            id="email-more-actions"
            {...moreAt}
            open={!!moreAnchor}
            onClose={() => setMoreAnchor(null)}
            transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          >
            {more.map(({ key, label, icon }) => (
              <MenuItem key={key} onClick={() => runFromMenu(key, moreAnchor!)}>
                <ListItemIcon>
                  <Mdi name={icon} fontSize="small" />
                </ListItemIcon>
                <ListItemText>{label}</ListItemText>
              </MenuItem>
            ))}
          </Menu>
        </>
      ) : (
        <>
          {[spam, move, markUnread, categorize].map(button)}
          <Box sx={{ flex: 1 }} />
          {[reply, replyAll, forward].map(button)}
          {separator('before-rest')}
          {button(download)}
          {!touch && button(help)}
        </>
      )}
    </Box>
  );
}
