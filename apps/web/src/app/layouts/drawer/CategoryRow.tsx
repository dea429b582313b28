import { Box, ListItemButton, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { ColorDot } from '../../../components/ui/ColorDot.tsx';
import { CountBadges } from './CountBadges.tsx';
import type { DrawerRow } from './drawer-model.ts';
import { drawerItemSx } from './drawer-styles.ts';

export function CategoryRow({
  row,
  selected,
  onNavigate,
}: {
  row: Extract<DrawerRow, { kind: 'category' }>;
  selected: boolean;
  onNavigate?: (() => void) | undefined;
}) {
  const { entry } = row;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', height: '100%', pr: 1, pl: '54px' }}>
      <ListItemButton
        component={RouterLink}
        to={entry.to}
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        onClick={onNavigate}
        sx={{ ...drawerItemSx, flex: 1, minWidth: 0, gap: 1.25 }}
        data-testid="drawer-category"
      >
        <Box sx={{ width: 20, display: 'flex', justifyContent: 'center', flexShrink: 0 }}>
          <ColorDot color={entry.color} size={10} />
        </Box>
        <Typography
          className="drawer-item-label"
          variant="body2"
          noWrap
          title={entry.name}
          sx={{ flex: 1, fontStyle: entry.kind === 'uncategorized' ? 'italic' : undefined }}
        >
          {entry.name}
        </Typography>
        <CountBadges unread={entry.unread} total={entry.total} hideZeroTotal />
      </ListItemButton>
    </Box>
  );
}
