import type { Account, Category } from '@brieftaube/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  DialogActions,
  DialogContent,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCreateCategory } from '../../../../api/categories.ts';
import { ApiRequestError } from '../../../../lib/api-client.ts';
import { errorMessage } from '../../../../lib/error-messages.ts';
import { ColorSelect } from '../ColorSelect.tsx';
import {
  CREATE_CATEGORY_FIELDS,
  createCategorySchema,
  DEFAULT_CATEGORY_COLOR,
  fieldErrorText,
  type CreateCategoryValues,
} from './create-category-schema.ts';
import { DescriptionSuggestion } from './DescriptionSuggestion.tsx';
import { useDescriptionSuggestion } from './use-description-suggestion.ts';

export function CreateCategoryForm({
  accounts,
  defaultAccountId,
  onCancel,
  onCreated,
}: {
  accounts: Account[];
  defaultAccountId?: number | undefined;
  onCancel: () => void;
  onCreated: (category: Category) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateCategory();
  const suggestion = useDescriptionSuggestion();
  const initialAccount =
    accounts.find((account) => account.id === defaultAccountId)?.id ?? accounts[0]?.id;
  const { register, control, handleSubmit, formState, setError, getValues, setValue } =
    useForm<CreateCategoryValues>({
      resolver: zodResolver(createCategorySchema),
      defaultValues: {
        name: '',
        description: '',
        color: DEFAULT_CATEGORY_COLOR,
        ...(initialAccount === undefined ? {} : { account: initialAccount }),
      },
    });
  const errors = formState.errors;

  const submit = handleSubmit(async (values) => {
    try {
      onCreated(await create.mutateAsync(values));
    } catch (error) {
      // Spec §8: category creation failures are logged; field codes still show at their field.
      console.error('Category creation failed', error);
      if (!(error instanceof ApiRequestError)) return;
      for (const field of CREATE_CATEGORY_FIELDS) {
        const code = error.fields[field]?.[0];
        if (code) setError(field, { type: 'server', message: fieldErrorText(field, code) });
      }
    }
  });
  const generalFailure =
    create.isError &&
    !(create.error instanceof ApiRequestError && Object.keys(create.error.fields).length > 0);

  const nameField = register('name');
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <TextField
            label={t('categoryDialog.name')}
            placeholder={t('categoryDialog.namePlaceholder')}
            required
            autoFocus
            autoComplete="off"
            error={!!errors.name}
            helperText={errors.name?.message}
            {...nameField}
            onBlur={(event) => {
              void nameField.onBlur(event);
              // Spec §2: leaving a filled name with an empty description asks the AI.
              const { name, description } = getValues();
              if (name.trim() && !description.trim()) suggestion.request(name);
            }}
          />
          <TextField
            label={t('categoryDialog.description')}
            placeholder={t('categoryDialog.descriptionPlaceholder')}
            required
            multiline
            minRows={3}
            error={!!errors.description}
            helperText={errors.description?.message ?? t('categoryDialog.descriptionHint')}
            {...register('description')}
          />
          <DescriptionSuggestion
            state={suggestion.state}
            onApply={(text) => {
              setValue('description', text, { shouldValidate: true, shouldDirty: true });
              suggestion.clear();
            }}
          />
          <Controller
            control={control}
            name="color"
            render={({ field, fieldState }) => (
              <ColorSelect
                label={t('categoryDialog.color')}
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
                {...field}
              />
            )}
          />
          {accounts.length > 1 && (
            <Controller
              control={control}
              name="account"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label={t('categoryDialog.account')}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message}
                  {...field}
                  value={field.value ?? ''}
                  onChange={(event) => field.onChange(Number(event.target.value))}
                >
                  {accounts.map((account) => (
                    <MenuItem key={account.id} value={account.id}>
                      {account.email_address}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          )}
          {accounts.length <= 1 && errors.account && (
            <Alert severity="error">{errors.account.message}</Alert>
          )}
          {generalFailure && (
            <Alert severity="error" role="alert">
              {`${t('categoryDialog.failed')} ${errorMessage(create.error)}`}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button onClick={onCancel} color="inherit">
          {t('categoryDialog.cancel')}
        </Button>
        <Button type="submit" variant="contained" color="secondary" loading={create.isPending}>
          {t('categoryDialog.create')}
        </Button>
      </DialogActions>
    </Box>
  );
}
