import { Alert, Box, Button, Link, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useAccounts } from '../../api/accounts.ts';
import { useCategory } from '../../api/categories.ts';
import { Mdi } from '../../components/ui/Mdi.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import { CategoryCounts } from './components/CategoryCounts.tsx';
import { CategoryMailList } from './components/CategoryMailList.tsx';
import { ColorDot } from '../../components/ui/ColorDot.tsx';
import { DeleteCategoryDialog } from './components/DeleteCategoryDialog.tsx';
import { EditCategoryDialog } from './components/EditCategoryDialog.tsx';
import { colorNameKey } from '../../lib/category-colors.ts';

/** /app/categories/{id}: the category, its counts and its mail. */
export function CategoryDetailView({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const category = useCategory(id);
  const accounts = useAccounts();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  if (category.isPending) {
    return (
      <Stack spacing={2} aria-busy="true" aria-label={t('common.loading')} sx={{ maxWidth: 1040 }}>
        <Skeleton variant="rounded" height={160} />
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );
  }
  if (category.isError) {
    // A malformed id in the URL is answered with 400: just as missing to the user.
    const missing =
      category.error instanceof ApiRequestError && [400, 404].includes(category.error.status);
    return (
      <Box sx={{ maxWidth: 1040 }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {t('layout.breadcrumbCategory')}
        </Typography>
        <Alert severity={missing ? 'warning' : 'error'} sx={{ mb: 2 }}>
          {missing ? t('categories.detail.notFound') : errorMessage(category.error)}
        </Alert>
        <Link component={RouterLink} to="/app/categories">
          {t('categories.detail.back')}
        </Link>
      </Box>
    );
  }

  const data = category.data;
  const account = accounts.data?.find((a) => a.id === data.account);
  return (
    <Stack spacing={3} sx={{ maxWidth: 1040 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <ColorDot color={data.color} size={20} />
              <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
                {data.name}
              </Typography>
            </Box>
            <Typography sx={{ mt: 1.5, whiteSpace: 'pre-line' }}>
              {data.description || t('categories.noDescription')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
              {[
                account && t('categories.detail.account', { email: account.email_address }),
                t('categories.colorLabel', { color: t(colorNameKey(data.color)) }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </Box>
          <CategoryCounts total={data.email_count} unread={data.unread_email_count} />
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2.5 }}>
          <Button
            variant="contained"
            component={RouterLink}
            to={`/app?category=${data.id}`}
            startIcon={<Mdi name="format-list-bulleted" />}
          >
            {t('categories.detail.showAll')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<Mdi name="pencil-outline" />}
            onClick={() => setEditing(true)}
          >
            {t('categories.edit')}
          </Button>
          <Button
            color="error"
            startIcon={<Mdi name="delete-outline" />}
            onClick={() => setDeleting(true)}
          >
            {t('categories.remove')}
          </Button>
        </Box>
      </Paper>

      <Paper variant="outlined" component="section" aria-labelledby="category-mail-title">
        <Typography
          id="category-mail-title"
          variant="h6"
          component="h2"
          sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
        >
          {t('categories.detail.mailTitle')}
        </Typography>
        <CategoryMailList categoryId={data.id} name={data.name} />
      </Paper>

      <EditCategoryDialog
        category={editing ? data : null}
        onClose={() => setEditing(false)}
        onSaved={() => setEditing(false)}
      />
      <DeleteCategoryDialog
        category={deleting ? data : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate('/app/categories', { replace: true })}
      />
    </Stack>
  );
}
