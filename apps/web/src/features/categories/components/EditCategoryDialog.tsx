import type { Category } from '@brieftaube/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useUpdateCategory } from '../../../api/categories.ts';
import i18n from '../../../i18n/index.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-messages.ts';
import { CATEGORY_COLORS } from '../../../lib/category-colors.ts';
import { ColorSelect } from './ColorSelect.tsx';

// Spec §5: the same rules as on creation; messages are looked up when a rule fails.
const schema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: () => i18n.t('categories.editDialog.nameRequired') }),
  description: z
    .string()
    .trim()
    .min(1, { error: () => i18n.t('categories.editDialog.descriptionRequired') }),
  color: z.enum(CATEGORY_COLORS),
});
type Values = z.infer<typeof schema>;
const FIELDS = ['name', 'description', 'color'] as const;

interface Props {
  category: Category | null;
  onClose: () => void;
  onSaved: (category: Category) => void;
}

export function EditCategoryDialog({ category, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={!!category}
      // As the creation dialog: a click beside it or Escape does not throw the edits away.
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick' && reason !== 'escapeKeyDown') onClose();
      }}
      maxWidth="sm"
      fullWidth
      aria-labelledby="edit-category-title"
    >
      <DialogTitle id="edit-category-title">{t('categories.editDialog.title')}</DialogTitle>
      {category && (
        <EditCategoryForm
          key={category.id}
          category={category}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Dialog>
  );
}

function EditCategoryForm({ category, onClose, onSaved }: Props & { category: Category }) {
  const { t } = useTranslation();
  const update = useUpdateCategory();
  const known = (CATEGORY_COLORS as readonly string[]).includes(category.color);
  const { register, control, handleSubmit, formState, setError } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: category.name,
      description: category.description,
      color: known ? (category.color as Values['color']) : 'blue',
    },
  });

  const submit = handleSubmit(async (values) => {
    try {
      onSaved(await update.mutateAsync({ id: category.id, ...values }));
    } catch (error) {
      if (!(error instanceof ApiRequestError)) return;
      for (const field of FIELDS) {
        const code = error.fields[field]?.[0];
        if (code)
          setError(field, {
            type: 'server',
            message: t(`categories.fieldErrors.${code}`, {
              defaultValue: t('categories.fieldErrors.INVALID'),
            }),
          });
      }
    }
  });
  const serverFailed =
    update.isError &&
    !(update.error instanceof ApiRequestError && Object.keys(update.error.fields).length > 0);

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <TextField
            label={t('categories.editDialog.name')}
            required
            autoFocus
            error={!!formState.errors.name}
            helperText={formState.errors.name?.message}
            {...register('name')}
          />
          <TextField
            label={t('categories.editDialog.description')}
            required
            multiline
            minRows={3}
            error={!!formState.errors.description}
            helperText={
              formState.errors.description?.message ?? t('categories.editDialog.descriptionHint')
            }
            {...register('description')}
          />
          <Controller
            control={control}
            name="color"
            render={({ field, fieldState }) => (
              <ColorSelect
                label={t('categories.editDialog.color')}
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
                {...field}
              />
            )}
          />
          {serverFailed && (
            <Alert severity="error" role="alert">
              {`${t('categories.editDialog.failed')} ${errorMessage(update.error)}`}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={update.isPending}>
          {t('categories.editDialog.save')}
        </Button>
      </DialogActions>
    </form>
  );
}
