import type { Account } from '@brieftaube/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCreateAccount, useUpdateAccount, type ProviderPreset } from '../../../api/accounts.ts';
import { PasswordField } from '../../../components/ui/PasswordField.tsx';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import { errorMessage } from '../../../lib/error-messages.ts';
import { ConnectionTestResult } from '../components/ConnectionTestResult.tsx';
import {
  accountFormSchema,
  emptyAccountForm,
  formValuesOf,
  sameServerSettings,
  sameTarget,
  SERVER_FIELDS,
  toAccountInput,
  type AccountFormValues,
} from '../lib/account-form.ts';
import { checkAccountConfig, hasBlockingIssue } from '../lib/config-check.ts';
import { accountFieldErrors } from '../lib/server-errors.ts';
import { ConfigCheckPanel } from './ConfigCheckPanel.tsx';
import { ProviderHint } from './ProviderHint.tsx';
import type { ProviderChoiceValue } from './ProviderChoice.tsx';
import { ServerSettingsSection } from './ServerSettingsSection.tsx';
import { presetValues, tilePreset, usePresetAutofill } from './use-preset-autofill.ts';
import { useConnectionTest } from './use-connection-test.ts';

export interface AccountFormProps {
  provider: ProviderChoiceValue;
  presets: ProviderPreset[];
  /** Present when an existing account is edited. */
  account?: Account;
  onSaved: (account: Account, created: boolean) => void;
  /** Controls on the left of the buttons: back to the tiles, cancel, "Später einrichten". */
  secondaryActions?: ReactNode;
}

