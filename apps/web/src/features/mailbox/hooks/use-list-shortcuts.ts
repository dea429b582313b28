import type { EmailListItem } from '@brieftaube/shared';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { EmailListHandle } from '../components/EmailVirtualList.tsx';
import { isActivatable } from '../../../components/mail/keyboard.ts';
import { showNotice } from '../../../components/mail/notices.ts';
import type { MailItem } from '../../../components/mail/use-mail-actions.ts';
import { useShortcuts } from '../../../components/mail/use-shortcuts.ts';
import type { ListCommands } from './use-list-commands.ts';
import type { useEmailSelection } from './use-email-selection.ts';

interface Options {
  items: readonly EmailListItem[];
  focusedId: number | null;
  setFocusedId: (id: number | null) => void;
  listRef: RefObject<EmailListHandle | null>;
  selection: ReturnType<typeof useEmailSelection>;
  selectedItems: MailItem[];
  commands: ListCommands;
  open: (id: number) => void;
  onFocusSearch: () => void;
  onHelp: () => void;
}

const inList = (target: EventTarget | null) =>
  target instanceof HTMLElement && !!target.closest('[data-email-id]');

/** Gmail's keys for the list: j/k, Enter/o, r/a/f, #, e, !, x, /, c, ?, Escape. */
export function useListShortcuts(options: Options) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { items, focusedId, setFocusedId, listRef, selection, selectedItems, commands } = options;
  const focusedIndex = focusedId === null ? -1 : items.findIndex((item) => item.id === focusedId);
  const focused = focusedIndex >= 0 ? items[focusedIndex] : undefined;

  const move = (step: number) => {
    if (items.length === 0) return;
    const index =
      focusedIndex < 0 ? 0 : Math.min(items.length - 1, Math.max(0, focusedIndex + step));
    const id = items[index]!.id;
    setFocusedId(id);
    listRef.current?.focusRow(id);
  };
  const withFocused = (run: (item: EmailListItem) => void) => () => {
    if (focused) run(focused);
    else showNotice(t('mailbox.notice.nothingFocused'), 'info');
  };
  /** Actions work on the selection when there is one, else on the focused row. */
  const targets = () => (selectedItems.length ? selectedItems : focused ? [focused] : []);
  const compose = (action: string) =>
    withFocused((item) => void navigate(`/app/compose/${action}/${item.id}`));

  const remove = () => {
    const list = targets();
    if (list.length) commands.remove(list);
    else showNotice(t('mailbox.notice.nothingFocused'), 'info');
  };

  useShortcuts({
    j: () => move(1),
    k: () => move(-1),
    // Inside the list the arrow keys go from row to row, as in a desktop mail client.
    ArrowDown: (event) => (inList(event.target) ? move(1) : false),
    ArrowUp: (event) => (inList(event.target) ? move(-1) : false),
    o: withFocused((item) => options.open(item.id)),
    // On a focused link or button Enter keeps its own meaning.
    Enter: (event) => {
      if (isActivatable(event.target) || !focused) return false;
      options.open(focused.id);
    },
    r: compose('reply'),
    a: compose('reply_all'),
    f: compose('forward'),
    '#': remove,
    // Thunderbird's and Outlook's delete key.
    Delete: remove,
    e: () => {
      const list = targets();
      if (list.length) commands.archive(list);
      else showNotice(t('mailbox.notice.nothingFocused'), 'info');
    },
    '!': () => {
      const list = targets();
      if (list.length) commands.spam(list);
      else showNotice(t('mailbox.notice.nothingFocused'), 'info');
    },
    x: withFocused((item) => selection.toggle(item.id, focusedIndex, false)),
    '/': () => options.onFocusSearch(),
    c: () => void navigate('/app/compose'),
    '?': () => options.onHelp(),
    Escape: () => (selection.selected.size ? selection.clear() : false),
  });
}
