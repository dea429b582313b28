import type { EmailListItem } from '@brieftaube/shared';
import { useTranslation } from 'react-i18next';
import { useStartAiCategorize } from '../../../api/ai.ts';
import { showNotice } from '../../../components/mail/notices.ts';
import { errorMessage } from '../../../lib/error-messages.ts';
import { CategoryMenu } from '../../../components/mail/CategoryMenu.tsx';
import { ConfirmDeleteDialog } from '../../../components/mail/ConfirmDeleteDialog.tsx';
import { FolderMenu } from '../../../components/mail/FolderMenu.tsx';
import type { MailActions, MailItem } from '../../../components/mail/use-mail-actions.ts';
import type { useBulkMenus } from '../hooks/use-bulk-menus.ts';
import type { ListCommands } from '../hooks/use-list-commands.ts';

const unique = (values: number[]) => [...new Set(values)];

/** The pickers and the confirmation the toolbar opens, acting on the selected messages. */
export function BulkMenus({
  menus,
  items,
  selectedItems,
  actions,
  commands,
  onDone,
}: {
  menus: ReturnType<typeof useBulkMenus>;
  items: readonly EmailListItem[];
  selectedItems: MailItem[];
  actions: MailActions;
  commands: ListCommands;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const categorizeByAi = useStartAiCategorize();
  const accountIds = unique(selectedItems.map((i) => i.account));
  const categoriesOfAll = unique(selectedItems.map((i) => i.category ?? 0));
  const confirmSet = new Set(menus.confirmIds);
  return (
    <>
      <FolderMenu
        anchorEl={menus.moveAnchor}
        onClose={menus.close}
        accountIds={accountIds}
        currentFolderIds={unique(selectedItems.map((i) => i.folder))}
        onPickFolder={(folder) => {
          menus.close();
          void actions.move(selectedItems, folder).then((ok) => ok && onDone());
        }}
        onPickType={(type, label) => {
          menus.close();
          void actions.moveToType(selectedItems, type, label).then((ok) => ok && onDone());
        }}
      />
      <CategoryMenu
        anchorEl={menus.categoryAnchor}
        onClose={menus.close}
        accountIds={accountIds}
        current={categoriesOfAll.length === 1 ? (selectedItems[0]?.category ?? null) : undefined}
        onPick={(categoryId) => {
          menus.close();
          void actions.categorize(selectedItems, categoryId);
        }}
        aiLabel={t('ai.categorize.selected', { count: selectedItems.length })}
        onAi={() => {
          menus.close();
          // Progress and result show in the task card; the user's own choices stay as they are.
          categorizeByAi.mutate(
            { email_pks: selectedItems.map((i) => i.id), reclassify_uncategorized_only: false },
            {
              onSuccess: onDone,
              onError: (error) => showNotice(errorMessage(error), 'error'),
            },
          );
        }}
      />
      <ConfirmDeleteDialog
        count={menus.confirmIds.length}
        onClose={menus.close}
        onConfirm={() => {
          // The selection may reach past the loaded rows ("all of this list").
          const targets = (selectedItems.length ? selectedItems : items).filter((i) =>
            confirmSet.has(i.id),
          );
          menus.close();
          commands.remove(targets, { confirmed: true });
        }}
      />
    </>
  );
}
