import { lazy, Suspense } from 'react';
import { PageSpinner } from './components/PageSpinner.tsx';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

// Loaded on first visit, so the /app entry stays small for the mailbox.
const AccountListView = lazy(() =>
  import('./AccountListView.tsx').then((m) => ({ default: m.AccountListView })),
);

export function AccountListPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.accounts'));
  return (
    <Suspense fallback={<PageSpinner />}>
      <AccountListView />
    </Suspense>
  );
}
