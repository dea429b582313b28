import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { PasswordField } from '../../components/ui/PasswordField.tsx';
import { expiredNotice } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import i18n from '../../i18n/index.ts';
import { useLogin } from './api/login.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

const schema = z.object({
  username: z.string().trim().min(1, i18n.t('fieldErrors.REQUIRED')),
  password: z.string().min(1, i18n.t('fieldErrors.REQUIRED')),
});
type FormValues = z.infer<typeof schema>;

export function LoginPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.loginSubmit'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin();
  const [expired] = useState(() => expiredNotice.shown());
  const { register, handleSubmit, formState } = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await login.mutateAsync(values);
      // Spec §4: after login, the redirect query or '/'.
      await navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch {
      // Shown below from the mutation state.
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="login-title">
      <Typography id="login-title" variant="h5" component="h1">
        {t('auth.loginTitle')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.5, mb: 3 }}>
        {t('auth.loginSubtitle')}
      </Typography>
      <Stack spacing={2.5}>
        {/* Back from a provider while signed out: nothing is connected until someone signs in. */}
        {params.get('redirect')?.startsWith('/oauth-callback') && !login.isError && (
          <Alert severity="info" role="status">
            {t('auth.oauthPending')}
          </Alert>
        )}
        {expired && !login.isError && (
          <Alert severity="info" role="status">
            {t('errors.sessionExpired')}
          </Alert>
        )}
        {login.isError && (
          <Alert severity="error" role="alert">
            {errorMessage(login.error)}
          </Alert>
        )}
        <TextField
          label={t('auth.identifier')}
          autoComplete="username"
          autoFocus
          required
          error={!!formState.errors.username}
          helperText={formState.errors.username?.message}
          {...register('username')}
        />
        <PasswordField
          label={t('auth.password')}
          autoComplete="current-password"
          required
          error={!!formState.errors.password}
          helperText={formState.errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" variant="contained" size="large" loading={login.isPending}>
          {t('auth.loginSubmit')}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {t('auth.noAccount')}{' '}
          <Link component={RouterLink} to="/register" underline="always">
            {t('auth.toRegister')}
          </Link>
        </Typography>
      </Stack>
    </Box>
  );
}