/** Step 2 of the setup: address, password and server settings, checked and tested before saving. */
export function AccountForm({
  provider,
  presets,
  account,
  onSaved,
  secondaryActions,
}: AccountFormProps) {
  const { t } = useTranslation();
  const isEdit = !!account;
  const preset = isEdit ? undefined : tilePreset(provider, presets);
  const form = useForm<AccountFormValues>({
    resolver: zodResolver(accountFormSchema),
    defaultValues: account
      ? formValuesOf(account)
      : { ...emptyAccountForm, ...(preset ? presetValues(preset) : {}) },
    // Not on blur: an error appearing while the pointer is down on 'Später einrichten' or
    // 'Abbrechen' would push that button away and the click would be lost.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control, register, formState, handleSubmit, setError, setValue, getValues, trigger } =
    form;
  const autofill = usePresetAutofill({
    enabled: !isEdit,
    provider,
    presets,
    setValue,
    initial: preset ? { kind: 'preset', label: preset.label } : null,
  });
  // Open where the user must look: no preset known, or editing an existing account.
  const [serverOpen, setServerOpen] = useState(isEdit || provider === 'imap');
  const [checkShown, setCheckShown] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  // A new account, and an edit of its connection, is tested before it is saved (as Thunderbird
  // does); after a failed test the user may still save (a server down for the moment), until
  // they change the settings.
  const [unverified, setUnverified] = useState<string | null>(null);
  const test = useConnectionTest(account);
  const create = useCreateAccount();
  const update = useUpdateAccount();

  const watched = useWatch({ control }) as AccountFormValues;
  // A test result, and the warning that came with it, speak of the settings they tested:
  // changing those takes them away (state adjusted while rendering, as React recommends).
  const connection = JSON.stringify([
    ...SERVER_FIELDS.map((field) => watched[field]),
    watched.email_address,
    watched.password,
  ]);
  const [testedConnection, setTestedConnection] = useState(connection);
  if (testedConnection !== connection) {
    setTestedConnection(connection);
    if (test.state) test.clear();
    if (formError) setFormError(null);
  }
  // What is stored logs in only where it was saved for: other servers need the password again.
  const storedUsable = !!account && sameTarget(watched, account);
  const issues = checkAccountConfig({
    ...watched,
    hasStoredPassword: storedUsable && account.has_password,
    hasOAuth: storedUsable && (!!account.access_token || !!account.refresh_token),
  });
  const blocked = hasBlockingIssue(issues);

  const showServerErrors = (error: unknown) => {
    const messages = accountFieldErrors(error);
    for (const [field, message] of Object.entries(messages))
      setError(field as keyof AccountFormValues, { type: 'server', message });
    if (SERVER_FIELDS.some((field) => field in messages)) setServerOpen(true);
    return Object.keys(messages).length > 0;
  };
  const onInvalid = (errors: Partial<Record<keyof AccountFormValues, unknown>>) => {
    if (SERVER_FIELDS.some((field) => field in errors)) setServerOpen(true);
  };

  const submit = handleSubmit(async (values) => {
    if (blocked) return;
    setFormError(null);
    const settings = JSON.stringify(getValues());
    // An edit is tested when it touches the connection: a new password or other servers.
    const connectionChanged =
      !account || !!values.password.trim() || !sameServerSettings(values, account);
    if (connectionChanged && unverified !== settings) {
      let refused = false;
      const result = await test.run(values, (error) => {
        refused = true;
        showServerErrors(error);
      });
      // Settings the server refuses as such cannot be saved "anyway": the fields say why.
      if (refused) return;
      if (!result?.success) {
        setUnverified(settings);
        setFormError(t(isEdit ? 'accounts.setup.notVerifiedEdit' : 'accounts.setup.notVerified'));
        return;
      }
    }
    try {
      const saved = account
        ? await update.mutateAsync({ id: account.id, ...toAccountInput(values, true) })
        : await create.mutateAsync(toAccountInput(values, false));
      onSaved(saved, !isEdit);
    } catch (error) {
      if (!showServerErrors(error))
        setFormError(`${t('accounts.setup.saveFailed')} ${errorMessage(error)}`);
    }
  }, onInvalid);

  const runTest = async () => {
    setCheckShown(true);
    if (!(await trigger()) || blocked) {
      onInvalid(form.formState.errors);
      return;
    }
    await test.run(getValues(), showServerErrors);
  };

  const passwordError =
    formState.errors.password?.message ??
    (checkShown && issues.some((issue) => issue.id === 'missingAuth')
      ? t(
          account && !storedUsable
            ? 'accounts.test.needsPassword'
            : provider === 'imap'
              ? 'accounts.check.missingAuth'
              : 'accounts.check.missingAuthOAuth',
        )
      : undefined);

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        setCheckShown(true);
        void submit(event);
      }}
    >
      <Stack spacing={2.5}>
        {!isEdit && <ProviderHint provider={provider} />}
        <TextField
          label={t('accounts.setup.email')}
          type="email"
          required
          autoComplete="email"
          placeholder={t('accounts.setup.emailPlaceholder')}
          autoFocus={!isEdit}
          error={!!formState.errors.email_address}
          helperText={formState.errors.email_address?.message}
          {...register('email_address', {
            onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
              autofill.onEmailChange(event.target.value),
          })}
        />
        <TextField
          label={t('accounts.setup.displayName')}
          autoComplete="name"
          helperText={formState.errors.display_name?.message ?? t('accounts.setup.displayNameHint')}
          error={!!formState.errors.display_name}
          {...register('display_name')}
        />
        <PasswordField
          label={t('accounts.setup.password')}
          required={!isEdit}
          autoComplete="new-password"
          error={!!passwordError}
          helperText={
            passwordError ??
            (isEdit
              ? t(
                  account && !account.has_password && account.provider !== 'imap'
                    ? 'accounts.setup.passwordOAuth'
                    : 'accounts.setup.passwordKeep',
                  { provider: t(`accounts.provider.${account?.provider ?? 'imap'}`) },
                )
              : provider !== 'imap'
                ? t('accounts.setup.passwordAppHint')
                : undefined)
          }
          {...register('password')}
        />
        <ServerSettingsSection
          form={form}
          open={serverOpen}
          onToggle={() => setServerOpen((open) => !open)}
          source={autofill.source}
          onEdited={autofill.markEdited}
        />
        <ConfigCheckPanel
          issues={issues}
          onApply={(fixes) => {
            autofill.markEdited();
            for (const fix of fixes) setValue(fix.field, fix.value, { shouldValidate: true });
          }}
        />
        {test.state?.notice && <Alert severity="info">{test.state.notice}</Alert>}
        <ConnectionTestResult
          result={test.state?.result}
          failure={test.state?.failure ?? null}
          pending={test.pending}
          onClose={test.clear}
        />
        {formError && (
          <Alert severity={unverified ? 'warning' : 'error'} role="alert">
            {formError}
          </Alert>
        )}
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1.5,
            alignItems: 'center',
            justifyContent: 'space-between',
          }}
        >
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{secondaryActions}</Box>
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', ml: 'auto' }}>
            <Button
              variant="outlined"
              onClick={() => void runTest()}
              loading={test.pending}
              startIcon={<Mdi name="lan-connect" />}
            >
              {t('accounts.testConnection')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              loading={create.isPending || update.isPending || test.pending}
            >
              {unverified === JSON.stringify(watched)
                ? t(isEdit ? 'accounts.setup.saveAnyway' : 'accounts.setup.submitAnyway')
                : t(isEdit ? 'accounts.setup.submitSave' : 'accounts.setup.submitAdd')}
            </Button>
          </Box>
        </Box>
      </Stack>
    </Box>
  );
}
