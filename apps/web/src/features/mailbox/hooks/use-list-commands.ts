import type { EmailListItem } from '@brieftaube/shared';
import type { MailActions, MailItem } from '../../../components/mail/use-mail-actions.ts';
import type { useBulkMenus } from './use-bulk-menus.ts';

interface Options {
  items: readonly EmailListItem[];
  focusedId: number | null;
  setFocusedId: (id: number | null) => void;
  actions: MailActions;
  menus: ReturnType<typeof useBulkMenus>;
  clearSelection: () => void;
}

/** The row that takes the focus when the focused row leaves the list, as in Gmail: the next one. */
function nextFocus(
  items: readonly EmailListItem[],
  leaving: ReadonlySet<number>,
  focusedId: number | null,
) {
  if (focusedId === null || !leaving.has(focusedId)) return focusedId;
  const index = items.findIndex((item) => item.id === focusedId);
  for (let i = index + 1; i < items.length; i++)
    if (!leaving.has(items[i]!.id)) return items[i]!.id;
  for (let i = index - 1; i >= 0; i--) if (!leaving.has(items[i]!.id)) return items[i]!.id;
  return null;
}

/** Deleting, archiving and reporting spam from the toolbar or the keyboard: same rules, same focus handling. */
export function useListCommands({
  items,
  focusedId,
  setFocusedId,
  actions,
  menus,
  clearSelection,
}: Options) {
  const leave = (targets: MailItem[]) =>
    setFocusedId(nextFocus(items, new Set(targets.map((t) => t.id)), focusedId));

  return {
    /** From the trash mail is gone for good: that is asked first. */
    remove(targets: MailItem[], { confirmed = false } = {}) {
      if (targets.length === 0) return;
      if (!confirmed && targets.some((item) => item.folder_type === 'trash')) {
        menus.askDelete(targets.map((item) => item.id));
        return;
      }
      leave(targets);
      clearSelection();
      void actions.remove(targets);
    },
    archive(targets: MailItem[]) {
      if (targets.length === 0) return;
      void actions.archive(targets).then((ok) => {
        if (!ok) return;
        leave(targets);
        clearSelection();
      });
    },
    /** In the spam folder the same key and button say "Kein Spam" and move mail back. */
    spam(targets: MailItem[]) {
      if (targets.length === 0) return;
      const isSpam = !targets.every((item) => item.folder_type === 'spam');
      void actions.spam(targets, isSpam).then((ok) => {
        if (!ok) return;
        leave(targets);
        clearSelection();
      });
    },
  };
}

export type ListCommands = ReturnType<typeof useListCommands>;
