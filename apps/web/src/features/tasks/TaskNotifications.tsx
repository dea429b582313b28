import { Box } from '@mui/material';
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccounts } from '../../api/accounts.ts';
import { TaskCard } from './TaskCard.tsx';
import { isError } from './task-status.ts';
import { useTaskBoard } from './use-task-board.ts';
import { useTaskPolling } from './use-task-polling.ts';
import { TASK_CARDS_SPACE_EVENT } from '../../components/mail/use-fill-height.ts';

/**
 * Spec §2/§4: up to three task cards, bottom right, the newest at the bottom. Polls the tasks
 * while any runs. `now` exists for tests; the default Date.now follows Playwright's page.clock.
 */
export function TaskNotifications({ now }: { now?: () => number }) {
  const { t } = useTranslation();
  const polling = useTaskPolling();
  const { cards, dismiss } = useTaskBoard(now);
  const accounts = useAccounts().data;

  // A failed fetch of an account that has since been removed is nothing to act on any more.
  useEffect(() => {
    if (!accounts) return;
    const known = new Set(accounts.map((a) => a.email_address.toLowerCase()));
    for (const card of cards) {
      if (
        isError(card.status) &&
        card.account_email &&
        !known.has(card.account_email.toLowerCase())
      )
        dismiss(card);
    }
  }, [accounts, cards, dismiss]);

  const region = useRef<HTMLDivElement>(null);
  useReserveSpace(region, cards.length > 0);

  useEffect(() => {
    // Spec §8: fetching failures are only logged.
    if (polling.error) console.warn('Task status poll failed', polling.error);
  }, [polling.error]);

  return (
    <Box
      ref={region}
      role="region"
      aria-label={t('tasks.region')}
      sx={{
        position: 'fixed',
        right: { xs: 8, sm: 16 },
        bottom: { xs: 8, sm: 16 },
        // Above the app bar and drawer, below dialogs: an error card that stays until closed must
        // never cover a dialog's buttons.
        zIndex: (theme) => theme.zIndex.drawer + 1,
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

/**
 * While cards show, the page reserves their height below its content (CSS variable
 * --task-cards-space, read by the main layout), so that buttons at the bottom of a page (send,
 * discard) can always be scrolled clear of a card that stays until closed.
 */
function useReserveSpace(region: RefObject<HTMLDivElement | null>, active: boolean) {
  useEffect(() => {
    const root = document.documentElement;
    const element = region.current;
    // Panes that fill the window (the mail list) measure again: a padding change resizes
    // nothing they could observe.
    const set = (value: string | null) => {
      if (root.style.getPropertyValue('--task-cards-space') === (value ?? '')) return;
      if (value === null) root.style.removeProperty('--task-cards-space');
      else root.style.setProperty('--task-cards-space', value);
      window.dispatchEvent(new Event(TASK_CARDS_SPACE_EVENT));
    };
    if (!active || !element) {
      set(null);
      return;
    }
    const update = () => set(`${element.offsetHeight + 16}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      observer.disconnect();
      set(null);
    };
  }, [region, active]);
}
