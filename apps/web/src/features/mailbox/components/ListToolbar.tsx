import {
  Box,
  Checkbox,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFrozenAnchor } from '../../../components/ui/use-frozen-anchor.ts';
import { srOnly } from '../../../app/layouts/drawer/CountBadges.tsx';
import { formatNumber } from '../../../components/mail/format.ts';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import { ToolbarAction } from '../../../components/ui/ToolbarAction.tsx';

export interface ToolbarActions {
  markRead: () => void;
  markUnread: () => void;
  flag: () => void;
  unflag: () => void;
  archive: () => void;
  /** Into the spam folder, or out of it when every selected mail is there. */
  spam: () => void;
  move: (anchor: HTMLElement) => void;
  categorize: (anchor: HTMLElement) => void;
  remove: () => void;
}

/**
 * Above the list: select-all, refresh and help; with a selection, the bulk actions instead
 * (Gmail's layout). Read/unread and star show the action that changes something.
 */
export function ListToolbar({
  total,
  selectedCount,
  anyUnread,
  anyUnflagged,
  allSpam,
  onSelectAll,
  onClear,
  onRefresh,
  onHelp,
  actions,
  status,
}: {
  total: number;
  selectedCount: number;
  anyUnread: boolean;
  anyUnflagged: boolean;
  allSpam: boolean;
  onSelectAll: () => void;
  onClear: () => void;
  onRefresh: () => void;
  onHelp: () => void;
  actions: ToolbarActions;
  status?: ReactNode;
}) {
  const { t } = useTranslation();
  const all = total > 0 && selectedCount >= total;
  // Below 600 px the less used actions go into a menu, so the toolbar fits without scrolling.
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [more, setMore] = useState<HTMLElement | null>(null);
  const moreAt = useFrozenAnchor(more);
  const flagAction = anyUnflagged ? (
    <ToolbarAction label={t('mailbox.toolbar.flag')} icon="star-outline" onClick={actions.flag} />
  ) : (
    <ToolbarAction
      label={t('mailbox.toolbar.unflag')}
      icon="star-off-outline"
      onClick={actions.unflag}
    />
  );
  const spamLabel = t(allSpam ? 'mailbox.toolbar.notSpam' : 'mailbox.toolbar.spam');
  const spamIcon = allSpam ? 'email-check-outline' : 'alert-octagon-outline';
  return (
    <Box
      role="toolbar"
      aria-label={t('mailbox.toolbar.label')}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        minHeight: 52,
        px: 1,
        borderBottom: 1,
        borderColor: 'divider',
        flexWrap: 'nowrap',
        overflowX: 'auto',
      }}
    >
      <Checkbox
        // Partly selected shows a minus box. MUI's `indeterminate` would put aria-checked on the
        // native checkbox, which axe rightly reports; the label says what a click does instead.
        checked={selectedCount > 0}
        checkedIcon={all ? undefined : <Mdi name="minus-box" />}
        disabled={total === 0}
        onChange={() => (selectedCount > 0 ? onClear() : onSelectAll())}
        slotProps={{
          input: {
            'aria-label':
              selectedCount > 0 ? t('mailbox.toolbar.deselectAll') : t('mailbox.toolbar.selectAll'),
          },
        }}
        color="secondary"
      />
      {selectedCount === 0 ? (
        <>
          <ToolbarAction label={t('mailbox.toolbar.refresh')} icon="refresh" onClick={onRefresh} />
          {status}
        </>
      ) : (
        <>
          <Typography
            variant="body2"
            sx={{ fontWeight: 600, mx: compact ? 0.5 : 1, whiteSpace: 'nowrap' }}
            aria-live="polite"
          >
            {compact ? (
              // On a phone the number says it; the whole sentence is for screen readers.
              <>
                <span aria-hidden>{formatNumber(selectedCount)}</span>
                <Box component="span" sx={srOnly}>
                  {t('mailbox.toolbar.selected', { count: selectedCount })}
                </Box>
              </>
            ) : (
              t('mailbox.toolbar.selected', { count: selectedCount })
            )}
          </Typography>
          {anyUnread ? (
            <ToolbarAction
              label={t('mailbox.toolbar.markRead')}
              icon="email-open-outline"
              onClick={actions.markRead}
            />
          ) : (
            <ToolbarAction
              label={t('mailbox.toolbar.markUnread')}
              icon="email-mark-as-unread"
              onClick={actions.markUnread}
            />
          )}
          {!compact && flagAction}
          <ToolbarAction
            label={t('mailbox.toolbar.archive')}
            icon="archive-arrow-down-outline"
            onClick={actions.archive}
          />
          {!compact && (
            <>
              <ToolbarAction label={spamLabel} icon={spamIcon} onClick={actions.spam} />
              <ToolbarAction
                label={t('mailbox.toolbar.move')}
                icon="folder-move-outline"
                onClick={actions.move}
              />
              <ToolbarAction
                label={t('mailbox.toolbar.categorize')}
                icon="tag-outline"
                onClick={actions.categorize}
              />
            </>
          )}
          <ToolbarAction
            label={t('mailbox.toolbar.delete')}
            icon="delete-outline"
            onClick={actions.remove}
          />
          {compact && (
            <ToolbarAction
              label={t('mailbox.toolbar.more')}
              icon="dots-vertical"
              onClick={(anchor) => setMore(anchor)}
            />
          )}
          <Menu {...moreAt} open={!!more} onClose={() => setMore(null)}>
            <MenuItem
              onClick={() => {
                setMore(null);
                if (anyUnflagged) actions.flag();
                else actions.unflag();
              }}
            >
              <ListItemIcon>
                <Mdi name={anyUnflagged ? 'star-outline' : 'star-off-outline'} />
              </ListItemIcon>
              <ListItemText>
                {t(anyUnflagged ? 'mailbox.toolbar.flag' : 'mailbox.toolbar.unflag')}
              </ListItemText>
            </MenuItem>
            <MenuItem
              onClick={() => {
                const anchor = more!;
                setMore(null);
                actions.move(anchor);
              }}
            >
              <ListItemIcon>
                <Mdi name="folder-move-outline" />
              </ListItemIcon>
              <ListItemText>{t('mailbox.toolbar.move')}</ListItemText>
            </MenuItem>
            <MenuItem
              onClick={() => {
                const anchor = more!;
                setMore(null);
                actions.categorize(anchor);
              }}
            >
              <ListItemIcon>
                <Mdi name="tag-outline" />
              </ListItemIcon>
              <ListItemText>{t('mailbox.toolbar.categorize')}</ListItemText>
            </MenuItem>
            <MenuItem
              onClick={() => {
                setMore(null);
                actions.spam();
              }}
            >
              <ListItemIcon>
                <Mdi name={spamIcon} />
              </ListItemIcon>
              <ListItemText>{spamLabel}</ListItemText>
            </MenuItem>
          </Menu>
        </>
      )}
      <Box sx={{ flex: 1 }} />
      {/* A phone has no keyboard to learn shortcuts for. */}
      {!compact && (
        <ToolbarAction
          label={t('mailbox.toolbar.shortcuts')}
          icon="keyboard-outline"
          onClick={onHelp}
        />
      )}
    </Box>
  );
}
