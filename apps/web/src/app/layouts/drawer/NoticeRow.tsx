import { Box, Button, Skeleton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSyncAccountFolders } from '../../../api/folders.ts';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import type { DrawerRow } from './drawer-model.ts';

/** The empty, loading and failed states inside an opened account. */
export function NoticeRow({
  row,
  onRetry,
  onCreateCategory,
}: {
  row: Extract<DrawerRow, { kind: 'notice' }>;
  onRetry: (accountId: number) => void;
  onCreateCategory: (accountId: number) => void;
}) {
  const { t } = useTranslation();
  const accountId = row.model.account.id;
  const box = { height: '100%', pl: '58px', pr: 2, py: 1, boxSizing: 'border-box' } as const;

  switch (row.notice) {
    case 'loading':
      return (
        <Box sx={box} aria-busy="true" aria-label={t('layout.foldersLoading')} role="status">
          {[70, 55, 62].map((width) => (
            <Skeleton key={width} variant="text" width={`${width}%`} sx={{ fontSize: 14 }} />
          ))}
        </Box>
      );
    case 'folders-error':
      return (
        <Box sx={box} role="alert">
          <Typography
            variant="body2"
            sx={{ color: 'error.main', display: 'flex', alignItems: 'center', gap: 0.75 }}
          >
            <Mdi name="alert-circle-outline" sx={{ fontSize: 18 }} />
            {t('layout.foldersFailed')}
          </Typography>
          <Button
            size="small"
            onClick={() => onRetry(accountId)}
            startIcon={<Mdi name="refresh" />}
            sx={{ mt: 0.5, ml: -0.75 }}
          >
            {t('layout.retry')}
          </Button>
        </Box>
      );
    case 'no-folders':
      return <NoFolders accountId={accountId} sx={box} />;
    case 'no-categories':
      return (
        <Box sx={box}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('layout.noCategories')}
          </Typography>
          <Button
            size="small"
            onClick={() => onCreateCategory(accountId)}
            startIcon={<Mdi name="plus" />}
            sx={{ mt: 0.5, ml: -0.75 }}
          >
            {t('layout.createCategoryHere')}
          </Button>
        </Box>
      );
  }
}

function NoFolders({ accountId, sx }: { accountId: number; sx: object }) {
  const { t } = useTranslation();
  const sync = useSyncAccountFolders();
  return (
    <Box sx={sx}>
      <Typography variant="body2" sx={{ color: sync.isError ? 'error.main' : 'text.secondary' }}>
        {sync.isError ? t('layout.syncFailed') : t('layout.noFolders')}
      </Typography>
      <Button
        size="small"
        loading={sync.isPending}
        loadingPosition="start"
        onClick={() =>
          sync.mutate(accountId, {
            // Spec §8: folder failures are logged; the hint above tells the user.
            onError: (error) => console.warn('Folder sync failed', error),
          })
        }
        startIcon={<Mdi name="folder-sync-outline" />}
        sx={{ mt: 0.5, ml: -0.75 }}
      >
        {t('layout.syncFolders')}
      </Button>
    </Box>
  );
}
