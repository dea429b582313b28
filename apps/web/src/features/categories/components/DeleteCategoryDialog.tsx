import type { Category } from '@brieftaube/shared';
import { DialogContentText } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useDeleteCategory } from '../../../api/categories.ts';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { errorMessage } from '../../../lib/error-messages.ts';

interface Props {
  category: Category | null;
  onClose: () => void;
  onDeleted: (category: Category) => void;
}

/** Deleting a category only drops the assignment; the mail itself stays. */
export function DeleteCategoryDialog({ category, onClose, onDeleted }: Props) {
  const { t } = useTranslation();
  const remove = useDeleteCategory();
  return (
    <ConfirmDialog
      open={!!category}
      title={t('categories.deleteDialog.title')}
      text={t('categories.deleteDialog.text', { name: category?.name ?? '' })}
      confirmLabel={t('categories.deleteDialog.confirm')}
      destructive
      pending={remove.isPending}
      error={
        remove.isError
          ? `${t('categories.deleteDialog.failed')} ${errorMessage(remove.error)}`
          : null
      }
      onCancel={() => {
        remove.reset();
        onClose();
      }}
      onConfirm={() => {
        if (!category) return;
        remove.mutate(category.id, {
          onSuccess: () => {
            remove.reset();
            onDeleted(category);
          },
        });
      }}
    >
      <DialogContentText>{t('categories.deleteDialog.mailStays')}</DialogContentText>
    </ConfirmDialog>
  );
}
