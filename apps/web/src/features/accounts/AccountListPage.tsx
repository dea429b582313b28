import { lazy, Suspense } from 'react';
import { PageSpinner } from './components/PageSpinner.tsx';

// Loaded on first visit, so the /app entry stays small for the mailbox.
const AccountListView = lazy(() =>
  import('./AccountListView.tsx').then((m) => ({ default: m.AccountListView })),
);

export function AccountListPage() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <AccountListView />
    </Suspense>
  );
}
