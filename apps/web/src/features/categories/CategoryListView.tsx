import type { Category } from '@brieftaube/shared';
import { Alert, Box, Button, Paper, Skeleton, Snackbar, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAccounts } from '../../api/accounts.ts';
import { useCategories } from '../../api/categories.ts';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { Mdi } from '../../components/ui/Mdi.tsx';
import { errorMessage } from '../../lib/error-messages.ts';
import { AccountCategories } from './components/AccountCategories.tsx';
import { CategorizeButton } from './components/CategorizeButton.tsx';
import { RunUndoBanner } from './components/RunUndoBanner.tsx';
import { CreateCategoryDialog } from './components/CreateCategoryDialog.tsx';
import { DeleteCategoryDialog } from './components/DeleteCategoryDialog.tsx';
import { EditCategoryDialog } from './components/EditCategoryDialog.tsx';
import { useNotice } from '../../components/ui/use-notice.ts';

type CreateState = { open: false } | { open: true; accountId?: number };

/** /app/categories: every account's categories and its 'Ohne Kategorie'. */
export function CategoryListView() {
  const { t } = useTranslation();
  const accounts = useAccounts();
  const categories = useCategories();
  const [create, setCreate] = useState<CreateState>({ open: false });
  const [editing, setEditing] = useState<Category | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  // The last categorisation started here: its result and 'Rückgängig' stay until closed.
  const [run, setRun] = useState<string | null>(null);
  const [notice, setNotice, noticeKey] = useNotice<{ text: string; error?: boolean }>();
  const say = (text: string, error?: boolean) => setNotice(error ? { text, error } : { text });

  const list = accounts.data ?? [];
  const pending = accounts.isPending || categories.isPending;
  const failed = accounts.isError || categories.isError;

  return (
    <Box sx={{ maxWidth: 1040 }}>
      <PageHeader
        title={t('categories.title')}
        intro={t('categories.intro')}
        action={
          list.length > 0 && (
            <Stack direction="row" useFlexGap sx={{ gap: 1, flexWrap: 'wrap' }}>
              {(categories.data?.length ?? 0) > 0 && (
                <CategorizeButton
                  onError={(error) => say(errorMessage(error), true)}
                  onStarted={setRun}
                />
              )}
              <Button
                variant="contained"
                startIcon={<Mdi name="tag-plus-outline" />}
                onClick={() =>
                  setCreate({
                    open: true,
                    ...(list.length === 1 ? { accountId: list[0]!.id } : {}),
                  })
                }
              >
                {t('categories.new')}
              </Button>
            </Stack>
          )
        }
      />

      {run && <RunUndoBanner key={run} taskId={run} onClose={() => setRun(null)} />}
      {pending ? (
        <Stack spacing={2} aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton variant="rounded" height={240} />
        </Stack>
      ) : failed ? (
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => void Promise.all([accounts.refetch(), categories.refetch()])}
            >
              {t('categories.retry')}
            </Button>
          }
        >
          {`${t('categories.loadError')} ${errorMessage(accounts.error ?? categories.error)}`}
        </Alert>
      ) : list.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }}>
          <Mdi name="tag-multiple-outline" sx={{ fontSize: 56, color: 'text.secondary' }} />
          <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
            {t('categories.noAccountsTitle')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mt: 1, mb: 3 }}>
            {t('categories.noAccountsText')}
          </Typography>
          <Button component={RouterLink} to="/app/accounts" variant="contained">
            {t('categories.toAccounts')}
          </Button>
        </Paper>
      ) : (
        <Stack spacing={3}>
          {list.map((account) => (
            <AccountCategories
              key={account.id}
              account={account}
              categories={categories.data ?? []}
              onCreate={(accountId) => setCreate({ open: true, accountId })}
              onEdit={setEditing}
              onDelete={setDeleting}
              onNotice={say}
              onCategorizeStarted={setRun}
            />
          ))}
        </Stack>
      )}

      <CreateCategoryDialog
        open={create.open}
        onClose={() => setCreate({ open: false })}
        defaultAccountId={create.open ? create.accountId : undefined}
      />
      <EditCategoryDialog
        category={editing}
        onClose={() => setEditing(null)}
        onSaved={(category) => {
          setEditing(null);
          say(t('categories.editDialog.saved', { name: category.name }));
        }}
      />
      <DeleteCategoryDialog
        category={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(category) => {
          setDeleting(null);
          say(t('categories.deleteDialog.done', { name: category.name }));
        }}
      />
      <Snackbar
        key={noticeKey}
        open={!!notice}
        autoHideDuration={notice?.error ? null : 5000}
        onClose={() => setNotice(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity={notice?.error ? 'error' : 'success'}
          variant="filled"
          onClose={() => setNotice(null)}
          closeText={t('common.close')}
        >
          {notice?.text}
        </Alert>
      </Snackbar>
    </Box>
  );
}
