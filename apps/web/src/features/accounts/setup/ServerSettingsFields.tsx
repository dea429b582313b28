import { Box, MenuItem, Stack, Typography } from '@mui/material';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SECURITIES, type AccountFormValues } from '../lib/account-form.ts';
import { FormTextField } from './FormTextField.tsx';

interface Props {
  form: UseFormReturn<AccountFormValues>;
  onEdited: () => void;
}

/** IMAP and SMTP host, port and security, and the login name if it differs from the address. */
export function ServerSettingsFields({ form, onEdited }: Props) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2.5}>
      <ServerRow kind="imap" form={form} onEdited={onEdited} />
      <ServerRow kind="smtp" form={form} onEdited={onEdited} />
      <FormTextField
        name="username"
        control={form.control}
        onUserChange={onEdited}
        label={t('accounts.setup.username')}
        autoComplete="off"
        helperText={t('accounts.setup.usernameHint')}
      />
    </Stack>
  );
}

function ServerRow({ kind, form, onEdited }: Props & { kind: 'imap' | 'smtp' }) {
  const { t } = useTranslation();
  const { control } = form;
  const security = useWatch({ control, name: `${kind}_security` });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1.5 }}>
        {t(`accounts.setup.${kind}Title`)}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'minmax(0, 1fr) 110px 150px' },
          alignItems: 'start',
        }}
      >
        <FormTextField
          name={`${kind}_server`}
          control={control}
          onUserChange={onEdited}
          label={t(`accounts.setup.${kind}Server`)}
          required
          autoComplete="off"
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
          sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
        />
        <FormTextField
          name={`${kind}_port`}
          control={control}
          onUserChange={onEdited}
          label={t(`accounts.setup.${kind}Port`)}
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <FormTextField
          name={`${kind}_security`}
          control={control}
          onUserChange={onEdited}
          select
          label={t(`accounts.setup.${kind}Security`)}
        >
          {SECURITIES.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`accounts.security.${value}`)}
            </MenuItem>
          ))}
        </FormTextField>
      </Box>
      {security === 'none' && (
        <Typography variant="body2" color="warning.main" role="note" sx={{ mt: 1 }}>
          {t('accounts.setup.noEncryption')}
        </Typography>
      )}
    </Box>
  );
}
