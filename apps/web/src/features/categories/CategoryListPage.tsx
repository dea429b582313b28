import { lazy, Suspense } from 'react';
import { PageSpinner } from './components/PageSpinner.tsx';

// Loaded on first visit, so the /app entry stays small for the mailbox.
const CategoryListView = lazy(() =>
  import('./CategoryListView.tsx').then((m) => ({ default: m.CategoryListView })),
);

export function CategoryListPage() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <CategoryListView />
    </Suspense>
  );
}
