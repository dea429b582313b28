import { Box, CircularProgress } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useUser } from '../features/auth/api/get-user.ts';
import { api, session } from '../lib/api.ts';
import { loginPathFor } from '../lib/safe-redirect.ts';
import { useSession } from '../lib/use-session.ts';

export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}
      role="progressbar"
      aria-label={t('common.loading')}
    >
      <CircularProgress />
    </Box>
  );
}

/**
 * Spec §4: a protected route without an access token first tries a refresh; if that fails the
 * user goes to Login with a redirect query back to where they were.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { accessToken, refreshToken } = useSession();
  const location = useLocation();
  const [refreshFailed, setRefreshFailed] = useState(false);
  const needsRefresh = !accessToken && !!refreshToken && !refreshFailed;

  useEffect(() => {
    if (!needsRefresh) return;
    let cancelled = false;
    void api.refreshSession().then((ok) => {
      if (!ok && !cancelled) setRefreshFailed(true);
    });
    return () => {
      cancelled = true;
    };
  }, [needsRefresh]);

  if (accessToken) return children ?? <Outlet />;
  if (needsRefresh) return <FullPageSpinner />;
  // Spec §4/§8: logout and a failed refresh both go to plain /login.
  if (session.wasEnded()) return <Navigate to="/login" replace />;
  return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
}

/** /app and below: onboarding must be complete (status fetched once per session). */
export function RequireOnboarded() {
  const user = useUser();
  if (user.isPending) return <FullPageSpinner />;
  if (user.isError) return <Navigate to={loginPathFor('/app')} replace />;
  if (!user.data.onboarding_complete) return <Navigate to="/onboarding" replace />;
  return <Outlet />;
}

/** /onboarding: a user who finished it is sent to the mailbox. */
export function RequireOnboardingPending() {
  const user = useUser();
  if (user.isPending) return <FullPageSpinner />;
  if (user.isError) return <Navigate to={loginPathFor('/onboarding')} replace />;
  if (user.data.onboarding_complete) return <Navigate to="/app" replace />;
  return <Outlet />;
}

/** /login and /register: a signed-in user is sent to the mailbox. */
export function RedirectIfSignedIn() {
  const { accessToken } = useSession();
  if (accessToken) return <Navigate to="/app" replace />;
  return <Outlet />;
}
