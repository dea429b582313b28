import {
  Box,
  IconButton,
  ListItemButton,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import { CountBadges } from './CountBadges.tsx';
import type { AccountView, DrawerRow } from './drawer-model.ts';
import { drawerItemSx } from './drawer-styles.ts';
import { formatFullCount } from './format-count.ts';
import { PROVIDER_ICONS, providerKind } from './provider-icon.ts';

type AccountRowData = Extract<DrawerRow, { kind: 'account' }>;

export function Chevron({ open }: { open: boolean }) {
  return (
    <Mdi
      name="chevron-right"
      sx={{
        fontSize: 20,
        transition: 'transform 150ms',
        transform: open ? 'rotate(90deg)' : 'none',
      }}
    />
  );
}

export function AccountRow({
  row,
  selected,
  onToggle,
  onView,
  onNavigate,
}: {
  row: AccountRowData;
  selected: boolean;
  onToggle: () => void;
  onView: (view: AccountView) => void;
  onNavigate?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const { model, expanded, view } = row;
  const { account } = model;
  const email = account.email_address;
  // The last fetch failed (a refused password, a server gone): said where the account is seen.
  const problem = account.last_sync_error ?? (account.needs_reauth ? t('layout.reauth') : null);
  const subtitle = account.needs_reauth
    ? t('layout.reauth')
    : problem
      ? t('layout.accountProblem')
      : model.folderState === 'loading'
        ? t('layout.foldersLoading')
        : model.folderState === 'error'
          ? t('layout.foldersFailedSubtitle')
          : model.folderCount === 0
            ? t('layout.noFoldersSubtitle')
            : t('layout.folderCount', {
                count: model.folderCount,
                formatted: formatFullCount(model.folderCount),
              });

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', height: '100%', pl: 0.5, pr: 1, gap: 0.25 }}>
      <IconButton
        size="small"
        onClick={onToggle}
        aria-expanded={expanded}
        aria-label={t(expanded ? 'layout.collapseAccount' : 'layout.expandAccount', {
          name: email,
        })}
        sx={{ p: 0.5 }}
      >
        <Chevron open={expanded} />
      </IconButton>
      <ListItemButton
        component={RouterLink}
        to={`/app?accounts=${account.id}`}
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        onClick={onNavigate}
        sx={{ ...drawerItemSx, flex: 1, minWidth: 0, gap: 1.25, py: 0.75 }}
        data-testid="drawer-account"
      >
        <Mdi
          name={problem ? 'alert-circle-outline' : PROVIDER_ICONS[providerKind(account)]}
          title={problem ?? undefined}
          sx={{ fontSize: 22, color: problem ? 'error.main' : 'text.secondary', flexShrink: 0 }}
        />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography
            className="drawer-item-label"
            variant="body2"
            noWrap
            title={email}
            sx={{ fontWeight: 600, lineHeight: 1.35 }}
          >
            {email}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
            <Typography
              variant="caption"
              noWrap
              sx={{
                flex: 1,
                minWidth: 0,
                color: problem || model.folderState === 'error' ? 'error.main' : 'text.secondary',
              }}
            >
              {subtitle}
            </Typography>
            <CountBadges unread={model.unread} total={model.total} />
          </Box>
        </Box>
      </ListItemButton>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={view}
        onChange={(_, next: AccountView | null) => next && onView(next)}
        aria-label={t('layout.viewSwitch', { email })}
        sx={{
          flexShrink: 0,
          '& .MuiToggleButton-root': { p: 0.375, border: 0, borderRadius: 1.5 },
        }}
      >
        <Tooltip title={t('layout.folderView')} describeChild>
          <ToggleButton value="folders" aria-label={t('layout.folderView')}>
            <Mdi name="folder-outline" sx={{ fontSize: 18 }} />
          </ToggleButton>
        </Tooltip>
        <Tooltip title={t('layout.categoryView')} describeChild>
          <ToggleButton value="categories" aria-label={t('layout.categoryView')}>
            <Mdi name="tag-multiple-outline" sx={{ fontSize: 18 }} />
          </ToggleButton>
        </Tooltip>
      </ToggleButtonGroup>
    </Box>
  );
}
