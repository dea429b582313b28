import { Box, Checkbox, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import { ToolbarAction } from '../../../components/ui/ToolbarAction.tsx';

export interface ToolbarActions {
  markRead: () => void;
  markUnread: () => void;
  flag: () => void;
  unflag: () => void;
  archive: () => void;
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
  onSelectAll: () => void;
  onClear: () => void;
  onRefresh: () => void;
  onHelp: () => void;
  actions: ToolbarActions;
  status?: ReactNode;
}) {
  const { t } = useTranslation();
  const all = total > 0 && selectedCount >= total;
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
            sx={{ fontWeight: 600, mx: 1, whiteSpace: 'nowrap' }}
            aria-live="polite"
          >
            {t('mailbox.toolbar.selected', { count: selectedCount })}
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
          {anyUnflagged ? (
            <ToolbarAction
              label={t('mailbox.toolbar.flag')}
              icon="star-outline"
              onClick={actions.flag}
            />
          ) : (
            <ToolbarAction
              label={t('mailbox.toolbar.unflag')}
              icon="star-off-outline"
              onClick={actions.unflag}
            />
          )}
          <ToolbarAction
            label={t('mailbox.toolbar.archive')}
            icon="archive-arrow-down-outline"
            onClick={actions.archive}
          />
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
          <ToolbarAction
            label={t('mailbox.toolbar.delete')}
            icon="delete-outline"
            onClick={actions.remove}
          />
        </>
      )}
      <Box sx={{ flex: 1 }} />
      <ToolbarAction
        label={t('mailbox.toolbar.shortcuts')}
        icon="keyboard-outline"
        onClick={onHelp}
      />
    </Box>
  );
}
