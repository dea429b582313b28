import { useEffect } from 'react';
import {
  createBrowserRouter,
  Navigate,
  Outlet,
  ScrollRestoration,
  useNavigate,
} from 'react-router';
import { RouteError } from '../components/layouts/RouteError.tsx';
import { onSessionExpired } from '../lib/api.ts';
import { queryClient } from '../lib/query-client.ts';
import {
  RedirectIfSignedIn,
  RequireAuth,
  RequireOnboarded,
  RequireOnboardingPending,
} from './guards.tsx';

function Root() {
  const navigate = useNavigate();
  // Spec §8: when the refresh fails the user is logged out and sent to /login.
  useEffect(
    () =>
      onSessionExpired(() => {
        queryClient.clear();
        void navigate('/login', { replace: true });
      }),
    [navigate],
  );
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

// Every screen is its own chunk: the landing page never downloads the app.
const appScreens = () => import('./routes/app-screens.tsx');
const composeScreen = () => import('../features/compose/ComposePage.tsx');
const aiScreens = () => import('../features/ai/ai-screens.tsx');

export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RouteError />,
    // The first screen's code is still loading: nothing to show for that moment (and React
    // Router warns on every load without this).
    HydrateFallback: () => null,
    children: [
      {
        lazy: () =>
          import('../components/layouts/MarketingLayout.tsx').then((m) => ({
            Component: m.MarketingLayout,
          })),
        children: [
          {
            path: '/',
            lazy: () =>
              import('../features/landing/LandingPage.tsx').then((m) => ({
                Component: m.LandingPage,
              })),
          },
        ],
      },
      {
        element: <RedirectIfSignedIn />,
        children: [
          {
            lazy: () =>
              import('../components/layouts/BlankLayout.tsx').then((m) => ({
                Component: m.BlankLayout,
              })),
            children: [
              {
                path: '/login',
                lazy: () =>
                  import('../features/auth/LoginPage.tsx').then((m) => ({
                    Component: m.LoginPage,
                  })),
              },
              {
                path: '/register',
                lazy: () =>
                  import('../features/auth/RegisterPage.tsx').then((m) => ({
                    Component: m.RegisterPage,
                  })),
              },
            ],
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <RequireOnboardingPending />,
            children: [
              {
                path: '/onboarding',
                lazy: () =>
                  import('./routes/onboarding-route.tsx').then((m) => ({
                    Component: m.OnboardingRoute,
                  })),
              },
            ],
          },
          {
            path: '/oauth-callback',
            lazy: () => appScreens().then((m) => ({ Component: m.OAuthCallbackScreen })),
          },
          {
            element: <RequireOnboarded />,
            children: [
              {
                path: '/app',
                lazy: () =>
                  import('./layouts/MainLayout.tsx').then((m) => ({ Component: m.MainLayout })),
                children: [
                  {
                    index: true,
                    lazy: () => appScreens().then((m) => ({ Component: m.EmailListPage })),
                  },
                  {
                    path: 'emails/:id',
                    lazy: () => appScreens().then((m) => ({ Component: m.EmailDetailScreen })),
                  },
                  {
                    path: 'accounts',
                    lazy: () => appScreens().then((m) => ({ Component: m.AccountListScreen })),
                  },
                  {
                    path: 'categories',
                    lazy: () => appScreens().then((m) => ({ Component: m.CategoryListScreen })),
                  },
                  {
                    path: 'categories/:id',
                    lazy: () => appScreens().then((m) => ({ Component: m.CategoryDetailScreen })),
                  },
                  {
                    path: 'ask',
                    lazy: () => aiScreens().then((m) => ({ Component: m.AskPage })),
                  },
                  {
                    path: 'ai-search',
                    lazy: () => aiScreens().then((m) => ({ Component: m.AiSearchPage })),
                  },
                  // Compose is a chunk of its own: the editor (TipTap) is loaded only here.
                  {
                    path: 'compose',
                    lazy: () => composeScreen().then((m) => ({ Component: m.ComposePage })),
                  },
                  {
                    path: 'compose/:action/:id',
                    lazy: () => composeScreen().then((m) => ({ Component: m.ComposePage })),
                  },
                ],
              },
            ],
          },
        ],
      },
      // Spec §2: unknown paths go to '/'.
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
