import { Box, Button, Link, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import { AccountTree, type AccountTreeActions } from './AccountTree.tsx';
import type { DrawerRow } from './drawer-model.ts';
import { DrawerSection } from './DrawerSection.tsx';
import type { useDrawerData } from './use-drawer-data.ts';

/** Spec §2: 'E-MAIL-KONTEN' with its refresh button, the account tree or its empty states. */
export function AccountsSection({
  data,
  rows,
  query,
  active,
  scroller,
  refreshButton,
  actions,
  onNavigate,
}: {
  data: ReturnType<typeof useDrawerData>;
  rows: DrawerRow[];
  query: string;
  active: string | null;
  scroller: HTMLElement | null;
  refreshButton: ReactNode;
  actions: AccountTreeActions;
  onNavigate?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const { accounts } = data;
  let content: ReactNode;
  if (accounts.isPending)
    content = (
      <Box sx={{ px: 2 }} role="status" aria-label={t('common.loading')}>
        {[0, 1].map((i) => (
          <Box key={i} sx={{ display: 'flex', gap: 1.5, alignItems: 'center', py: 1 }}>
            <Skeleton variant="circular" width={24} height={24} />
            <Box sx={{ flex: 1 }}>
              <Skeleton variant="text" width="80%" />
              <Skeleton variant="text" width="40%" />
            </Box>
          </Box>
        ))}
      </Box>
    );
  else if (accounts.isError)
    content = (
      <Box sx={{ px: 2, pb: 1 }} role="alert">
        <Typography variant="body2" sx={{ color: 'error.main' }}>
          {t('layout.accountsFailed')}
        </Typography>
        <Button
          size="small"
          startIcon={<Mdi name="refresh" />}
          onClick={() => void accounts.refetch()}
          sx={{ ml: -0.75, mt: 0.5 }}
        >
          {t('layout.retry')}
        </Button>
      </Box>
    );
  else if (data.models.length === 0)
    content = (
      <Box sx={{ px: 2, pb: 1.5 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
          {t('layout.noAccounts')}
        </Typography>
        <Link
          component={RouterLink}
          to="/app/accounts"
          variant="body2"
          onClick={onNavigate}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
        >
          <Mdi name="plus" sx={{ fontSize: 18 }} />
          {t('layout.addAccount')}
        </Link>
      </Box>
    );
  else if (rows.length === 0 && query.trim())
    content = (
      <Typography variant="body2" sx={{ color: 'text.secondary', px: 2, pb: 1.5 }} role="status">
        {t('layout.noMatches', { query: query.trim() })}
      </Typography>
    );
  else content = <AccountTree rows={rows} active={active} scroller={scroller} actions={actions} />;

  return (
    <DrawerSection id="drawer-accounts" title={t('layout.accountsSection')} action={refreshButton}>
      {content}
    </DrawerSection>
  );
}
