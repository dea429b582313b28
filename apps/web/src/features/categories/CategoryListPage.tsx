import { lazy, Suspense } from 'react';
import { PageSpinner } from './components/PageSpinner.tsx';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

// Loaded on first visit, so the /app entry stays small for the mailbox.
const CategoryListView = lazy(() =>
  import('./CategoryListView.tsx').then((m) => ({ default: m.CategoryListView })),
);

export function CategoryListPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.categories'));
  return (
    <Suspense fallback={<PageSpinner />}>
      <CategoryListView />
    </Suspense>
  );
}
