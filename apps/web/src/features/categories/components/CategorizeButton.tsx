import { Button, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFrozenAnchor } from '../../../components/ui/use-frozen-anchor.ts';
import { useStartAiCategorize } from '../../../api/ai.ts';
import { taskIdsOf } from '../../../api/tasks.ts';
import { Mdi } from '../../../components/ui/Mdi.tsx';

/**
 * 'Mit KI einsortieren' for one account or all: only the mail without a category, or all of it
 * again (the user's own choices stay either way). Progress shows in the task card.
 */
export function CategorizeButton({
  accountId,
  label,
  size = 'medium',
  onError,
  onStarted,
}: {
  accountId?: number;
  /** The accessible name, where the visible text alone is ambiguous (one button per account). */
  label?: string;
  size?: 'small' | 'medium';
  onError: (error: unknown) => void;
  onStarted?: (taskId: string) => void;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const anchorAt = useFrozenAnchor(anchor);
  const start = useStartAiCategorize();
  const run = (uncategorizedOnly: boolean) => {
    setAnchor(null);
    start.mutate(
      {
        ...(accountId === undefined ? {} : { account_id: accountId }),
        reclassify_uncategorized_only: uncategorizedOnly,
      },
      {
        onError,
        onSuccess: (response) => {
          const [taskId] = taskIdsOf(response);
          if (taskId) onStarted?.(taskId);
        },
      },
    );
  };
  return (
    <>
      <Button
        size={size}
        variant="outlined"
        startIcon={<Mdi name="creation" />}
        endIcon={<Mdi name="menu-down" />}
        aria-haspopup="menu"
        aria-expanded={!!anchor}
        aria-label={label}
        loading={start.isPending}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('ai.categorize.button')}
      </Button>
      <Menu
        {...anchorAt}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': t('ai.categorize.menuLabel') } }}
      >
        <MenuItem onClick={() => run(true)}>
          <ListItemText
            primary={t('ai.categorize.uncategorized')}
            secondary={t('ai.categorize.uncategorizedHint')}
          />
        </MenuItem>
        <MenuItem onClick={() => run(false)}>
          <ListItemText primary={t('ai.categorize.all')} secondary={t('ai.categorize.allHint')} />
        </MenuItem>
      </Menu>
    </>
  );
}
