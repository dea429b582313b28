import { Box } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TaskCard } from './TaskCard.tsx';
import { useTaskBoard } from './use-task-board.ts';
import { useTaskPolling } from './use-task-polling.ts';

/**
 * Spec §2/§4: up to three task cards, bottom right, the newest at the bottom. Polls the tasks
 * while any runs. `now` exists for tests; the default Date.now follows Playwright's page.clock.
 */
export function TaskNotifications({ now }: { now?: () => number }) {
  const { t } = useTranslation();
  const polling = useTaskPolling();
  const { cards, dismiss } = useTaskBoard(now);

  useEffect(() => {
    // Spec §8: fetching failures are only logged.
    if (polling.error) console.warn('Task status poll failed', polling.error);
  }, [polling.error]);

  return (
    <Box
      role="region"
      aria-label={t('tasks.region')}
      sx={{
        position: 'fixed',
        right: { xs: 8, sm: 16 },
        bottom: { xs: 8, sm: 16 },
        zIndex: (theme) => theme.zIndex.snackbar,
        width: { xs: 'calc(100vw - 16px)', sm: 380 },
        display: cards.length ? 'flex' : 'none',
        flexDirection: 'column',
        gap: 1.25,
        pointerEvents: 'none',
      }}
    >
      {cards.map((task) => (
        <TaskCard key={task.task_id} task={task} onClose={() => dismiss(task)} />
      ))}
    </Box>
  );
}
