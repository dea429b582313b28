import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { PageSpinner } from './components/PageSpinner.tsx';

// Loaded on first visit, so the /app entry stays small for the mailbox.
const CategoryDetailView = lazy(() =>
  import('./CategoryDetailView.tsx').then((m) => ({ default: m.CategoryDetailView })),
);

export function CategoryDetailPage() {
  const { id } = useParams();
  return (
    <Suspense fallback={<PageSpinner />}>
      <CategoryDetailView key={id} id={Number(id)} />
    </Suspense>
  );
}
