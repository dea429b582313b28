import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { PageSpinner } from './components/PageSpinner.tsx';
import { useTranslation } from 'react-i18next';
import { useCategories } from '../../api/categories.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

// Loaded on first visit, so the /app entry stays small for the mailbox.
const CategoryDetailView = lazy(() =>
  import('./CategoryDetailView.tsx').then((m) => ({ default: m.CategoryDetailView })),
);

export function CategoryDetailPage() {
  const { id } = useParams();
  const { t } = useTranslation();
  const { data: categories } = useCategories();
  useDocumentTitle(
    categories?.find((c) => String(c.id) === id)?.name ?? t('screens.categoryDetail'),
  );
  return (
    <Suspense fallback={<PageSpinner />}>
      <CategoryDetailView key={id} id={Number(id)} />
    </Suspense>
  );
}
