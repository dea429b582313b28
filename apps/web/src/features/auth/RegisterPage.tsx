import {
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_PATTERN,
} from '@brieftaube/shared/codes';
import { isMailAddress } from '@brieftaube/shared/addresses';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { z } from 'zod';
import { PasswordField } from '../../components/ui/PasswordField.tsx';
import { errorMessage, fieldMessages } from '../../lib/error-messages.ts';
import i18n from '../../i18n/index.ts';
import { useRegister } from './api/register.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

const msg = (code: string) => i18n.t(`fieldErrors.${code}`);
const schema = z
  .object({
    username: z
      .string()
      .trim()
      .min(1, msg('REQUIRED'))
      .max(USERNAME_MAX_LENGTH, msg('TOO_LONG'))
      .regex(USERNAME_PATTERN, msg('USERNAME_INVALID')),
    email: z.string().trim().min(1, msg('REQUIRED')).refine(isMailAddress, msg('EMAIL_INVALID')),
    password1: z
      .string()
      .min(1, msg('REQUIRED'))
      .min(PASSWORD_MIN_LENGTH, msg('PASSWORD_TOO_SHORT'))
      .refine((v) => !/^\d+$/.test(v), msg('PASSWORD_ENTIRELY_NUMERIC')),
    password2: z.string().min(1, msg('REQUIRED')),
  })
  .refine((v) => v.password1 === v.password2, {
    path: ['password2'],
    message: msg('PASSWORD_MISMATCH'),
  });
type FormValues = z.infer<typeof schema>;
const fields = ['username', 'email', 'password1', 'password2'] as const;

export function RegisterPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.registerTitle'));
  const navigate = useNavigate();
  const registration = useRegister();
  const { register, handleSubmit, formState, setError } = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: { username: '', email: '', password1: '', password2: '' },
  });

  // The server knows what the browser cannot: taken names, too common passwords.
  useEffect(() => {
    const messages = fieldMessages(registration.error);
    for (const field of fields) {
      const message = messages[field];
      if (message) setError(field, { type: 'server', message });
    }
  }, [registration.error, setError]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await registration.mutateAsync(values);
      await navigate('/onboarding', { replace: true });
    } catch {
      // Shown from the mutation state.
    }
  });

  const fieldProps = (name: (typeof fields)[number]) => ({
    error: !!formState.errors[name],
    helperText: formState.errors[name]?.message,
    required: true,
    ...register(name),
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="register-title">
      <Typography id="register-title" variant="h5" component="h1">
        {t('auth.registerTitle')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.5, mb: 3 }}>
        {t('auth.registerSubtitle')}
      </Typography>
      <Stack spacing={2.5}>
        {registration.isError && (
          <Alert severity="error" role="alert">
            {errorMessage(registration.error, 'registration')}
          </Alert>
        )}
        <TextField
          label={t('auth.username')}
          autoComplete="username"
          autoFocus
          {...fieldProps('username')}
        />
        <TextField
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          {...fieldProps('email')}
        />
        <PasswordField
          label={t('auth.password1')}
          autoComplete="new-password"
          {...fieldProps('password1')}
          helperText={formState.errors.password1?.message ?? t('auth.passwordHint')}
        />
        <PasswordField
          label={t('auth.password2')}
          autoComplete="new-password"
          {...fieldProps('password2')}
        />
        <Button type="submit" variant="contained" size="large" loading={registration.isPending}>
          {t('auth.registerSubmit')}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {t('auth.haveAccount')}{' '}
          <Link component={RouterLink} to="/login" underline="always">
            {t('auth.toLogin')}
          </Link>
        </Typography>
      </Stack>
    </Box>
  );
}
